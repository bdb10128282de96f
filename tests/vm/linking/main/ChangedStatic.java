public class ChangedStatic {
    public static void main(String[] args) {
        System.out.println(Lib.s());
    }
}
