// String.contentEquals compares a StringBuffer under the buffer's monitor, as the JDK's does: the
// model library's read the length and each char in calls of their own, so a replace between two
// of them made "ad" equal to a buffer that only ever held "ab" and then "cd" (and it lacked the
// contentEquals(StringBuffer) overload).
// expect: ok
// expect outcomes: "false cd\n"
public class ContentEqualsBuffer {
    public static void main(String[] args) throws InterruptedException {
        StringBuffer sb = new StringBuffer("ab");
        boolean[] seen = new boolean[1];
        Thread reader = new Thread(() -> {
            boolean same = "ad".contentEquals((CharSequence) sb) || "ad".contentEquals(sb);
            synchronized (seen) {
                seen[0] = same;
            }
        });
        Thread writer = new Thread(() -> sb.replace(0, 2, "cd"));
        reader.start();
        writer.start();
        reader.join();
        writer.join();
        synchronized (seen) {
            System.out.println(seen[0] + " " + sb);
        }
    }
}
