package java.lang;

public class RuntimeException extends Exception {
    public RuntimeException() { super(); }

    public RuntimeException(String message) { super(message); }

    public RuntimeException(String message, Throwable cause) { super(message, cause); }

    public RuntimeException(Throwable cause) { super(cause); }

    protected RuntimeException(String message, Throwable cause, boolean enableSuppression, boolean writableStackTrace) {
        super(message, cause, enableSuppression, writableStackTrace);
    }
}
