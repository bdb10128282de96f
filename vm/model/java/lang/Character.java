package java.lang;

/** Characters; classification is exact for Latin-1 and approximate beyond it. */
public final class Character implements java.io.Serializable, Comparable<Character> {
    public static final int MIN_RADIX = 2;
    public static final int MAX_RADIX = 36;
    public static final char MIN_VALUE = '\u0000';
    public static final char MAX_VALUE = '\uFFFF';
    public static final char MIN_HIGH_SURROGATE = '\uD800';
    public static final char MAX_HIGH_SURROGATE = '\uDBFF';
    public static final char MIN_LOW_SURROGATE = '\uDC00';
    public static final char MAX_LOW_SURROGATE = '\uDFFF';
    public static final char MIN_SURROGATE = MIN_HIGH_SURROGATE;
    public static final char MAX_SURROGATE = MAX_LOW_SURROGATE;
    public static final int MIN_SUPPLEMENTARY_CODE_POINT = 0x010000;
    public static final int MIN_CODE_POINT = 0x000000;
    public static final int MAX_CODE_POINT = 0X10FFFF;
    public static final int SIZE = 16;
    public static final int BYTES = 2;
    @SuppressWarnings("unchecked")
    public static final Class<Character> TYPE = (Class<Character>) Class.getPrimitiveClass("char");

    private final char value;

    @Deprecated
    public Character(char value) { this.value = value; }

    private static final class CharacterCache {
        static final Character[] cache;

        static {
            Character[] c = new Character[128];
            for (int i = 0; i < c.length; i++) c[i] = new Character((char) i);
            cache = c;
            jdk.internal.porcheck.VM.constant(c);
        }
    }

    public static Character valueOf(char c) {
        if (c <= 127) return CharacterCache.cache[(int) c];
        return new Character(c);
    }

    public char charValue() { return value; }

    public int hashCode() { return (int) value; }

    public static int hashCode(char value) { return (int) value; }

    public boolean equals(Object obj) {
        if (obj instanceof Character) return value == ((Character) obj).charValue();
        return false;
    }

    public String toString() { return String.valueOf(value); }

    public static String toString(char c) { return String.valueOf(c); }

    public static String toString(int codePoint) { return new String(toChars(codePoint)); }

    public static boolean isValidCodePoint(int codePoint) { return codePoint >= 0 && codePoint <= MAX_CODE_POINT; }

    public static boolean isBmpCodePoint(int codePoint) { return codePoint >>> 16 == 0; }

    public static boolean isSupplementaryCodePoint(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT && codePoint < MAX_CODE_POINT + 1;
    }

    public static boolean isHighSurrogate(char ch) { return ch >= MIN_HIGH_SURROGATE && ch < (MAX_HIGH_SURROGATE + 1); }

    public static boolean isLowSurrogate(char ch) { return ch >= MIN_LOW_SURROGATE && ch < (MAX_LOW_SURROGATE + 1); }

    public static boolean isSurrogate(char ch) { return ch >= MIN_SURROGATE && ch < (MAX_SURROGATE + 1); }

    public static int charCount(int codePoint) { return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1; }

    public static int toCodePoint(char high, char low) {
        return ((high << 10) + low) + (MIN_SUPPLEMENTARY_CODE_POINT - (MIN_HIGH_SURROGATE << 10) - MIN_LOW_SURROGATE);
    }

    public static char highSurrogate(int codePoint) {
        return (char) ((codePoint >>> 10) + (MIN_HIGH_SURROGATE - (MIN_SUPPLEMENTARY_CODE_POINT >>> 10)));
    }

    public static char lowSurrogate(int codePoint) { return (char) ((codePoint & 0x3ff) + MIN_LOW_SURROGATE); }

    public static char[] toChars(int codePoint) {
        if (isBmpCodePoint(codePoint)) return new char[] {(char) codePoint};
        if (isValidCodePoint(codePoint)) return new char[] {highSurrogate(codePoint), lowSurrogate(codePoint)};
        throw new IllegalArgumentException("Not a valid Unicode code point: 0x" + Integer.toHexString(codePoint).toUpperCase());
    }

    public static boolean isLowerCase(char ch) { return isLowerCase((int) ch); }

