package cftest;

/** Static and instance field access through getfield/putfield/getstatic/putstatic. */
public class Fields {
    static int count;
    static long total;
    int x;
    double y;
    Fields next;

    void bump() {
        count++;
        total += count;
        x += 2;
        y *= 1.5;
        if (next != null) next.x = x;
        Fields f = this;
        f.next = new Fields();
        f.next.next = f;
    }

    static Fields make(int n) {
        Fields head = null;
        for (int i = 0; i < n; i++) {
            Fields f = new Fields();
            f.x = i;
            f.next = head;
            head = f;
        }
        return head;
    }
}
