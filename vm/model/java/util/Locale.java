package java.util;

/** Only the root and English locales; formatting is locale-independent in the model. */
public final class Locale implements java.io.Serializable {
    public static final Locale ROOT = new Locale("");
    public static final Locale ENGLISH = new Locale("en");
    public static final Locale US = new Locale("en");

    private final String language;

    public Locale(String language) { this.language = language; }

    public static Locale getDefault() { return US; }

    public String getLanguage() { return language; }

    public String toString() { return language; }
}
