package porcheck.structures;

import java.util.concurrent.locks.ReentrantLock;

/**
 * CoarseHashMap whose put skips the lock when the key equals the constructor's bugKey, so it
 * races with the other writers of the same bucket and of the size.
 */
public class CoarseHashMapBuggy {
    private static final class Entry {
        final int key;
        int value;
        Entry next;

        Entry(int key, int value, Entry next) {
            this.key = key;
            this.value = value;
            this.next = next;
        }
    }

    private final Entry[] buckets = new Entry[8];
    private final ReentrantLock lock = new ReentrantLock();
    private final int bugKey;
    private int size;

    public CoarseHashMapBuggy(int bugKey) {
        this.bugKey = bugKey;
    }

    private int index(int key) {
        return (key ^ (key >>> 16)) & (buckets.length - 1);
    }

    private Entry find(int key) {
        for (Entry e = buckets[index(key)]; e != null; e = e.next)
            if (e.key == key) return e;
        return null;
    }

    public Integer put(int key, int value) {
        boolean locked = key != bugKey; // BUG: no lock for the bug key
        if (locked) lock.lock();
        try {
            Entry e = find(key);
            if (e != null) {
                int old = e.value;
                e.value = value;
                return old;
            }
            int i = index(key);
            buckets[i] = new Entry(key, value, buckets[i]);
            size++;
            return null;
        } finally {
            if (locked) lock.unlock();
        }
    }

    public Integer get(int key) {
        lock.lock();
        try {
            Entry e = find(key);
            return e == null ? null : e.value;
        } finally {
            lock.unlock();
        }
    }

    public boolean containsKey(int key) {
        lock.lock();
        try {
            return find(key) != null;
        } finally {
            lock.unlock();
        }
    }

    public Integer remove(int key) {
        lock.lock();
        try {
            int i = index(key);
            Entry prev = null;
            for (Entry e = buckets[i]; e != null; prev = e, e = e.next) {
                if (e.key != key) continue;
                if (prev == null) buckets[i] = e.next;
                else prev.next = e.next;
                size--;
                return e.value;
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    public int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }
}
