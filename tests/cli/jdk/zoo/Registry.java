package zoo;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/** Names registered once each, in a HashMap behind a ReentrantReadWriteLock: lookups share the
 * read lock, registration checks and inserts under the write lock. */
public class Registry {
    private final Map<Integer, Integer> owners = new HashMap<>();
    private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();

    /** Registers [name] for [owner]; the owner it already had, or [owner] when it is new. */
    public int register(int name, int owner) {
        rw.writeLock().lock();
        try {
            Integer old = owners.putIfAbsent(name, owner);
            return old == null ? owner : old;
        } finally {
            rw.writeLock().unlock();
        }
    }

    /** The owner of [name], or -1. */
    public int owner(int name) {
        rw.readLock().lock();
        try {
            return owners.getOrDefault(name, -1);
        } finally {
            rw.readLock().unlock();
        }
    }
}
