package java.lang.invoke;

/** Thrown when a VarHandle access mode is invoked with a type the handle cannot be adapted to. */
public class WrongMethodTypeException extends RuntimeException {
    private static final long serialVersionUID = 292L;

    public WrongMethodTypeException() {}

    public WrongMethodTypeException(String s) { super(s); }
}
