package trust;

/** A log over an unsynchronised StringBuilder. */
public class Log {
    private final StringBuilder text = new StringBuilder();

    public void append(int x) {
        text.append(x);
    }

    public String text() {
        return text.toString();
    }
}
