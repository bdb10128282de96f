public class InterruptJoin {
    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(() -> { });
        t.start();
        Thread.currentThread().interrupt();
        t.join();
    }
}
