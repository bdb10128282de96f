public class MissingClass {
    public static void main(String[] args) {
        System.out.println("start " + Lib.keep());
        System.out.println(Gone.v());
    }
}
