// String.format and printf with the common conversions, flags, widths and precisions.
public class StringFormat {
    public static void main(String[] args) {
        System.out.println(String.format("%d|%5d|%-5d|%05d|%+d|%,d|%x|%X|%o|%08X", 42, 42, 42, 42, 42, 1234567, 255, 255, 8, -1));
        System.out.println(String.format("%s|%10s|%-10s|%.2s|%S|%b|%B|%c|%%|%n", "str", "right", "left", "truncate", "upper", null, true, 'x').trim());
        System.out.println(String.format("%f|%.0f|%.1f|%.2f|%.3f|%10.2f|%-10.2f|%,.2f|%+.1f", Math.PI, 2.5, 0.05, 1.005, -0.0005, 3.14159, 2.0, 1234567.891, 3.0));
        System.out.println(String.format("%.2f %.2f %.2f %.1f %.1f %.0f %.0f %.0f", 0.125, 0.375, 2.675, 0.25, 0.35, 0.5, 1.5, 2.5));
        System.out.println(String.format("%e|%.2e|%E|%.0e", 12345.678, 0.000123, 1e100, 5.5));
        System.out.println(String.format("%2$s %1$s %2$s", "a", "b") + String.format("|%d %d|", Long.MAX_VALUE, (byte) -1) + String.format("%x %x", (byte) -1, -1L));
        System.out.printf("%s has %d items costing %.2f%n", "cart", 3, 19.999);
        System.out.println(String.format("[%6.2f] [%-8s] [%3d%%]", 5.5, "ab", 50));
        try {
            String.format("%d", "not a number");
        } catch (java.util.IllegalFormatException e) {
            System.out.println("bad format: " + e.getClass().getSimpleName());
        }
        try {
            String.format("%s %s", "only one");
        } catch (java.util.MissingFormatArgumentException e) {
            System.out.println("missing: " + e.getMessage());
        }
    }
}
