public class RecordToString {
    record Pair(int a, int b) {}

    public static void main(String[] args) {
        System.out.println(new Pair(1, 2).a());
        System.out.println(new Pair(1, 2));
    }
}
