// String concatenation of every type (indy concat at release 17, StringBuilder at release 8).
import java.util.ArrayList;
import java.util.List;

public class StringConcat {
    static class Point {
        final int x, y;
        Point(int x, int y) { this.x = x; this.y = y; }
        public String toString() { return "(" + x + "," + y + ")"; }
    }

    static class NullToString { public String toString() { return null; } }

    public static void main(String[] args) {
        int i = -5;
        long l = 1L << 40;
        float f = 1.25f;
        double d = 1e-5;
        char c = 'q';
        boolean b = false;
        byte by = -128;
        short sh = 32767;
        String s = null;
        Object o = new Point(1, 2);
        List<Object> list = new ArrayList<>();
        list.add(o);
        list.add("text");
        System.out.println("i=" + i + " l=" + l + " f=" + f + " d=" + d + " c=" + c + " b=" + b + " by=" + by + " sh=" + sh);
        System.out.println("s=" + s + " o=" + o + " list=" + list + " null=" + new NullToString());
        System.out.println(i + l + "x" + i + l);
        System.out.println(c + c + "" + c + c);
        System.out.println("" + 1 + 2 + (1 + 2) + '3' + (char) ('a' + 1) + 1.0f + 2.0);
        String acc = "start";
        acc += 1;
        acc += 'c';
        acc += 2.5;
        acc += o;
        acc += null;
        System.out.println(acc);
        String many = "a" + i + "b" + l + "c" + f + "d" + d + "e" + c + "f" + b + "g" + o + "h" + s + "i" + by + "j" + sh + "k";
        System.out.println(many);
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < 3; k++) sb.append("k" + k + ";");
        System.out.println(sb);
        char[] chars = {'n', 'o'};
        System.out.println("chars " + String.valueOf(chars) + " \u0001\u0002 " + "tab\t" + Integer.MAX_VALUE + Long.MIN_VALUE);
        System.out.println("nested " + ("(" + ("[" + i + "]") + ")") + " " + Double.NaN + " " + Float.NEGATIVE_INFINITY);
    }
}
