package zoo;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/** Registry whose register looks the name up under the read lock and, when it is free, inserts
 * under the write lock without looking again: two owners can both register one name. */
public class RegistryBuggy {
    private final Map<Integer, Integer> owners = new HashMap<>();
    private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();

    public int register(int name, int owner) {
        rw.readLock().lock();
        Integer old;
        try {
            old = owners.get(name);
        } finally {
            rw.readLock().unlock();
        }
        if (old != null) return old;
        rw.writeLock().lock(); // BUG: the name may have been registered since
        try {
            owners.put(name, owner);
            return owner;
        } finally {
            rw.writeLock().unlock();
        }
    }

    public int owner(int name) {
        rw.readLock().lock();
        try {
            return owners.getOrDefault(name, -1);
        } finally {
            rw.readLock().unlock();
        }
    }
}
