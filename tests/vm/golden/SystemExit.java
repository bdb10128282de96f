// System.exit ends the program at once with its status; finally blocks do not run.
public class SystemExit {
    public static void main(String[] args) {
        System.out.println("about to exit");
        try {
            if (args.length == 0) System.exit(3);
        } finally {
            System.out.println("finally must not print");
        }
        System.out.println("unreachable");
    }
}
