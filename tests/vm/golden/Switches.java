// tableswitch, lookupswitch, fall-through, string and enum switches.
public class Switches {
    enum Color { RED, GREEN, BLUE, YELLOW }

    static String dense(int i) {
        switch (i) {
        case -2: return "minus two";
        case -1: return "minus one";
        case 0: return "zero";
        case 1: return "one";
        case 2:
        case 3: return "two or three";
        case 4: return "four";
        default: return "other " + i;
        }
    }

    static int sparse(int i) {
        switch (i) {
        case -1000000: return 1;
        case 7: return 2;
        case 1000: return 3;
        case 65536: return 4;
        case Integer.MAX_VALUE: return 5;
        case Integer.MIN_VALUE: return 6;
        default: return 0;
        }
    }

    static String str(String s) {
        switch (s) {
        case "Aa": return "Aa";
        case "BB": return "BB (same hash as Aa)";
        case "hello": return "greeting";
        case "": return "empty";
        default: return "unknown " + s;
        }
    }

    static String color(Color c) {
        switch (c) {
        case RED: return "warm";
        case BLUE: return "cold";
        default: return "neither";
        }
    }

    public static void main(String[] args) {
        for (int i = -4; i < 7; i++) System.out.println(i + " " + dense(i));
        int[] keys = {-1000000, 7, 8, 1000, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE, 0};
        for (int k : keys) System.out.println(k + " -> " + sparse(k));
        String[] ss = {"Aa", "BB", "hello", "", "world", "AaAa"};
        for (String s : ss) System.out.println("'" + s + "' -> " + str(s));
        for (Color c : Color.values()) System.out.println(c + " " + color(c) + " " + c.ordinal());
        int acc = 0;
        for (int i = 0; i < 20; i++) {
            switch (i % 5) {
            case 0: acc += 1;
            case 1: acc += 10;
                break;
            case 3: acc += 100;
            default: acc += 1000;
            }
        }
        System.out.println(acc);
        char grade = 'B';
        switch (grade) {
        case 'A': System.out.println("excellent"); break;
        case 'B':
        case 'C': System.out.println("good"); break;
        default: System.out.println("?");
        }
    }
}
