package java.util;

public class IllegalFormatConversionException extends IllegalFormatException {
    private final char c;
    private final Class<?> arg;

    public IllegalFormatConversionException(char c, Class<?> arg) {
        super(c + " != " + arg.getName());
        this.c = c;
        this.arg = arg;
    }

    public char getConversion() { return c; }

    public Class<?> getArgumentClass() { return arg; }
}