    public static boolean isLowerCase(int ch) {
        return (ch >= 'a' && ch <= 'z') || ch == 0xaa || ch == 0xb5 || ch == 0xba || (ch >= 0xdf && ch <= 0xff && ch != 0xf7);
    }

    public static boolean isUpperCase(char ch) { return isUpperCase((int) ch); }

    public static boolean isUpperCase(int ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 0xc0 && ch <= 0xde && ch != 0xd7); }

    public static boolean isDigit(char ch) { return isDigit((int) ch); }

    public static boolean isDigit(int ch) { return ch >= '0' && ch <= '9'; }

    public static boolean isLetter(char ch) { return isLetter((int) ch); }

    public static boolean isLetter(int ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == 0xaa || ch == 0xb5 || ch == 0xba
                || (ch >= 0xc0 && ch <= 0xff && ch != 0xd7 && ch != 0xf7) || (ch > 0xff && ch < 0x2000);
    }

    public static boolean isLetterOrDigit(char ch) { return isLetterOrDigit((int) ch); }

    public static boolean isLetterOrDigit(int ch) { return isLetter(ch) || isDigit(ch); }

    public static boolean isAlphabetic(int ch) { return isLetter(ch); }

    public static boolean isJavaIdentifierStart(char ch) { return isLetter(ch) || ch == '$' || ch == '_'; }

    public static boolean isJavaIdentifierPart(char ch) { return isLetterOrDigit(ch) || ch == '$' || ch == '_'; }

    public static boolean isWhitespace(char ch) { return isWhitespace((int) ch); }

    public static boolean isWhitespace(int ch) {
        return (ch >= 0x09 && ch <= 0x0d) || (ch >= 0x1c && ch <= 0x20) || ch == 0x1680
                || (ch >= 0x2000 && ch <= 0x2006) || (ch >= 0x2008 && ch <= 0x200a) || ch == 0x2028 || ch == 0x2029
                || ch == 0x205f || ch == 0x3000;
    }

    public static boolean isSpaceChar(char ch) { return ch == ' ' || ch == 0xa0 || ch == 0x1680 || (ch >= 0x2000 && ch <= 0x200a); }

    public static boolean isISOControl(char ch) { return ch <= 0x1f || (ch >= 0x7f && ch <= 0x9f); }

    public static char toLowerCase(char ch) { return (char) toLowerCase((int) ch); }

    public static int toLowerCase(int ch) {
        if ((ch >= 'A' && ch <= 'Z') || (ch >= 0xc0 && ch <= 0xde && ch != 0xd7)) return ch + 32;
        return ch;
    }

    public static char toUpperCase(char ch) { return (char) toUpperCase((int) ch); }

    public static int toUpperCase(int ch) {
        if ((ch >= 'a' && ch <= 'z') || (ch >= 0xe0 && ch <= 0xfe && ch != 0xf7)) return ch - 32;
        if (ch == 0xb5) return 0x39c;
        if (ch == 0xff) return 0x178;
        return ch;
    }

    public static char toTitleCase(char ch) { return toUpperCase(ch); }

    public static int digit(char ch, int radix) { return digit((int) ch, radix); }

    public static int digit(int ch, int radix) {
        int v = -1;
        if (ch >= '0' && ch <= '9') v = ch - '0';
        else if (ch >= 'a' && ch <= 'z') v = ch - 'a' + 10;
        else if (ch >= 'A' && ch <= 'Z') v = ch - 'A' + 10;
        return (radix >= MIN_RADIX && radix <= MAX_RADIX && v < radix) ? v : -1;
    }

    public static int getNumericValue(char ch) {
        int v = digit(ch, 36);
        return v;
    }

    public static char forDigit(int digit, int radix) {
        if ((digit >= radix) || (digit < 0)) return '\0';
        if ((radix < MIN_RADIX) || (radix > MAX_RADIX)) return '\0';
        if (digit < 10) return (char) ('0' + digit);
        return (char) ('a' - 10 + digit);
    }

    public int compareTo(Character anotherCharacter) { return compare(this.value, anotherCharacter.value); }

    public static int compare(char x, char y) { return x - y; }

    public static char reverseBytes(char ch) { return (char) (((ch & 0xFF00) >> 8) | (ch << 8)); }
}
