// Integer and Long static methods: parsing, radix conversions and bit twiddling.
public class IntegerMethods {
    public static void main(String[] args) {
        int[] vs = {0, 1, -1, 42, -42, 255, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x12345678};
        for (int v : vs) {
            System.out.println(v + " hex " + Integer.toHexString(v) + " oct " + Integer.toOctalString(v) + " bin " + Integer.toBinaryString(v)
                    + " r36 " + Integer.toString(v, 36) + " r7 " + Integer.toString(v, 7) + " bc " + Integer.bitCount(v)
                    + " hob " + Integer.highestOneBit(v) + " lob " + Integer.lowestOneBit(v) + " nlz " + Integer.numberOfLeadingZeros(v)
                    + " ntz " + Integer.numberOfTrailingZeros(v) + " rev " + Integer.reverse(v) + " rb " + Integer.reverseBytes(v)
                    + " rotl " + Integer.rotateLeft(v, 5) + " sig " + Integer.signum(v) + " u " + Integer.toUnsignedString(v));
        }
        long[] ls = {0L, -1L, 1L << 62, Long.MIN_VALUE, 0x123456789abcdefL};
        for (long v : ls) {
            System.out.println(v + " hex " + Long.toHexString(v) + " bin " + Long.toBinaryString(v).length() + " r36 " + Long.toString(v, 36)
                    + " bc " + Long.bitCount(v) + " nlz " + Long.numberOfLeadingZeros(v) + " ntz " + Long.numberOfTrailingZeros(v)
                    + " rev " + Long.reverse(v) + " u " + Long.toUnsignedString(v) + " hash " + Long.hashCode(v));
        }
        String[] inputs = {"0", "-0", "+17", "2147483647", "-2147483648", "2147483648", "12x", "", "-", "+", "007", " 1"};
        for (String s : inputs) {
            try {
                System.out.println("'" + s + "' -> " + Integer.parseInt(s));
            } catch (NumberFormatException e) {
                System.out.println("'" + s + "' -> " + e.getMessage());
            }
        }
        System.out.println(Integer.parseInt("ff", 16) + " " + Integer.parseInt("-zz", 36) + " " + Integer.valueOf("123") + " " + Long.parseLong("-9223372036854775808")
                + " " + Integer.decode("0x1F") + " " + Integer.decode("-010") + " " + Integer.decode("#ff") + " " + Integer.parseUnsignedInt("4294967295"));
        try {
            Integer.parseInt("10", 99);
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(Integer.compare(3, 5) + " " + Integer.max(3, 5) + " " + Integer.sum(3, 5) + " " + Integer.compareUnsigned(-1, 1)
                + " " + Integer.divideUnsigned(-1, 3) + " " + Integer.remainderUnsigned(-1, 3) + " " + Long.divideUnsigned(-1L, 10) + " " + Long.remainderUnsigned(-1L, 10));
        System.out.println(Integer.MIN_VALUE + " " + Integer.MAX_VALUE + " " + Long.MIN_VALUE + " " + Long.MAX_VALUE + " " + Short.MIN_VALUE + " " + Byte.MAX_VALUE
                + " " + (int) Character.MAX_VALUE + " " + Integer.SIZE + " " + Long.BYTES);
        System.out.println(Short.parseShort("-300") + " " + Byte.parseByte("7f", 16) + " " + Short.toUnsignedInt((short) -1) + " " + Byte.toUnsignedInt((byte) -1));
        try {
            Byte.parseByte("200");
        } catch (NumberFormatException e) {
            System.out.println(e.getMessage());
        }
    }
}
