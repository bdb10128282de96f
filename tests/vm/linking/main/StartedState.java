public class StartedState {
    public static void main(String[] args) {
        Thread t = new Thread(() -> { });
        System.out.println(t.getState());
        t.start();
        System.out.println(t.getState());
    }
}
