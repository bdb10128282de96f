// A writer waits at a gate until no reader is inside, but the readers count themselves in and out
// with a read and a write each: a lost update leaves the count at 1 or -1, and the writer spins
// for ever. No state is ever blocked and nothing else goes wrong: only a search that looks for
// states from which no end state can be reached finds it.
// expect: violation livelock: no end state can be reached from here
// expect: violation main at ReaderGate.main(ReaderGate.java:
// expect outcomes: "written\n"
public class ReaderGate {
    static volatile int readers;
    static volatile int total;

    static void read() {
        readers = readers + 1;
        int seen = total;
        readers = readers - 1;
    }

    public static void main(String[] args) throws Exception {
        Thread a = new Thread(ReaderGate::read);
        Thread b = new Thread(ReaderGate::read);
        a.start();
        b.start();
        a.join();
        b.join();
        while (readers != 0) {
        }
        total = 1;
        System.out.println("written");
    }
}
