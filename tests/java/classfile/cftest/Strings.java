package cftest;

/** String constants with escapes and non-ASCII text, and string concatenation. */
public class Strings {
    static final String ESCAPES = "tab\there \"quoted\" back\\slash\nnewline\rreturn\b\f";
    static final String CONTROL = "nul\0soh\u0001del\u007f";
    static final String UNICODE = "caf\u00e9 \u4e2d\u6587 \ud83d\ude00 end";
    static final String LONELY = "\ud800 lone surrogate";
    static final String EMPTY = "";
    static final String QUOTES = "it's \u0085 \u00a0 trailing  ";
    static final String SPACES = "   ";

    String concat(int i, long l, char c, double d, Object o, String s, boolean z, float f) {
        return "i=" + i + " l=" + l + " c=" + c + " d=" + d + " o=" + o + " s=" + s + " z=" + z
            + " f=" + f + "\u0001" + ESCAPES + QUOTES + SPACES;
    }

    String builder(String[] parts) {
        StringBuilder sb = new StringBuilder();
        for (String p : parts) sb.append(p).append(',');
        return sb.toString();
    }

    char charAt(String s) {
        return s.isEmpty() ? '\u00e9' : s.charAt(0);
    }
}
