public class Reflection {
    public static void main(String[] args) throws Exception {
        Class<?> c = Class.forName("Lib");
        System.out.println(c.getDeclaredMethod("keep").invoke(null));
    }
}
