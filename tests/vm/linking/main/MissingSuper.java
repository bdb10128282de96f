// Its superclass Gone exists at compile time but not at run time: loading the main class fails.
public class MissingSuper extends Gone {
    public static void main(String[] args) {
        System.out.println(v());
    }
}
