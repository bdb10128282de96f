// String building and hashing: StringBuilder appends, toString, hashCode and equals.
public class StringWork {
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        long h = 0;
        for (int r = 0; r < rounds; r++) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 5000; i++) {
                sb.append(i).append(',');
                if (sb.length() > 200) {
                    String s = sb.toString();
                    h += s.hashCode() + (s.equals("x") ? 1 : 0) + s.indexOf(',', 10);
                    sb.setLength(0);
                }
            }
        }
        System.out.println(h);
    }
}
