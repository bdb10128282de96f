package java.util;

/** A subset of java.util.Formatter: %s %S %d %x %X %o %c %b %f %e %n %% with argument indices,
 * flags - 0 + , space #, width and precision. %f rounds half up on the shortest decimal
 * digits of the value, as the JDK does. */
public final class Formatter {
    private final StringBuilder out = new StringBuilder();

    public Formatter() {}

    public Formatter(StringBuilder sb) {}

    public String toString() { return out.toString(); }

    public Formatter format(String format, Object... args) {
        int ordinary = 0, i = 0, n = format.length();
        while (i < n) {
            char c = format.charAt(i);
            if (c != '%') {
                out.append(c);
                i++;
                continue;
            }
            int start = i++;
            int argIndex = -1;
            int j = i;
            while (j < n && Character.isDigit(format.charAt(j))) j++;
            if (j < n && j > i && format.charAt(j) == '$') {
                argIndex = Integer.parseInt(format.substring(i, j)) - 1;
                i = j + 1;
            }
            String flags = "";
            while (i < n && "-#+ 0,(".indexOf(format.charAt(i)) >= 0) flags += format.charAt(i++);
            int width = -1, precision = -1;
            j = i;
            while (j < n && Character.isDigit(format.charAt(j))) j++;
            if (j > i) width = Integer.parseInt(format.substring(i, j));
            i = j;
            if (i < n && format.charAt(i) == '.') {
                j = ++i;
                while (j < n && Character.isDigit(format.charAt(j))) j++;
                precision = Integer.parseInt(format.substring(i, j));
                i = j;
            }
            if (i >= n) throw new UnknownFormatConversionException("%");
            char conv = format.charAt(i++);
            if (conv == 'n') {
                out.append('\n');
                continue;
            }
            if (conv == '%') {
                pad("%", flags, width);
                continue;
            }
            int k = argIndex >= 0 ? argIndex : ordinary++;
            if (args == null || k >= args.length)
                throw new MissingFormatArgumentException(format.substring(start, i));
            pad(convert(conv, args[k], flags, precision), flags, width);
        }
        return this;
    }

    private void pad(String s, String flags, int width) {
        if (width <= s.length()) {
            out.append(s);
            return;
        }
        int fill = width - s.length();
        if (flags.indexOf('-') >= 0) {
            out.append(s);
            for (int i = 0; i < fill; i++) out.append(' ');
        } else if (flags.indexOf('0') >= 0) {
            int sign = s.startsWith("-") || s.startsWith("+") ? 1 : 0;
            out.append(s, 0, sign);
            for (int i = 0; i < fill; i++) out.append('0');
            out.append(s, sign, s.length());
        } else {
            for (int i = 0; i < fill; i++) out.append(' ');
            out.append(s);
        }
    }

    private static String convert(char conv, Object arg, String flags, int precision) {
        switch (conv) {
        case 's':
        case 'S': {
            String s = String.valueOf(arg);
            if (precision >= 0 && precision < s.length()) s = s.substring(0, precision);
            return conv == 'S' ? s.toUpperCase() : s;
        }
        case 'b':
        case 'B': {
            String s = arg == null ? "false" : arg instanceof Boolean ? arg.toString() : "true";
            return conv == 'B' ? s.toUpperCase() : s;
        }
        case 'c':
        case 'C': {
            if (arg == null) return "null";
            String s = arg instanceof Character ? arg.toString() : new String(Character.toChars(((Number) arg).intValue()));
            return conv == 'C' ? s.toUpperCase() : s;
        }
        case 'd': return integral(arg, flags, conv);
        case 'x':
        case 'X': {
            String s = arg == null ? "null" : arg instanceof Long ? Long.toHexString((Long) arg)
                    : Integer.toHexString(((Number) arg).intValue() & mask(arg));
            if (flags.indexOf('#') >= 0) s = "0x" + s;
            return conv == 'X' ? s.toUpperCase() : s;
        }
        case 'o': {
            if (arg == null) return "null";
            return arg instanceof Long ? Long.toOctalString((Long) arg) : Integer.toOctalString(((Number) arg).intValue() & mask(arg));
        }
        case 'f':
        case 'e':
        case 'E': return floating(arg, flags, precision < 0 ? 6 : precision, conv);
        default: throw new UnknownFormatConversionException(String.valueOf(conv));
        }
    }

    private static int mask(Object arg) { return arg instanceof Byte ? 0xff : arg instanceof Short ? 0xffff : -1; }

    private static String integral(Object arg, String flags, char conv) {
        if (arg == null) return "null";
        if (!(arg instanceof Integer || arg instanceof Long || arg instanceof Short || arg instanceof Byte))
            throw new IllegalFormatConversionException(conv, arg.getClass());
        long v = ((Number) arg).longValue();
        String digits = v < 0 ? Long.toString(v).substring(1) : Long.toString(v);
        if (flags.indexOf(',') >= 0) digits = group(digits);
        return sign(v < 0, flags) + digits;
    }

