package java.lang;

public class ClassNotFoundException extends ReflectiveOperationException {
    public ClassNotFoundException() { super(); }

    public ClassNotFoundException(String message) { super(message); }
}
