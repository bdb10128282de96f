import java.util.logging.Logger;

// Asks the JDK's logging for a logger, whose code reaches a feature porcheck does not model.
public class LibraryReachesUnsupported {
    static Object logger() {
        return Logger.getLogger("porcheck");
    }

    public static void main(String[] args) {
        System.out.println(logger() != null);
    }
}
