package java.util;

/** The message is "Format specifier '" + the specifier + "'", as the JDK's. */
public class MissingFormatArgumentException extends IllegalFormatException {
    private final String s;

    public MissingFormatArgumentException(String s) {
        super("Format specifier '" + s + "'");
        this.s = s;
    }

    public String getFormatSpecifier() { return s; }
}
