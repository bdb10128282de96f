package java.lang;

/** The growable character buffer behind StringBuilder and StringBuffer. */
abstract class AbstractStringBuilder implements Appendable, CharSequence {
    char[] value;
    int count;

    AbstractStringBuilder(int capacity) {
        if (capacity < 0) throw new NegativeArraySizeException(Integer.toString(capacity));
        value = new char[capacity];
    }

    public int length() { return count; }

    public int capacity() { return value.length; }

    void ensure(int minimum) {
        if (minimum > value.length) {
            int n = value.length * 2 + 2;
            if (n < minimum) n = minimum;
            char[] v = new char[n];
            System.arraycopy(value, 0, v, 0, count);
            value = v;
        }
    }

    public void ensureCapacity(int minimumCapacity) { ensure(minimumCapacity); }

    public void trimToSize() {}

    public void setLength(int newLength) {
        if (newLength < 0) throw new StringIndexOutOfBoundsException(newLength);
        ensure(newLength);
        for (int i = count; i < newLength; i++) value[i] = '\0';
        count = newLength;
    }

    public char charAt(int index) {
        if (index < 0 || index >= count) throw new StringIndexOutOfBoundsException("index " + index + ", length " + count);
        return value[index];
    }

    public int codePointAt(int index) { return toString().codePointAt(index); }

    public void setCharAt(int index, char ch) {
        if (index < 0 || index >= count) throw new StringIndexOutOfBoundsException("index " + index + ", length " + count);
        value[index] = ch;
    }

    AbstractStringBuilder appendChars(char[] str, int offset, int len) {
        ensure(count + len);
        System.arraycopy(str, offset, value, count, len);
        count += len;
        return this;
    }

    AbstractStringBuilder appendString(String str) {
        if (str == null) str = "null";
        int len = str.length();
        ensure(count + len);
        str.getChars(0, len, value, count);
        count += len;
        return this;
    }

    public AbstractStringBuilder append(Object obj) { return appendString(String.valueOf(obj)); }

    public AbstractStringBuilder append(String str) { return appendString(str); }

    public AbstractStringBuilder append(StringBuffer sb) { return appendString(sb == null ? null : sb.toString()); }

    public AbstractStringBuilder append(CharSequence s) {
        if (s == null) return appendString("null");
        if (s instanceof String) return appendString((String) s);
        return append(s, 0, s.length());
    }

    public AbstractStringBuilder append(CharSequence s, int start, int end) {
        if (s == null) s = "null";
        if (start < 0 || start > end || end > s.length())
            throw new IndexOutOfBoundsException("start " + start + ", end " + end + ", length " + s.length());
        ensure(count + end - start);
        for (int i = start; i < end; i++) value[count++] = s.charAt(i);
        return this;
    }

    public AbstractStringBuilder append(char[] str) { return appendChars(str, 0, str.length); }

    public AbstractStringBuilder append(char[] str, int offset, int len) { return appendChars(str, offset, len); }

    public AbstractStringBuilder append(boolean b) { return appendString(b ? "true" : "false"); }

    public AbstractStringBuilder append(char c) {
        ensure(count + 1);
        value[count++] = c;
        return this;
    }

    public AbstractStringBuilder append(int i) {
        if (i >= 0 && i < 10) return append((char) ('0' + i));
        return appendString(Integer.toString(i));
    }

    public AbstractStringBuilder append(long l) { return appendString(Long.toString(l)); }

    public AbstractStringBuilder append(float f) { return appendString(Float.toString(f)); }

    public AbstractStringBuilder append(double d) { return appendString(Double.toString(d)); }

    public AbstractStringBuilder appendCodePoint(int codePoint) {
        if (Character.isBmpCodePoint(codePoint)) return append((char) codePoint);
        return append(Character.toChars(codePoint));
    }

    public AbstractStringBuilder delete(int start, int end) {
        if (end > count) end = count;
        if (start < 0 || start > end) throw new StringIndexOutOfBoundsException("start " + start + ", end " + end + ", length " + count);
        int len = end - start;
        if (len > 0) {
            System.arraycopy(value, start + len, value, start, count - end);
            count -= len;
        }
        return this;
    }

    public AbstractStringBuilder deleteCharAt(int index) {
        if (index < 0 || index >= count) throw new StringIndexOutOfBoundsException("index " + index + ", length " + count);
        System.arraycopy(value, index + 1, value, index, count - index - 1);
        count--;
        return this;
    }

