package porcheck.structures;

import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

/**
 * The non-blocking external binary search tree of Ellen, Fatourou, Ruppert and van Breugel
 * (PODC 2010). Keys live in leaves; an internal node's update field (CLEAN, IFLAG, DFLAG or MARK
 * with the operation's descriptor) is changed only by CAS through an AtomicReferenceFieldUpdater,
 * and so are the child pointers, so that any thread can help an operation it runs into finish.
 * Keys must be below Integer.MAX_VALUE - 1 (the two sentinel keys).
 */
public class LockFreeBSTSet {
    private static final int INF1 = Integer.MAX_VALUE - 1, INF2 = Integer.MAX_VALUE;
    private static final int CLEAN = 0, DFLAG = 1, IFLAG = 2, MARK = 3;

    private abstract static class Node {
        final int key;

        Node(int key) {
            this.key = key;
        }
    }

    private static final class Leaf extends Node {
        Leaf(int key) {
            super(key);
        }
    }

    private static final class Update {
        final int state;
        final Info info;

        Update(int state, Info info) {
            this.state = state;
            this.info = info;
        }
    }

    private static final class Internal extends Node {
        volatile Node left, right;
        volatile Update update = new Update(CLEAN, null);

        Internal(int key, Node left, Node right) {
            super(key);
            this.left = left;
            this.right = right;
        }
    }

    private abstract static class Info {}

    private static final class InsertInfo extends Info {
        final Internal p;
        final Leaf l;
        final Internal newInternal;
        final Update flag = new Update(IFLAG, this);

        InsertInfo(Internal p, Leaf l, Internal newInternal) {
            this.p = p;
            this.l = l;
            this.newInternal = newInternal;
        }
    }

    private static final class DeleteInfo extends Info {
        final Internal gp, p;
        final Leaf l;
        final Update pupdate;
        final Update flag = new Update(DFLAG, this);
        final Update mark = new Update(MARK, this);

        DeleteInfo(Internal gp, Internal p, Leaf l, Update pupdate) {
            this.gp = gp;
            this.p = p;
            this.l = l;
            this.pupdate = pupdate;
        }
    }

    private static final class Search {
        Internal gp, p;
        Leaf l;
        Update gpupdate, pupdate;
    }

    private static final AtomicReferenceFieldUpdater<Internal, Node> LEFT =
        AtomicReferenceFieldUpdater.newUpdater(Internal.class, Node.class, "left");
    private static final AtomicReferenceFieldUpdater<Internal, Node> RIGHT =
        AtomicReferenceFieldUpdater.newUpdater(Internal.class, Node.class, "right");
    private static final AtomicReferenceFieldUpdater<Internal, Update> UPDATE =
        AtomicReferenceFieldUpdater.newUpdater(Internal.class, Update.class, "update");

    private final Internal root = new Internal(INF2, new Leaf(INF1), new Leaf(INF2));

    private Search search(int key) {
        Search s = new Search();
        Node l = root;
        while (l instanceof Internal) {
            s.gp = s.p;
            s.p = (Internal) l;
            s.gpupdate = s.pupdate;
            s.pupdate = s.p.update;
            l = key < s.p.key ? s.p.left : s.p.right;
        }
        s.l = (Leaf) l;
        return s;
    }

    public boolean contains(int key) {
        return search(key).l.key == key;
    }

    public boolean add(int key) {
        while (true) {
            Search s = search(key);
            if (s.l.key == key) return false;
            if (s.pupdate.state != CLEAN) {
                help(s.pupdate);
                continue;
            }
            Leaf leaf = new Leaf(key), sibling = new Leaf(s.l.key);
            Internal internal = key < s.l.key ? new Internal(s.l.key, leaf, sibling)
                                              : new Internal(key, sibling, leaf);
            InsertInfo op = new InsertInfo(s.p, s.l, internal);
            if (UPDATE.compareAndSet(s.p, s.pupdate, op.flag)) {
                helpInsert(op);
                return true;
            }
            help(s.p.update);
        }
    }

    public boolean remove(int key) {
        while (true) {
            Search s = search(key);
            if (s.l.key != key) return false;
            if (s.gpupdate.state != CLEAN) {
                help(s.gpupdate);
            } else if (s.pupdate.state != CLEAN) {
                help(s.pupdate);
            } else {
                DeleteInfo op = new DeleteInfo(s.gp, s.p, s.l, s.pupdate);
                if (UPDATE.compareAndSet(s.gp, s.gpupdate, op.flag)) {
                    if (helpDelete(op)) return true;
                } else {
                    help(s.gp.update);
                }
            }
        }
    }

    private void help(Update u) {
        if (u.state == IFLAG) helpInsert((InsertInfo) u.info);
        else if (u.state == MARK) helpMarked((DeleteInfo) u.info);
        else if (u.state == DFLAG) helpDelete((DeleteInfo) u.info);
    }

    private void helpInsert(InsertInfo op) {
        casChild(op.p, op.l, op.newInternal);
        UPDATE.compareAndSet(op.p, op.flag, new Update(CLEAN, op));
    }

    private boolean helpDelete(DeleteInfo op) {
        boolean marked = UPDATE.compareAndSet(op.p, op.pupdate, op.mark);
        Update current = op.p.update;
        if (marked || current == op.mark) {
            helpMarked(op);
            return true;
        }
        help(current);
        UPDATE.compareAndSet(op.gp, op.flag, new Update(CLEAN, op)); // backtrack
        return false;
    }

    private void helpMarked(DeleteInfo op) {
        Node other = op.p.right == op.l ? op.p.left : op.p.right;
        casChild(op.gp, op.p, other);
        UPDATE.compareAndSet(op.gp, op.flag, new Update(CLEAN, op));
    }

    private static void casChild(Internal parent, Node old, Node child) {
        if (child.key < parent.key) LEFT.compareAndSet(parent, old, child);
        else RIGHT.compareAndSet(parent, old, child);
    }
}
