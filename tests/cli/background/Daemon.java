/**
 * A program whose daemon thread races with main: main writes x, then prints it; the daemon writes
 * 2 to x and is stopped where it stands when main ends. Java prints 1 or 2.
 */
public class Daemon {
    static int x;

    public static void main(String[] args) {
        Thread t = new Thread(new Runnable() {
            @Override
            public void run() {
                x = 2;
            }
        });
        t.setDaemon(true);
        t.start();
        x = 1;
        System.out.println(x);
    }
}
