package java.lang;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Formatter;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.StringJoiner;

/** An immutable UTF-16 string; hashCode and equals as the JDK defines them. */
public final class String implements java.io.Serializable, Comparable<String>, CharSequence {
    private final char[] value;
    private int hash;

    public static final Comparator<String> CASE_INSENSITIVE_ORDER = new Comparator<String>() {
        public int compare(String s1, String s2) { return s1.compareToIgnoreCase(s2); }
    };

    public String() { value = new char[0]; }

    public String(String original) {
        value = original.value;
        hash = original.hash;
    }

    public String(char[] value) { this.value = value.clone(); }

    /** Chars [from, to) of [v], bounds checked by the caller: a System.arraycopy, as
     * Arrays.copyOfRange does it, without loading Arrays and Math for every program that
     * builds a string (a thread's name does). */
    private static char[] range(char[] v, int from, int to) {
        char[] copy = new char[to - from];
        System.arraycopy(v, from, copy, 0, to - from);
        return copy;
    }

    public String(char[] value, int offset, int count) {
        checkBoundsOffCount(offset, count, value.length);
        this.value = range(value, offset, offset + count);
    }

    public String(int[] codePoints, int offset, int count) {
        checkBoundsOffCount(offset, count, codePoints.length);
        StringBuilder sb = new StringBuilder(count);
        for (int i = offset; i < offset + count; i++) sb.appendCodePoint(codePoints[i]);
        this.value = sb.toString().value;
    }

    public String(byte[] bytes) { this(bytes, 0, bytes.length); }

    public String(byte[] bytes, int offset, int length) {
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = decodeUtf8(bytes, offset, length);
    }

    public String(StringBuilder builder) { this.value = builder.toString().value; }

    public String(StringBuffer buffer) { this.value = buffer.toString().value; }

    /** Shares [value] without copying; only for the model library. */
    String(char[] value, boolean share) { this.value = value; }

    static void checkBoundsOffCount(int offset, int count, int length) {
        if (offset < 0 || count < 0 || offset > length - count)
            throw new StringIndexOutOfBoundsException("offset " + offset + ", count " + count + ", length " + length);
    }

