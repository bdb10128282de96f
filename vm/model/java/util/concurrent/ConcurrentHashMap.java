package java.util.concurrent;

import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;
import jdk.internal.porcheck.Sync;

/** A hash map with per-bin synchronisation and the JDK's observable behaviour: the same spread
 * function, table sizing, resize points (size reaching 0.75 n, or a bin of 8 in a table below
 * 64) and bin layout after a transfer (the trailing run kept, the other nodes prepended), hence
 * the same iteration order. Empty bins are filled by CAS; other updates lock the bin's head.
 * computeIfAbsent, compute, computeIfPresent and merge are atomic as the JDK's: the function
 * runs once, under the bin's lock (an empty bin holds a locked reservation meanwhile). */
public class ConcurrentHashMap<K, V> extends AbstractMap<K, V> implements ConcurrentMap<K, V>, java.io.Serializable {
    private static final int MAXIMUM_CAPACITY = 1 << 30;
    private static final int DEFAULT_CAPACITY = 16;
    static final int TREEIFY_THRESHOLD = 8;
    static final int MIN_TREEIFY_CAPACITY = 64;
    static final int HASH_BITS = 0x7fffffff;

    static class Node<K, V> implements Map.Entry<K, V> {
        final int hash;
        final K key;
        volatile V val;
        volatile Node<K, V> next;

        Node(int hash, K key, V val) {
            this.hash = hash;
            this.key = key;
            this.val = val;
        }

        Node(int hash, K key, V val, Node<K, V> next) {
            this(hash, key, val);
            this.next = next;
        }

        public final K getKey() { return key; }

        public final V getValue() { return val; }

        public final int hashCode() { return key.hashCode() ^ val.hashCode(); }

        public final String toString() { return key + "=" + val; }

        public final V setValue(V value) { throw new UnsupportedOperationException(); }

        public final boolean equals(Object o) {
            Object k, v, u;
            Map.Entry<?, ?> e;
            return ((o instanceof Map.Entry) && (k = (e = (Map.Entry<?, ?>) o).getKey()) != null && (v = e.getValue()) != null
                    && (k == key || k.equals(key)) && (v == (u = val) || v.equals(u)));
        }
    }

    static final int RESERVED = -3; // the hash of a reservation

    /** Holds an empty bin, locked, while computeIfAbsent or compute runs its function there. */
    static final class ReservationNode<K, V> extends Node<K, V> {
        ReservationNode() { super(RESERVED, null, null); }
    }

    static final int spread(int h) { return (h ^ (h >>> 16)) & HASH_BITS; }

