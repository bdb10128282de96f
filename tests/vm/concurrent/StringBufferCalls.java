// StringBuffer's inherited reads are synchronized, as the JDK's are: the model library's
// StringBuffer inherited substring, charAt, setLength... from AbstractStringBuilder unsynchronized,
// so a substring could copy the characters in the middle of another thread's insert.
// expect: ok
// expect outcomes: "ab b\n" "ab a\n" "za a\n"
public class StringBufferCalls {
    public static void main(String[] args) throws InterruptedException {
        StringBuffer sb = new StringBuffer("ab");
        String[] seen = new String[1];
        Thread t1 = new Thread(() -> sb.insert(0, "z"));
        Thread t2 = new Thread(() -> {
            synchronized (seen) {
                seen[0] = sb.substring(0, 2) + " " + sb.charAt(1);
            }
        });
        t1.start();
        t2.start();
        t1.join();
        t2.join();
        synchronized (seen) {
            System.out.println(seen[0]);
        }
    }
}
