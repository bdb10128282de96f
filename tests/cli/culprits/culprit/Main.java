package culprit;

/** A program that makes a SkipSet on its second line: a class that needs a class porcheck lacks,
 * loaded while the program runs. */
public class Main {
    public static void main(String[] args) {
        System.out.println(new SkipSet().get());
    }
}