    private static final int tableSizeFor(int c) {
        int n = -1 >>> Integer.numberOfLeadingZeros(c - 1);
        return (n < 0) ? 1 : (n >= MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : n + 1;
    }

    private static final long TABLE = Sync.objectFieldOffset(ConcurrentHashMap.class, "table");

    transient volatile Node<K, V>[] table;
    private transient volatile int sizeCtl;
    private transient volatile long count;

    public ConcurrentHashMap() {}

    public ConcurrentHashMap(int initialCapacity) { this(initialCapacity, 0.75f, 1); }

    public ConcurrentHashMap(Map<? extends K, ? extends V> m) {
        this.sizeCtl = DEFAULT_CAPACITY;
        putAll(m);
    }

    public ConcurrentHashMap(int initialCapacity, float loadFactor) { this(initialCapacity, loadFactor, 1); }

    public ConcurrentHashMap(int initialCapacity, float loadFactor, int concurrencyLevel) {
        if (!(loadFactor > 0.0f) || initialCapacity < 0 || concurrencyLevel <= 0) throw new IllegalArgumentException();
        if (initialCapacity < concurrencyLevel) initialCapacity = concurrencyLevel;
        long size = (long) (1.0 + (long) initialCapacity / loadFactor);
        int cap = (size >= (long) MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : tableSizeFor((int) size);
        this.sizeCtl = cap;
    }

    @SuppressWarnings("unchecked")
    private Node<K, V>[] initTable() {
        Node<K, V>[] tab = table;
        if (tab != null && tab.length != 0) return tab;
        synchronized (this) { // two first inserts must not each install a table of their own
            tab = table;
            if (tab == null || tab.length == 0) {
                int n = (sizeCtl > 0) ? sizeCtl : DEFAULT_CAPACITY;
                tab = (Node<K, V>[]) new Node<?, ?>[n];
                table = tab;
                sizeCtl = n - (n >>> 2);
            }
            return tab;
        }
    }

    public int size() { return count > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) count; }

    public long mappingCount() { return count; }

    public boolean isEmpty() { return count <= 0; }

    public V get(Object key) {
        Node<K, V>[] tab = table;
        int h = spread(key.hashCode());
        if (tab == null) return null;
        for (Node<K, V> e = tab[(tab.length - 1) & h]; e != null; e = e.next) {
            K ek;
            if (e.hash == h && ((ek = e.key) == key || key.equals(ek))) return e.val;
        }
        return null;
    }

    public boolean containsKey(Object key) { return get(key) != null; }

    public boolean containsValue(Object value) {
        if (value == null) throw new NullPointerException();
        for (V v : values())
            if (v == value || value.equals(v)) return true;
        return false;
    }

    public V put(K key, V value) { return putVal(key, value, false); }

    /** Places [node] in empty bin [i] by CAS; false when the bin is no longer empty. */
    private boolean casBin(Node<K, V>[] tab, int i, Node<K, V> node) {
        synchronized (tab) {
            if (tab[i] != null) return false;
            tab[i] = node;
            return true;
        }
    }

    final V putVal(K key, V value, boolean onlyIfAbsent) {
        if (key == null || value == null) throw new NullPointerException();
        int hash = spread(key.hashCode());
        int binCount = 0;
        for (Node<K, V>[] tab = table;;) {
            Node<K, V> f;
            int n, i;
            if (tab == null || (n = tab.length) == 0) {
                tab = initTable();
            } else if ((f = tab[i = (n - 1) & hash]) == null) {
                if (casBin(tab, i, new Node<K, V>(hash, key, value))) break;
            } else {
                V oldVal = null;
                synchronized (f) {
                    if (tab[i] == f) {
                        if (f instanceof ReservationNode) throw new IllegalStateException("Recursive update");
                        binCount = 1;
                        for (Node<K, V> e = f;; ++binCount) {
                            K ek;
                            if (e.hash == hash && ((ek = e.key) == key || key.equals(ek))) {
                                oldVal = e.val;
                                if (!onlyIfAbsent) e.val = value;
                                break;
                            }
                            Node<K, V> pred = e;
                            if ((e = e.next) == null) {
                                pred.next = new Node<K, V>(hash, key, value);
                                break;
                            }
                        }
                    }
                }
                if (binCount != 0) {
                    if (binCount >= TREEIFY_THRESHOLD) treeifyBin(tab);
                    if (oldVal != null) return oldVal;
                    break;
                }
            }
        }
        addCount(1L, binCount);
        return null;
    }

    public void putAll(Map<? extends K, ? extends V> m) {
        tryPresize(m.size());
        for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) putVal(e.getKey(), e.getValue(), false);
    }

    public V remove(Object key) { return replaceNode(key, null, null); }

