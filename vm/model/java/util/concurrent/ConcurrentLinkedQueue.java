package java.util.concurrent;

import java.util.AbstractQueue;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Queue;
import jdk.internal.porcheck.Sync;

/** A Michael-Scott lock-free queue: every link change is a CAS through the Sync natives. */
public class ConcurrentLinkedQueue<E> extends AbstractQueue<E> implements Queue<E>, java.io.Serializable {
    static final class Node<E> {
        volatile E item;
        volatile Node<E> next;

        Node(E item) { this.item = item; }
    }

    private static final long HEAD = Sync.objectFieldOffset(ConcurrentLinkedQueue.class, "head");
    private static final long TAIL = Sync.objectFieldOffset(ConcurrentLinkedQueue.class, "tail");
    private static final long NEXT = Sync.objectFieldOffset(Node.class, "next");
    private static final long ITEM = Sync.objectFieldOffset(Node.class, "item");

    private volatile Node<E> head;
    private volatile Node<E> tail;

    public ConcurrentLinkedQueue() { head = tail = new Node<E>(null); }

    public ConcurrentLinkedQueue(java.util.Collection<? extends E> c) {
        this();
        addAll(c);
    }

    public boolean add(E e) { return offer(e); }

    public boolean offer(E e) {
        Objects.requireNonNull(e);
        Node<E> node = new Node<E>(e);
        for (;;) {
            Node<E> t = tail, next = t.next;
            if (t != tail) continue;
            if (next == null) {
                if (Sync.compareAndSetReference(t, NEXT, null, node)) {
                    Sync.compareAndSetReference(this, TAIL, t, node);
                    return true;
                }
            } else {
                Sync.compareAndSetReference(this, TAIL, t, next);
            }
        }
    }

    @SuppressWarnings("unchecked")
    public E poll() {
        for (;;) {
            Node<E> h = head, t = tail, first = h.next;
            if (h != head) continue;
            if (first == null) return null;
            if (h == t) {
                Sync.compareAndSetReference(this, TAIL, t, first);
                continue;
            }
            E item = first.item;
            if (Sync.compareAndSetReference(this, HEAD, h, first)) {
                if (item == null) continue;
                first.item = null;
                return item;
            }
        }
    }

    public E peek() {
        for (Node<E> p = head.next; p != null; p = p.next) {
            E item = p.item;
            if (item != null) return item;
        }
        return null;
    }

    public boolean isEmpty() { return peek() == null; }

    public int size() {
        int count = 0;
        for (Node<E> p = head.next; p != null; p = p.next)
            if (p.item != null && ++count == Integer.MAX_VALUE) break;
        return count;
    }

    public boolean contains(Object o) {
        if (o == null) return false;
        for (Node<E> p = head.next; p != null; p = p.next)
            if (o.equals(p.item)) return true;
        return false;
    }

    public boolean remove(Object o) {
        if (o == null) return false;
        for (Node<E> p = head.next; p != null; p = p.next) {
            E item = p.item;
            if (item != null && o.equals(item) && Sync.compareAndSetReference(p, ITEM, item, null)) return true;
        }
        return false;
    }

    public Iterator<E> iterator() {
        return new Iterator<E>() {
            Node<E> next = advance(head.next);
            Node<E> last;

            Node<E> advance(Node<E> p) {
                while (p != null && p.item == null) p = p.next;
                return p;
            }

            public boolean hasNext() { return next != null; }

            public E next() {
                if (next == null) throw new NoSuchElementException();
                last = next;
                E item = next.item;
                next = advance(next.next);
                return item;
            }

            public void remove() {
                if (last == null) throw new IllegalStateException();
                last.item = null;
                last = null;
            }
        };
    }
}
