public class NativeMissing {
    static native int magic();

    public static void main(String[] args) {
        System.out.println("before");
        System.out.println(magic());
    }
}