    private static char[] decodeUtf8(byte[] b, int off, int len) {
        StringBuilder sb = new StringBuilder(len);
        int i = off, end = off + len;
        while (i < end) {
            int c = b[i++] & 0xff;
            if (c < 0x80) {
                sb.append((char) c);
            } else if ((c >> 5) == 6 && i < end) {
                sb.append((char) (((c & 0x1f) << 6) | (b[i++] & 0x3f)));
            } else if ((c >> 4) == 14 && i + 1 < end) {
                sb.append((char) (((c & 0x0f) << 12) | ((b[i] & 0x3f) << 6) | (b[i + 1] & 0x3f)));
                i += 2;
            } else if ((c >> 3) == 30 && i + 2 < end) {
                int cp = ((c & 0x07) << 18) | ((b[i] & 0x3f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f);
                sb.appendCodePoint(cp);
                i += 3;
            } else {
                sb.append('\ufffd');
            }
        }
        return sb.toString().value;
    }

    public int length() { return value.length; }

    public boolean isEmpty() { return value.length == 0; }

    public char charAt(int index) {
        if (index < 0 || index >= value.length) throw new StringIndexOutOfBoundsException(index);
        return value[index];
    }

    public int codePointAt(int index) {
        char c = charAt(index);
        if (Character.isHighSurrogate(c) && index + 1 < value.length && Character.isLowSurrogate(value[index + 1]))
            return Character.toCodePoint(c, value[index + 1]);
        return c;
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkBoundsBeginEnd(srcBegin, srcEnd, value.length);
        System.arraycopy(value, srcBegin, dst, dstBegin, srcEnd - srcBegin);
    }

    public byte[] getBytes() {
        int n = 0;
        for (int i = 0; i < value.length; i++) {
            char c = value[i];
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
        }
        byte[] out = new byte[n];
        int k = 0;
        for (int i = 0; i < value.length; i++) {
            char c = value[i];
            if (c < 0x80) {
                out[k++] = (byte) c;
            } else if (c < 0x800) {
                out[k++] = (byte) (0xc0 | (c >> 6));
                out[k++] = (byte) (0x80 | (c & 0x3f));
            } else {
                out[k++] = (byte) (0xe0 | (c >> 12));
                out[k++] = (byte) (0x80 | ((c >> 6) & 0x3f));
                out[k++] = (byte) (0x80 | (c & 0x3f));
            }
        }
        return out;
    }

    public boolean equals(Object anObject) {
        if (this == anObject) return true;
        if (!(anObject instanceof String)) return false;
        char[] a = value, b = ((String) anObject).value;
        int n = a.length;
        if (n != b.length) return false;
        for (int i = 0; i < n; i++)
            if (a[i] != b[i]) return false;
        return true;
    }

    public boolean contentEquals(StringBuffer sb) { return contentEquals((CharSequence) sb); }

    /** Compares a StringBuffer under its monitor, as the JDK does, so that the comparison sees
     * one state of it. */
    public boolean contentEquals(CharSequence cs) {
        if (cs instanceof StringBuffer) {
            synchronized (cs) {
                return sameChars(cs);
            }
        }
        return sameChars(cs);
    }

    private boolean sameChars(CharSequence cs) {
        if (cs.length() != value.length) return false;
        for (int i = 0; i < value.length; i++)
            if (value[i] != cs.charAt(i)) return false;
        return true;
    }

    public boolean equalsIgnoreCase(String anotherString) {
        return this == anotherString || (anotherString != null && anotherString.value.length == value.length
                && regionMatches(true, 0, anotherString, 0, value.length));
    }

    public int compareTo(String anotherString) {
        char[] a = value, b = anotherString.value;
        int lim = Math.min(a.length, b.length);
        for (int k = 0; k < lim; k++) {
            if (a[k] != b[k]) return a[k] - b[k];
        }
        return a.length - b.length;
    }

    public int compareToIgnoreCase(String str) {
        int n1 = value.length, n2 = str.value.length;
        for (int i = 0, m = Math.min(n1, n2); i < m; i++) {
            char c1 = value[i], c2 = str.value[i];
            if (c1 != c2) {
                c1 = Character.toLowerCase(Character.toUpperCase(c1));
                c2 = Character.toLowerCase(Character.toUpperCase(c2));
                if (c1 != c2) return c1 - c2;
            }
        }
        return n1 - n2;
    }

    public boolean regionMatches(int toffset, String other, int ooffset, int len) {
        return regionMatches(false, toffset, other, ooffset, len);
    }

    public boolean regionMatches(boolean ignoreCase, int toffset, String other, int ooffset, int len) {
        if (ooffset < 0 || toffset < 0 || toffset > (long) value.length - len || ooffset > (long) other.value.length - len)
            return false;
        while (len-- > 0) {
            char c1 = value[toffset++], c2 = other.value[ooffset++];
            if (c1 == c2) continue;
            if (ignoreCase) {
                char u1 = Character.toUpperCase(c1), u2 = Character.toUpperCase(c2);
                if (u1 == u2 || Character.toLowerCase(u1) == Character.toLowerCase(u2)) continue;
            }
            return false;
        }
        return true;
    }

    public boolean startsWith(String prefix, int toffset) {
        if (toffset < 0 || toffset > value.length - prefix.value.length) return false;
        for (int i = 0; i < prefix.value.length; i++)
            if (value[toffset + i] != prefix.value[i]) return false;
        return true;
    }

    public boolean startsWith(String prefix) { return startsWith(prefix, 0); }

    public boolean endsWith(String suffix) { return startsWith(suffix, value.length - suffix.value.length); }

    public int hashCode() {
        int h = hash;
        if (h == 0 && value.length > 0) {
            char[] v = value;
            for (int i = 0; i < v.length; i++) h = 31 * h + v[i];
            hash = h;
        }
        return h;
    }

    public int indexOf(int ch) { return indexOf(ch, 0); }

    public int indexOf(int ch, int fromIndex) {
        if (fromIndex < 0) fromIndex = 0;
        if (ch >= Character.MIN_SUPPLEMENTARY_CODE_POINT) return indexOf(new String(Character.toChars(ch)), fromIndex);
        for (int i = fromIndex; i < value.length; i++)
            if (value[i] == ch) return i;
        return -1;
    }

    public int lastIndexOf(int ch) { return lastIndexOf(ch, value.length - 1); }

    public int lastIndexOf(int ch, int fromIndex) {
        for (int i = Math.min(fromIndex, value.length - 1); i >= 0; i--)
            if (value[i] == ch) return i;
        return -1;
    }

    public int indexOf(String str) { return indexOf(str, 0); }

    public int indexOf(String str, int fromIndex) {
        int n = value.length, m = str.value.length;
        if (fromIndex < 0) fromIndex = 0;
        if (fromIndex >= n) return m == 0 ? n : -1;
        for (int i = fromIndex; i <= n - m; i++)
            if (startsWith(str, i)) return i;
        return -1;
    }

    public int lastIndexOf(String str) { return lastIndexOf(str, value.length); }

    public int lastIndexOf(String str, int fromIndex) {
        int start = Math.min(fromIndex, value.length - str.value.length);
        for (int i = start; i >= 0; i--)
            if (startsWith(str, i)) return i;
        return -1;
    }

    static void checkBoundsBeginEnd(int begin, int end, int length) {
        if (begin < 0 || begin > end || end > length)
            throw new StringIndexOutOfBoundsException("begin " + begin + ", end " + end + ", length " + length);
    }

    public String substring(int beginIndex) { return substring(beginIndex, value.length); }

    public String substring(int beginIndex, int endIndex) {
        checkBoundsBeginEnd(beginIndex, endIndex, value.length);
        if (beginIndex == 0 && endIndex == value.length) return this;
        return new String(range(value, beginIndex, endIndex), true);
    }

    public CharSequence subSequence(int beginIndex, int endIndex) { return substring(beginIndex, endIndex); }

    public String concat(String str) {
        if (str.isEmpty()) return this;
        char[] v = new char[value.length + str.value.length];
        System.arraycopy(value, 0, v, 0, value.length);
        System.arraycopy(str.value, 0, v, value.length, str.value.length);
        return new String(v, true);
    }

    public String replace(char oldChar, char newChar) {
        if (oldChar == newChar || indexOf(oldChar) < 0) return this;
        char[] v = value.clone();
        for (int i = 0; i < v.length; i++)
            if (v[i] == oldChar) v[i] = newChar;
        return new String(v, true);
    }

    public String replace(CharSequence target, CharSequence replacement) {
        String t = target.toString(), r = replacement.toString();
        int j = indexOf(t);
        if (j < 0) return this;
        StringBuilder sb = new StringBuilder();
        int i = 0;
        if (t.isEmpty()) {
            for (int k = 0; k < value.length; k++) sb.append(r).append(value[k]);
            return sb.append(r).toString();
        }
        while (j >= 0) {
            sb.append(value, i, j - i).append(r);
            i = j + t.length();
            j = indexOf(t, i);
        }
        return sb.append(value, i, value.length - i).toString();
    }

    public boolean contains(CharSequence s) { return indexOf(s.toString()) >= 0; }

    public boolean matches(String regex) { return jdk.internal.porcheck.Regex.matches(regex, this); }

    public String replaceAll(String regex, String replacement) {
        return jdk.internal.porcheck.Regex.replaceAll(regex, this, replacement);
    }

    public String[] split(String regex) { return split(regex, 0); }

    public String[] split(String regex, int limit) {
        List<String> parts = jdk.internal.porcheck.Regex.split(regex, this, limit);
        return parts.toArray(new String[0]);
    }

    public static String join(CharSequence delimiter, CharSequence... elements) {
        StringJoiner joiner = new StringJoiner(delimiter);
        for (CharSequence cs : elements) joiner.add(cs);
        return joiner.toString();
    }

    public static String join(CharSequence delimiter, Iterable<? extends CharSequence> elements) {
        StringJoiner joiner = new StringJoiner(delimiter);
        for (CharSequence cs : elements) joiner.add(cs);
        return joiner.toString();
    }

    public String toLowerCase() {
        char[] v = value.clone();
        for (int i = 0; i < v.length; i++) v[i] = Character.toLowerCase(v[i]);
        return new String(v, true);
    }

    public String toLowerCase(Locale locale) { return toLowerCase(); }

    public String toUpperCase() {
        if (indexOf('\u00df') >= 0) return replace("\u00df", "SS").toUpperCase();
        char[] v = value.clone();
        for (int i = 0; i < v.length; i++) v[i] = Character.toUpperCase(v[i]);
        return new String(v, true);
    }

    public String toUpperCase(Locale locale) { return toUpperCase(); }

    public String trim() {
        int len = value.length, st = 0;
        while (st < len && value[st] <= ' ') st++;
        while (st < len && value[len - 1] <= ' ') len--;
        return (st > 0 || len < value.length) ? substring(st, len) : this;
    }

    public String strip() {
        int len = value.length, st = 0;
        while (st < len && Character.isWhitespace(value[st])) st++;
        while (st < len && Character.isWhitespace(value[len - 1])) len--;
        return substring(st, len);
    }

    public String stripLeading() {
        int st = 0;
        while (st < value.length && Character.isWhitespace(value[st])) st++;
        return substring(st);
    }

    public String stripTrailing() {
        int len = value.length;
        while (len > 0 && Character.isWhitespace(value[len - 1])) len--;
        return substring(0, len);
    }

    public boolean isBlank() {
        for (char c : value)
            if (!Character.isWhitespace(c)) return false;
        return true;
    }

    public String repeat(int count) {
        if (count < 0) throw new IllegalArgumentException("count is negative: " + count);
        if (count == 1) return this;
        char[] v = new char[value.length * count];
        for (int i = 0; i < count; i++) System.arraycopy(value, 0, v, i * value.length, value.length);
        return new String(v, true);
    }

    public String toString() { return this; }

    public char[] toCharArray() { return value.clone(); }

    public static String format(String format, Object... args) { return new Formatter().format(format, args).toString(); }

    public static String format(Locale l, String format, Object... args) { return format(format, args); }

    public String formatted(Object... args) { return format(this, args); }

    public static String valueOf(Object obj) { return (obj == null) ? "null" : obj.toString(); }

    public static String valueOf(char[] data) { return new String(data); }

    public static String valueOf(char[] data, int offset, int count) { return new String(data, offset, count); }

    public static String copyValueOf(char[] data) { return new String(data); }

    public static String copyValueOf(char[] data, int offset, int count) { return new String(data, offset, count); }

    public <R> R transform(java.util.function.Function<? super String, ? extends R> f) { return f.apply(this); }

    public static String valueOf(boolean b) { return b ? "true" : "false"; }

    public static String valueOf(char c) { return new String(new char[] {c}, true); }

    public static String valueOf(int i) { return Integer.toString(i); }

    public static String valueOf(long l) { return Long.toString(l); }

    public static String valueOf(float f) { return Float.toString(f); }

    public static String valueOf(double d) { return Double.toString(d); }

    public native String intern();

    public int codePointCount(int beginIndex, int endIndex) {
        int n = 0;
        for (int i = beginIndex; i < endIndex; i++, n++)
            if (Character.isHighSurrogate(value[i]) && i + 1 < endIndex && Character.isLowSurrogate(value[i + 1])) i++;
        return n;
    }
}