    public AbstractStringBuilder replace(int start, int end, String str) {
        if (start < 0 || start > count || start > end)
            throw new StringIndexOutOfBoundsException("start " + start + ", end " + end + ", length " + count);
        if (end > count) end = count;
        int len = str.length(), newCount = count + len - (end - start);
        ensure(newCount);
        System.arraycopy(value, end, value, start + len, count - end);
        str.getChars(0, len, value, start);
        count = newCount;
        return this;
    }

    public String substring(int start) { return substring(start, count); }

    public CharSequence subSequence(int start, int end) { return substring(start, end); }

    public String substring(int start, int end) {
        String.checkBoundsBeginEnd(start, end, count);
        return new String(value, start, end - start);
    }

    public AbstractStringBuilder insert(int offset, String str) {
        if (offset < 0 || offset > count) throw new StringIndexOutOfBoundsException("offset " + offset + ", length " + count);
        if (str == null) str = "null";
        int len = str.length();
        ensure(count + len);
        System.arraycopy(value, offset, value, offset + len, count - offset);
        str.getChars(0, len, value, offset);
        count += len;
        return this;
    }

    public AbstractStringBuilder insert(int offset, char[] str) { return insert(offset, String.valueOf(str)); }

    /** Inserts [len] chars of [str] from [strOffset] at [index]. */
    public AbstractStringBuilder insert(int index, char[] str, int strOffset, int len) {
        if (index < 0 || index > count) throw new StringIndexOutOfBoundsException("offset " + index + ", length " + count);
        if (strOffset < 0 || len < 0 || strOffset > str.length - len)
            throw new StringIndexOutOfBoundsException(
                    "start " + strOffset + ", end " + (strOffset + len) + ", length " + str.length);
        return insert(index, new String(str, strOffset, len));
    }

    /** Inserts chars [start, end) of [s] ("null" when null) at [dstOffset]. */
    public AbstractStringBuilder insert(int dstOffset, CharSequence s, int start, int end) {
        if (s == null) s = "null";
        if (dstOffset < 0 || dstOffset > count)
            throw new StringIndexOutOfBoundsException("offset " + dstOffset + ", length " + count);
        if (start < 0 || start > end || end > s.length())
            throw new IndexOutOfBoundsException("start " + start + ", end " + end + ", length " + s.length());
        return insert(dstOffset, s.subSequence(start, end).toString());
    }

    public AbstractStringBuilder insert(int offset, Object obj) { return insert(offset, String.valueOf(obj)); }

    public AbstractStringBuilder insert(int offset, CharSequence s) { return insert(offset, String.valueOf(s)); }

    public AbstractStringBuilder insert(int offset, boolean b) { return insert(offset, String.valueOf(b)); }

    public AbstractStringBuilder insert(int offset, char c) { return insert(offset, String.valueOf(c)); }

    public AbstractStringBuilder insert(int offset, int i) { return insert(offset, String.valueOf(i)); }

    public AbstractStringBuilder insert(int offset, long l) { return insert(offset, String.valueOf(l)); }

    public AbstractStringBuilder insert(int offset, float f) { return insert(offset, String.valueOf(f)); }

    public AbstractStringBuilder insert(int offset, double d) { return insert(offset, String.valueOf(d)); }

    public int indexOf(String str) { return toString().indexOf(str); }

    public int indexOf(String str, int fromIndex) { return toString().indexOf(str, fromIndex); }

    public int lastIndexOf(String str) { return toString().lastIndexOf(str); }

    public int lastIndexOf(String str, int fromIndex) { return toString().lastIndexOf(str, fromIndex); }

    public AbstractStringBuilder reverse() {
        int n = count - 1;
        for (int j = (n - 1) >> 1; j >= 0; j--) {
            int k = n - j;
            char cj = value[j];
            value[j] = value[k];
            value[k] = cj;
        }
        for (int i = 0; i < n; i++) {
            char c2 = value[i];
            if (Character.isLowSurrogate(c2) && Character.isHighSurrogate(value[i + 1])) {
                value[i] = value[i + 1];
                value[i + 1] = c2;
                i++;
            }
        }
        return this;
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        String.checkBoundsBeginEnd(srcBegin, srcEnd, count);
        System.arraycopy(value, srcBegin, dst, dstBegin, srcEnd - srcBegin);
    }

    public int compareTo(AbstractStringBuilder another) { return toString().compareTo(another.toString()); }

    public abstract String toString();
}
