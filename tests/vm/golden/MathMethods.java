// java.lang.Math with exactly representable results.
public class MathMethods {
    public static void main(String[] args) {
        double[] ds = {-2.5, -1.5, -0.5, -0.0, 0.0, 0.49999999999999994, 0.5, 1.5, 2.5, 3.7, -3.7, 1e16 + 1, Double.NaN, Double.POSITIVE_INFINITY};
        for (double d : ds) {
            System.out.println(d + ": floor " + Math.floor(d) + " ceil " + Math.ceil(d) + " rint " + Math.rint(d) + " round " + Math.round(d) + " roundf " + Math.round((float) d)
                    + " abs " + Math.abs(d) + " signum " + Math.signum(d) + " sqrt " + Math.sqrt(Math.abs(d)));
        }
        System.out.println(Math.max(1, 2) + " " + Math.min(-1L, 2L) + " " + Math.max(-0.0, 0.0) + " " + Math.min(-0.0, 0.0) + " " + Math.max(Double.NaN, 1) + " " + Math.min(1f, Float.NaN));
        System.out.println(Math.pow(2, 10) + " " + Math.pow(2, -2) + " " + Math.pow(10, 3) + " " + Math.pow(0, 0) + " " + Math.pow(-8, 1.0 / 3) + " " + Math.pow(1.5, 2));
        System.out.println(Math.sqrt(2) + " " + Math.sqrt(144) + " " + Math.sqrt(-1) + " " + Math.cbrt(27) + " " + Math.hypot(3, 4) + " " + Math.abs(Integer.MIN_VALUE));
        System.out.println(Math.floorDiv(-7, 2) + " " + Math.floorMod(-7, 2) + " " + (-7 / 2) + " " + (-7 % 2) + " " + Math.floorDiv(7, -2) + " " + Math.floorMod(7, -2)
                + " " + Math.floorMod(-7L, 3L) + " " + Math.floorDiv(Long.MIN_VALUE, -1L));
        try {
            Math.multiplyExact(1 << 20, 1 << 12);
        } catch (ArithmeticException e) {
            System.out.println(e.getMessage());
        }
        System.out.println(Math.addExact(5, 6) + " " + Math.subtractExact(5L, 6L) + " " + Math.negateExact(-5) + " " + Math.toIntExact(123L) + " " + Math.incrementExact(9));
        System.out.println(Math.toDegrees(Math.PI) + " " + Math.toRadians(180) + " " + Math.copySign(3.0, -0.0) + " " + Math.ulp(1.0) + " " + Math.getExponent(1024.0)
                + " " + Math.nextUp(1.0) + " " + Math.E + " " + Math.PI);
        System.out.println(Math.exp(0) + " " + Math.log(1) + " " + Math.log10(1000) + " " + Math.sin(0) + " " + Math.cos(0) + " " + Math.atan2(0, 1) + " " + Math.tan(0));
        long acc = 0;
        for (int i = 1; i <= 1000; i++) acc += (long) Math.sqrt(i * 1000.0) + Math.round(i / 3.0) + (long) Math.floor(-i / 7.0);
        System.out.println(acc);
    }
}
