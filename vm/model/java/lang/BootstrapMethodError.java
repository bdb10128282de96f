package java.lang;

public class BootstrapMethodError extends LinkageError {
    public BootstrapMethodError() { super(); }

    public BootstrapMethodError(String message) { super(message); }
}
