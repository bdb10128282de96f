// Two threads print and nothing else orders them: both orders are outcomes. The reduced searches
// once took a print for an invisible step, so that two prints commuted, and reported one order.
// every search
// expect: ok
// expect outcomes: "a\nb\n" "b\na\n"
public class PrintOrder {
    public static void main(String[] args) {
        new Thread(() -> System.out.println("a")).start();
        new Thread(() -> System.out.println("b")).start();
    }
}