    final V replaceNode(Object key, V value, Object cv) {
        int hash = spread(key.hashCode());
        for (Node<K, V>[] tab = table;;) {
            Node<K, V> f;
            int n, i;
            if (tab == null || (n = tab.length) == 0 || (f = tab[i = (n - 1) & hash]) == null) return null;
            V oldVal = null;
            boolean validated = false;
            synchronized (f) {
                if (tab[i] == f) {
                    if (f instanceof ReservationNode) throw new IllegalStateException("Recursive update");
                    validated = true;
                    for (Node<K, V> e = f, pred = null;;) {
                        K ek;
                        if (e.hash == hash && ((ek = e.key) == key || (ek != null && key.equals(ek)))) {
                            V ev = e.val;
                            if (cv == null || cv == ev || (ev != null && cv.equals(ev))) {
                                oldVal = ev;
                                if (value != null) e.val = value;
                                else if (pred != null) pred.next = e.next;
                                else tab[i] = e.next;
                            }
                            break;
                        }
                        pred = e;
                        if ((e = e.next) == null) break;
                    }
                }
            }
            if (!validated) continue; // the bin's head changed before it was locked: look again
            if (oldVal != null && value == null) addCount(-1L, -1);
            return oldVal;
        }
    }

    public void clear() {
        Node<K, V>[] tab = table;
        if (tab == null) return;
        long delta = 0L;
        for (int i = 0; i < tab.length;) {
            Node<K, V> f = tab[i];
            if (f == null) {
                i++;
                continue;
            }
            synchronized (f) {
                if (tab[i] == f) { // else its head changed before it was locked: look again
                    for (Node<K, V> p = f; p != null; p = p.next) --delta;
                    tab[i] = null;
                    i++;
                }
            }
        }
        if (delta != 0L) addCount(delta, -1);
    }

    public V putIfAbsent(K key, V value) { return putVal(key, value, true); }

    public boolean remove(Object key, Object value) {
        if (key == null) throw new NullPointerException();
        return value != null && replaceNode(key, null, value) != null;
    }

    public boolean replace(K key, V oldValue, V newValue) {
        if (key == null || oldValue == null || newValue == null) throw new NullPointerException();
        return replaceNode(key, newValue, oldValue) != null;
    }

    public V replace(K key, V value) {
        if (key == null || value == null) throw new NullPointerException();
        return replaceNode(key, value, null);
    }

