public class MissingField {
    public static void main(String[] args) {
        Lib lib = new Lib();
        System.out.println(lib.field);
    }
}
