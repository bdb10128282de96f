package java.util.concurrent;

import java.util.concurrent.locks.LockSupport;
import jdk.internal.porcheck.Sync;

/**
 * porcheck's Exchanger: one slot, taken by compare-and-set, as the JDK's single-slot exchange
 * works, without the JDK's spinning. The JDK's waiter spins with a xorshift counter for as long as
 * its partner has taken the slot without giving its item back, and every turn of that spin is a
 * new state: a search of any program that exchanges never ends. Here a waiter parks until its
 * partner has given the item (a spin only shortens the wait on the JVM, so the behaviours are the
 * same); the partner unparks it after it gave the item. Every access of the slot and of a node is
 * a Sync native: one visible step. Interrupts are seen on entry and after each wake-up (an
 * interrupt ends a park).
 */
public class Exchanger<V> {
    /** A waiter's offer: its item, the partner's once given, and the thread to unpark. */
    private static final class Node {
        final Object item;
        volatile Object match;
        volatile Thread parked;

        Node(Object item) { this.item = item; }
    }

    /** The item that stands for null (a null match means "not given yet"). */
    private static final Object NULL_ITEM = new Object();

    private static final long SLOT = Sync.objectFieldOffset(Exchanger.class, "slot");
    private static final long MATCH = Sync.objectFieldOffset(Node.class, "match");
    private static final long PARKED = Sync.objectFieldOffset(Node.class, "parked");

    /** The waiting offer, or null. */
    private volatile Node slot;

    public Exchanger() {}

    /** Waits for another thread to exchange with, and returns its item. */
    public V exchange(V x) throws InterruptedException {
        return result(exchange0(x == null ? NULL_ITEM : x, false, 0L));
    }

    /** The same, giving up with TimeoutException after [timeout] if no thread came. */
    public V exchange(V x, long timeout, TimeUnit unit)
        throws InterruptedException, TimeoutException {
        Object v = exchange0(x == null ? NULL_ITEM : x, true, unit.toNanos(timeout));
        if (v == null) throw new TimeoutException();
        return result(v);
    }

    @SuppressWarnings("unchecked")
    private static <V> V result(Object v) { return v == NULL_ITEM ? null : (V) v; }

    /** Takes the waiting offer and gives [item] back, or offers [item] and waits; returns the
     * partner's item, or null when a timed wait ran out. */
    private Object exchange0(Object item, boolean timed, long nanos) throws InterruptedException {
        if (Thread.interrupted()) throw new InterruptedException();
        for (;;) {
            Node q = (Node) Sync.getReference(this, SLOT);
            if (q != null) {
                if (Sync.compareAndSetReference(this, SLOT, q, null)) {
                    Sync.putReference(q, MATCH, item);
                    Thread w = (Thread) Sync.getReference(q, PARKED);
                    if (w != null) LockSupport.unpark(w);
                    return q.item;
                }
            } else {
                Node p = new Node(item);
                if (Sync.compareAndSetReference(this, SLOT, null, p)) return await(p, timed, nanos);
            }
        }
    }

    /** Waits until a partner gives its item to offer [p], which is in the slot; on a timeout or
     * an interrupt, withdraws the offer unless a partner took it first. */
    private Object await(Node p, boolean timed, long nanos) throws InterruptedException {
        long deadline = timed ? System.nanoTime() + nanos : 0L;
        Sync.putReference(p, PARKED, Thread.currentThread());
        Object v;
        boolean reassert = false; /* interrupted after a partner took the offer: the item comes */
        while ((v = Sync.getReference(p, MATCH)) == null) {
            boolean late = timed && deadline - System.nanoTime() <= 0L;
            boolean interrupted = Thread.interrupted();
            if ((late || interrupted) && Sync.compareAndSetReference(this, SLOT, p, null)) {
                if (interrupted) throw new InterruptedException();
                return null;
            }
            reassert |= interrupted;
            if (timed && !late) LockSupport.parkNanos(this, deadline - System.nanoTime());
            else LockSupport.park(this);
        }
        if (reassert) Thread.currentThread().interrupt();
        return v;
    }
}
