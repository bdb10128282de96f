// Thread a publishes a box, raises a flag, then allocates an array it keeps; thread b unlinks the
// box. When b unlinks it before a allocates, the box is garbage by then, but it was shared: had
// the array taken the box's count, its name would depend on when b ran, and the end state where
// b ran last would split in two. Counts of shared objects stay taken, so dfs ends in exactly the
// two states the outcomes tell apart (three when the array takes the lowest free count).
// expect: ok
// expect outcomes: "box unlinked\n" "box still there\n"
// expect dfs end states: 2 2
public class PublishedGarbage {
    static Object box;
    static volatile int flag;
    static int[] kept;

    static void publish() {
        box = new Object();
        flag = 1;
        kept = new int[] {5};
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(PublishedGarbage::publish);
        Thread b = new Thread(() -> box = null);
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println(box == null ? "box unlinked" : "box still there");
    }
}