    private static String sign(boolean negative, String flags) {
        if (negative) return "-";
        if (flags.indexOf('+') >= 0) return "+";
        if (flags.indexOf(' ') >= 0) return " ";
        return "";
    }

    private static String group(String digits) {
        StringBuilder sb = new StringBuilder();
        int first = digits.length() % 3;
        if (first == 0) first = 3;
        sb.append(digits, 0, first);
        for (int i = first; i < digits.length(); i += 3) sb.append(',').append(digits, i, i + 3);
        return sb.toString();
    }

    private static String floating(Object arg, String flags, int precision, char conv) {
        if (arg == null) return "null";
        if (!(arg instanceof Double || arg instanceof Float))
            throw new IllegalFormatConversionException(conv, arg.getClass());
        double v = ((Number) arg).doubleValue();
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return (v < 0 ? "-" : flags.indexOf('+') >= 0 ? "+" : "") + "Infinity";
        boolean negative = v < 0 || (v == 0 && 1 / v < 0);
        String text = arg instanceof Float ? Float.toString(Math.abs((Float) arg)) : Double.toString(Math.abs(v));
        String digits;
        int exp;
        int e = text.indexOf('E');
        String mantissa = e >= 0 ? text.substring(0, e) : text;
        int dot = mantissa.indexOf('.');
        digits = mantissa.substring(0, dot) + mantissa.substring(dot + 1);
        exp = (e >= 0 ? Integer.parseInt(text.substring(e + 1)) : 0) + dot;
        int lead = 0;
        while (lead < digits.length() - 1 && digits.charAt(lead) == '0') {
            lead++;
            exp--;
        }
        digits = digits.substring(lead);
        String body = conv == 'f' ? fixed(digits, exp, precision) : scientific(digits, exp, precision, conv == 'E');
        if (flags.indexOf(',') >= 0 && conv == 'f') {
            int p = body.indexOf('.');
            body = group(p < 0 ? body : body.substring(0, p)) + (p < 0 ? "" : body.substring(p));
        }
        return sign(negative, flags) + body;
    }

    /** Rounds digit string [d] (value 0.d * 10^exp) half up to [keep] digits; returns the new
     * digits, with one more leading digit when rounding carried out. */
    private static String roundHalfUp(String d, int keep) {
        if (keep < 0) return "0";
        if (keep >= d.length()) {
            StringBuilder sb = new StringBuilder(d);
            while (sb.length() < keep) sb.append('0');
            return sb.toString();
        }
        char[] c = d.substring(0, keep).toCharArray();
        if (d.charAt(keep) >= '5') {
            int i = keep - 1;
            while (i >= 0 && c[i] == '9') c[i--] = '0';
            if (i < 0) return "1" + new String(c);
            c[i]++;
        }
        return new String(c);
    }

    private static String fixed(String digits, int exp, int precision) {
        int keep = exp + precision;
        String r;
        if (keep < 0) r = "";
        else if (keep == 0) r = digits.charAt(0) >= '5' ? "1" : "";
        else r = roundHalfUp(digits, keep);
        int intDigits = exp + (r.length() > Math.max(keep, 0) ? 1 : 0);
        if (keep == 0 && r.equals("1")) intDigits = exp + 1;
        StringBuilder sb = new StringBuilder();
        if (intDigits <= 0) {
            sb.append('0');
            if (precision > 0) {
                sb.append('.');
                for (int i = 0; i < precision; i++) {
                    int pos = i + intDigits;
                    sb.append(pos >= 0 && pos < r.length() ? r.charAt(pos) : '0');
                }
            }
            return sb.toString();
        }
        for (int i = 0; i < intDigits; i++) sb.append(i < r.length() ? r.charAt(i) : '0');
        if (precision > 0) {
            sb.append('.');
            for (int i = 0; i < precision; i++) {
                int pos = intDigits + i;
                sb.append(pos < r.length() ? r.charAt(pos) : '0');
            }
        }
        return sb.toString();
    }

    private static String scientific(String digits, int exp, int precision, boolean upper) {
        String r = roundHalfUp(digits, precision + 1);
        int e = exp - 1;
        if (r.length() > precision + 1) {
            r = r.substring(0, precision + 1);
            e++;
        }
        if (digits.equals("0")) e = 0;
        StringBuilder sb = new StringBuilder();
        sb.append(r.charAt(0));
        if (precision > 0) sb.append('.').append(r, 1, r.length());
        sb.append(upper ? 'E' : 'e').append(e < 0 ? '-' : '+');
        int ae = Math.abs(e);
        if (ae < 10) sb.append('0');
        sb.append(ae);
        return sb.toString();
    }
}
