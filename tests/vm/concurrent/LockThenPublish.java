// A thread takes the monitor of a box it made, publishes the box while it holds the monitor, and
// only then fills it; a method of the box does the same through `synchronized` on itself. Taking
// an unshared object's monitor is no scheduling point, but once the object is shared the other
// thread can wait for it, and releasing it is one: the reader, which takes each box's monitor as
// soon as it sees the box, never sees one half filled.
// expect: ok
// expect outcomes: "first=-1 second=-1\n" "first=-1 second=30\n" "first=3 second=-1\n" "first=3 second=30\n"
// expect dfs states: 278 234
// expect dfs end states: 4 4
// every search
public class LockThenPublish {
    static final class Box {
        int a, b;

        synchronized void publishThenFill() {
            second = this;
            a = 10;
            b = 20;
        }
    }

    static volatile Box first, second;
    static int seenFirst, seenSecond;

    static int sum(Box y) {
        if (y == null) return -1;
        synchronized (y) {
            return y.a + y.b;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            Box x = new Box();
            synchronized (x) {
                first = x;
                x.a = 1;
                x.b = 2;
            }
            new Box().publishThenFill();
        });
        Thread reader = new Thread(() -> {
            seenFirst = sum(first);
            seenSecond = sum(second);
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
        System.out.println("first=" + seenFirst + " second=" + seenSecond);
    }
}
