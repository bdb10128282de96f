package java.lang;

public class ClassNotFoundException extends ReflectiveOperationException {
    public ClassNotFoundException() { super(); }

    public ClassNotFoundException(String message) { super(message); }

    public ClassNotFoundException(String message, Throwable cause) { super(message, cause); }

    /** The exception raised while loading the class: the cause. */
    public Throwable getException() { return getCause(); }
}
