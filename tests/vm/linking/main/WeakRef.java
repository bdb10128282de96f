import java.lang.ref.WeakReference;

public class WeakRef {
    public static void main(String[] args) {
        WeakReference<Object> r = new WeakReference<>(new Object());
        System.out.println(r.get() != null);
    }
}
