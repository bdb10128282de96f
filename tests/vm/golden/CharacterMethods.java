// Character classification and conversion for ASCII and Latin-1.
public class CharacterMethods {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (char c = 0; c < 256; c++) {
            int flags = (Character.isDigit(c) ? 1 : 0) | (Character.isLetter(c) ? 2 : 0) | (Character.isLetterOrDigit(c) ? 4 : 0)
                    | (Character.isWhitespace(c) ? 8 : 0) | (Character.isUpperCase(c) ? 16 : 0) | (Character.isLowerCase(c) ? 32 : 0)
                    | (Character.isSpaceChar(c) ? 64 : 0) | (Character.isISOControl(c) ? 128 : 0);
            sb.append((int) c).append(':').append(flags).append(':').append((int) Character.toUpperCase(c)).append(':').append((int) Character.toLowerCase(c)).append(' ');
            if (c % 16 == 15) {
                System.out.println(sb);
                sb.setLength(0);
            }
        }
        for (int radix : new int[] {2, 8, 10, 16, 36}) {
            System.out.println(radix + " " + Character.digit('7', radix) + " " + Character.digit('a', radix) + " " + Character.digit('Z', radix) + " " + Character.forDigit(radix - 1, radix));
        }
        System.out.println(Character.isJavaIdentifierStart('$') + " " + Character.isJavaIdentifierPart('5') + " " + Character.toChars(0x1F600).length
                + " " + Character.isHighSurrogate('\ud83d') + " " + Character.toCodePoint('\ud83d', '\ude00') + " " + Character.charCount(0x10000)
                + " " + Character.compare('a', 'b') + " " + Character.valueOf('x').compareTo('y') + " " + Character.toString('z') + " " + Character.MIN_RADIX);
    }
}