    public V getOrDefault(Object key, V defaultValue) {
        V v;
        return (v = get(key)) == null ? defaultValue : v;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (action == null) throw new NullPointerException();
        for (Node<K, V> p : nodes()) action.accept(p.key, p.val);
    }

    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        if (function == null) throw new NullPointerException();
        for (Node<K, V> p : nodes()) {
            V oldValue = p.val;
            for (K key = p.key;;) {
                V newValue = function.apply(key, oldValue);
                if (newValue == null) throw new NullPointerException();
                if (replaceNode(key, newValue, oldValue) != null || (oldValue = get(key)) == null) break;
            }
        }
    }

    /** Runs [fn] on bin [i]'s head under its lock and returns the bin count it reports. */
    /** The result of a compute-style update: the value it leaves, the change of size, the bin's
     * length. */
    private static final class Outcome<V> {
        V val;
        int delta;
        int binCount;
    }

    /** Applies [remap] to the mapping of [key] (its value, or null when absent) under the lock of
     * its bin, as one step of the map: a null result removes it. With [onlyIfAbsent] a present
     * mapping is left alone (computeIfAbsent), with [onlyIfPresent] an absent one (computeIfPresent). */
    private Outcome<V> update(K key, BiFunction<? super K, ? super V, ? extends V> remap, boolean onlyIfAbsent,
            boolean onlyIfPresent) {
        int h = spread(key.hashCode());
        Outcome<V> out = new Outcome<V>();
        for (Node<K, V>[] tab = table;;) {
            Node<K, V> f;
            int n, i;
            if (tab == null || (n = tab.length) == 0) {
                tab = initTable();
            } else if ((f = tab[i = (n - 1) & h]) == null) {
                if (onlyIfPresent) return out;
                Node<K, V> r = new ReservationNode<K, V>();
                synchronized (r) { // the bin's other updates wait on it while the function runs
                    if (casBin(tab, i, r)) {
                        out.binCount = 1;
                        Node<K, V> node = null;
                        try {
                            if ((out.val = remap.apply(key, null)) != null) {
                                out.delta = 1;
                                node = new Node<K, V>(h, key, out.val);
                            }
                        } finally {
                            tab[i] = node;
                        }
                    }
                }
                if (out.binCount != 0) return out;
            } else {
                synchronized (f) {
                    if (tab[i] == f) {
                        if (f instanceof ReservationNode) throw new IllegalStateException("Recursive update");
                        out.binCount = 1;
                        updateBin(tab, i, f, h, key, remap, onlyIfAbsent, onlyIfPresent, out);
                    }
                }
                if (out.binCount != 0) {
                    if (out.binCount >= TREEIFY_THRESHOLD) treeifyBin(tab);
                    return out;
                }
            }
        }
    }

    /** update's work in bin [i] of [tab], whose head [f] it holds locked. */
    private void updateBin(Node<K, V>[] tab, int i, Node<K, V> f, int h, K key,
            BiFunction<? super K, ? super V, ? extends V> remap, boolean onlyIfAbsent, boolean onlyIfPresent,
            Outcome<V> out) {
        for (Node<K, V> e = f, pred = null;; ++out.binCount) {
            K ek;
            if (e.hash == h && ((ek = e.key) == key || (ek != null && key.equals(ek)))) {
                if (onlyIfAbsent) {
                    out.val = e.val;
                } else if ((out.val = remap.apply(key, e.val)) != null) {
                    e.val = out.val;
                } else {
                    out.delta = -1;
                    if (pred != null) pred.next = e.next;
                    else tab[i] = e.next;
                }
                return;
            }
            pred = e;
            if ((e = e.next) == null) {
                if (onlyIfPresent || (out.val = remap.apply(key, null)) == null) return;
                if (pred.next != null) throw new IllegalStateException("Recursive update");
                out.delta = 1;
                pred.next = new Node<K, V>(h, key, out.val);
                return;
            }
        }
    }

    /** Returns [out]'s value after counting its change of size. */
    private V counted(Outcome<V> out) {
        if (out.delta != 0) addCount((long) out.delta, out.binCount);
        return out.val;
    }

    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (key == null || mappingFunction == null) throw new NullPointerException();
        return counted(update(key, (k, old) -> mappingFunction.apply(k), true, false));
    }

    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (key == null || remappingFunction == null) throw new NullPointerException();
        return counted(update(key, remappingFunction, false, true));
    }

    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (key == null || remappingFunction == null) throw new NullPointerException();
        return counted(update(key, remappingFunction, false, false));
    }

    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (key == null || value == null || remappingFunction == null) throw new NullPointerException();
        return counted(update(key, (k, old) -> old == null ? value : remappingFunction.apply(old, value), false, false));
    }

    public boolean contains(Object value) { return containsValue(value); }

    // ---- Sizing and resizing --------------------------------------------------------------------

    private void addCount(long x, int check) {
        long s;
        synchronized (this) {
            s = count += x;
        }
        if (check >= 0) {
            Node<K, V>[] tab;
            int n;
            while (s >= (long) sizeCtl && (tab = table) != null && (n = tab.length) < MAXIMUM_CAPACITY) transfer(tab);
        }
    }

    private void treeifyBin(Node<K, V>[] tab) {
        if (tab != null && tab.length < MIN_TREEIFY_CAPACITY) tryPresize(tab.length << 1);
    }

    private void tryPresize(int size) {
        int c = (size >= (MAXIMUM_CAPACITY >>> 1)) ? MAXIMUM_CAPACITY : tableSizeFor(size + (size >>> 1) + 1);
        int sc;
        while ((sc = sizeCtl) >= 0) {
            Node<K, V>[] tab = table;
            int n;
            if (tab == null || (n = tab.length) == 0) {
                n = (sc > c) ? sc : c;
                synchronized (this) {
                    if (table == null || table.length == 0) {
                        @SuppressWarnings("unchecked")
                        Node<K, V>[] nt = (Node<K, V>[]) new Node<?, ?>[n];
                        table = nt;
                        sizeCtl = n - (n >>> 2);
                    }
                }
            } else if (c <= sc || n >= MAXIMUM_CAPACITY) {
                break;
            } else {
                transfer(tab);
            }
        }
    }

    /** Moves every bin of [tab] into a table twice as large, each bin split into the nodes
     * that stay at index i and those that move to i + n. */
    @SuppressWarnings("unchecked")
    private void transfer(Node<K, V>[] tab) {
        int n = tab.length;
        Node<K, V>[] nextTab = (Node<K, V>[]) new Node<?, ?>[n << 1];
        for (int i = n - 1; i >= 0; i--) {
            Node<K, V> f;
            while ((f = tab[i]) != null && !transferBin(tab, nextTab, i, f)) continue;
        }
        Sync.putReference(this, TABLE, nextTab);
        sizeCtl = (n << 1) - (n >>> 1);
    }

    /** Copies bin [i] of [tab], head [f], into [nextTab]; false when the head changed before it
     * was locked (a reservation filled, a node removed). */
    private boolean transferBin(Node<K, V>[] tab, Node<K, V>[] nextTab, int i, Node<K, V> f) {
        int n = tab.length;
        synchronized (f) {
            if (tab[i] != f) return false;
            if (f instanceof ReservationNode) throw new IllegalStateException("Recursive update");
            int runBit = f.hash & n;
            Node<K, V> lastRun = f;
            for (Node<K, V> p = f.next; p != null; p = p.next) {
                int b = p.hash & n;
                if (b != runBit) {
                    runBit = b;
                    lastRun = p;
                }
            }
            Node<K, V> ln, hn;
            if (runBit == 0) {
                ln = lastRun;
                hn = null;
            } else {
                hn = lastRun;
                ln = null;
            }
            for (Node<K, V> p = f; p != lastRun; p = p.next) {
                if ((p.hash & n) == 0) ln = new Node<K, V>(p.hash, p.key, p.val, ln);
                else hn = new Node<K, V>(p.hash, p.key, p.val, hn);
            }
            nextTab[i] = ln;
            nextTab[i + n] = hn;
            return true;
        }
    }

    // ---- Views and iteration ----------------------------------------------------------------------

    /** The nodes in table order, weakly consistent. */
    private Iterable<Node<K, V>> nodes() {
        return new Iterable<Node<K, V>>() {
            public Iterator<Node<K, V>> iterator() { return new NodeIterator(); }
        };
    }

    final class NodeIterator implements Iterator<Node<K, V>> {
        final Node<K, V>[] tab = table;
        int index;
        Node<K, V> next;
        Node<K, V> last;

        NodeIterator() { advance(null); }

        private void advance(Node<K, V> from) {
            next = from == null ? null : from.next;
            while ((next == null || next.key == null) && tab != null && index < tab.length) next = tab[index++];
            if (next != null && next.key == null) next = null; // a reservation: no mapping yet
        }

        public boolean hasNext() { return next != null; }

        public Node<K, V> next() {
            Node<K, V> e = next;
            if (e == null) throw new NoSuchElementException();
            last = e;
            advance(e);
            return e;
        }

        public void remove() {
            if (last == null) throw new IllegalStateException();
            replaceNode(last.key, null, null);
            last = null;
        }
    }

    public KeySetView<K, V> keySet() { return new KeySetView<K, V>(this, null); }

    public KeySetView<K, V> keySet(V mappedValue) {
        if (mappedValue == null) throw new NullPointerException();
        return new KeySetView<K, V>(this, mappedValue);
    }

    /** The keys of a map as a set; with a mapped value, adding a key maps it to that value. */
    public static class KeySetView<K, V> extends AbstractSet<K> implements java.io.Serializable {
        private final ConcurrentHashMap<K, V> map;
        private final V value;

        KeySetView(ConcurrentHashMap<K, V> map, V value) {
            this.map = map;
            this.value = value;
        }

        public V getMappedValue() { return value; }

        public ConcurrentHashMap<K, V> getMap() { return map; }

        public Iterator<K> iterator() {
            final ConcurrentHashMap<K, V>.NodeIterator it = map.new NodeIterator();
            return new Iterator<K>() {
                public boolean hasNext() { return it.hasNext(); }

                public K next() { return it.next().key; }

                public void remove() { it.remove(); }
            };
        }

        public int size() { return map.size(); }

        public boolean contains(Object o) { return map.containsKey(o); }

        public boolean remove(Object o) { return map.remove(o) != null; }

        public void clear() { map.clear(); }

        public boolean add(K e) {
            if (value == null) throw new UnsupportedOperationException();
            return map.putVal(e, value, true) == null;
        }
    }

    public Collection<V> values() {
        return new AbstractCollection<V>() {
            public Iterator<V> iterator() {
                final NodeIterator it = new NodeIterator();
                return new Iterator<V>() {
                    public boolean hasNext() { return it.hasNext(); }

                    public V next() { return it.next().val; }

                    public void remove() { it.remove(); }
                };
            }

            public int size() { return ConcurrentHashMap.this.size(); }

            public void clear() { ConcurrentHashMap.this.clear(); }
        };
    }

    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<Map.Entry<K, V>>() {
            public Iterator<Map.Entry<K, V>> iterator() {
                final NodeIterator it = new NodeIterator();
                return new Iterator<Map.Entry<K, V>>() {
                    public boolean hasNext() { return it.hasNext(); }

                    public Map.Entry<K, V> next() {
                        Node<K, V> p = it.next();
                        return new MapEntry<K, V>(p.key, p.val, ConcurrentHashMap.this);
                    }

                    public void remove() { it.remove(); }
                };
            }

            public int size() { return ConcurrentHashMap.this.size(); }

            public boolean contains(Object o) {
                Object k, v, r;
                Map.Entry<?, ?> e;
                return ((o instanceof Map.Entry) && (k = (e = (Map.Entry<?, ?>) o).getKey()) != null && (r = get(k)) != null
                        && (v = e.getValue()) != null && (v == r || v.equals(r)));
            }

            public void clear() { ConcurrentHashMap.this.clear(); }
        };
    }

    /** An entry of an iteration; setValue writes through. */
    static final class MapEntry<K, V> implements Map.Entry<K, V> {
        final K key;
        V val;
        final ConcurrentHashMap<K, V> map;

        MapEntry(K key, V val, ConcurrentHashMap<K, V> map) {
            this.key = key;
            this.val = val;
            this.map = map;
        }

        public K getKey() { return key; }

        public V getValue() { return val; }

        public int hashCode() { return key.hashCode() ^ val.hashCode(); }

        public String toString() { return key + "=" + val; }

        public boolean equals(Object o) {
            Object k, v;
            Map.Entry<?, ?> e;
            return ((o instanceof Map.Entry) && (k = (e = (Map.Entry<?, ?>) o).getKey()) != null && (v = e.getValue()) != null
                    && (k == key || k.equals(key)) && (v == val || v.equals(val)));
        }

        public V setValue(V value) {
            if (value == null) throw new NullPointerException();
            V v = val;
            val = value;
            map.put(key, value);
            return v;
        }
    }

    public static <K> KeySetView<K, Boolean> newKeySet() {
        return new KeySetView<K, Boolean>(new ConcurrentHashMap<K, Boolean>(), Boolean.TRUE);
    }

    public int hashCode() {
        int h = 0;
        for (Node<K, V> p : nodes()) h += p.key.hashCode() ^ p.val.hashCode();
        return h;
    }

    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append('{');
        Iterator<Node<K, V>> it = new NodeIterator();
        while (it.hasNext()) {
            Node<K, V> p = it.next();
            K k = p.key;
            V v = p.val;
            sb.append(k == this ? "(this Map)" : k).append('=').append(v == this ? "(this Map)" : v);
            if (it.hasNext()) sb.append(',').append(' ');
        }
        return sb.append('}').toString();
    }
}
