package java.io;

import java.util.Formatter;
import java.util.Locale;

/** Prints to a file descriptor of the VM (standard output and error) or to an OutputStream,
 * always as UTF-8; the line separator is "\n". */
public class PrintStream extends OutputStream implements Appendable, Closeable {
    private final int fd;
    private final OutputStream out;
    private boolean trouble;

    private PrintStream(int fd) {
        this.fd = fd;
        this.out = null;
    }

    /** The standard streams; used by System. */
    public static PrintStream forDescriptor(int fd) { return new PrintStream(fd); }

    public PrintStream(OutputStream out) { this(out, false); }

    public PrintStream(OutputStream out, boolean autoFlush) {
        if (out == null) throw new NullPointerException("Null output stream");
        this.fd = -1;
        this.out = out;
    }

    public PrintStream(OutputStream out, boolean autoFlush, String encoding) { this(out, autoFlush); }

    private static native void writeString0(int fd, String s, boolean newline);

    private static native void writeBytes0(int fd, byte[] b, int off, int len);

    private void emit(String s, boolean newline) {
        if (out == null) {
            writeString0(fd, s, newline);
            return;
        }
        try {
            byte[] b = (newline ? s + "\n" : s).getBytes();
            out.write(b, 0, b.length);
        } catch (IOException e) {
            trouble = true;
        }
    }

    public void flush() {
        if (out != null) {
            try {
                out.flush();
            } catch (IOException e) {
                trouble = true;
            }
        }
    }

    public void close() { flush(); }

    public boolean checkError() { return trouble; }

    protected void setError() { trouble = true; }

    protected void clearError() { trouble = false; }

    public void writeBytes(byte[] buf) { write(buf, 0, buf.length); }

    public void write(int b) {
        if (out == null) {
            writeBytes0(fd, new byte[] {(byte) b}, 0, 1);
            return;
        }
        try {
            out.write(b);
        } catch (IOException e) {
            trouble = true;
        }
    }

    public void write(byte[] buf, int off, int len) {
        if (out == null) {
            writeBytes0(fd, buf, off, len);
            return;
        }
        try {
            out.write(buf, off, len);
        } catch (IOException e) {
            trouble = true;
        }
    }

    public void print(boolean b) { emit(String.valueOf(b), false); }

    public void print(char c) { emit(String.valueOf(c), false); }

    public void print(int i) { emit(String.valueOf(i), false); }

    public void print(long l) { emit(String.valueOf(l), false); }

    public void print(float f) { emit(String.valueOf(f), false); }

    public void print(double d) { emit(String.valueOf(d), false); }

    public void print(char[] s) { emit(new String(s), false); }

    public void print(String s) { emit(String.valueOf(s), false); }

    public void print(Object obj) { emit(String.valueOf(obj), false); }

    public void println() { emit("", true); }

    public void println(boolean x) { emit(String.valueOf(x), true); }

    public void println(char x) { emit(String.valueOf(x), true); }

    public void println(int x) { emit(String.valueOf(x), true); }

    public void println(long x) { emit(String.valueOf(x), true); }

    public void println(float x) { emit(String.valueOf(x), true); }

    public void println(double x) { emit(String.valueOf(x), true); }

    public void println(char[] x) { emit(new String(x), true); }

    public void println(String x) { emit(String.valueOf(x), true); }

    public void println(Object x) { emit(String.valueOf(x), true); }

    public PrintStream printf(String format, Object... args) { return format(format, args); }

    public PrintStream printf(Locale l, String format, Object... args) { return format(format, args); }

    public PrintStream format(String format, Object... args) {
        emit(new Formatter().format(format, args).toString(), false);
        return this;
    }

    public PrintStream format(Locale l, String format, Object... args) { return format(format, args); }

    public PrintStream append(CharSequence csq) {
        print(String.valueOf(csq));
        return this;
    }

    public PrintStream append(CharSequence csq, int start, int end) {
        if (csq == null) csq = "null";
        return append(csq.subSequence(start, end));
    }

    public PrintStream append(char c) {
        print(c);
        return this;
    }
}
