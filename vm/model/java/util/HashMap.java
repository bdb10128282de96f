package java.util;

import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/** A hash table with the JDK's observable behaviour: the same hash spreading, power-of-two
 * tables, load factor, resize splitting and bin order, hence the same iteration order (bins are
 * never turned into trees, which only matters for pathological collisions). */
public class HashMap<K, V> extends AbstractMap<K, V> implements Map<K, V>, Cloneable, java.io.Serializable {
    static final int DEFAULT_INITIAL_CAPACITY = 16;
    static final int MAXIMUM_CAPACITY = 1 << 30;
    static final float DEFAULT_LOAD_FACTOR = 0.75f;

    static class Node<K, V> implements Map.Entry<K, V> {
        final int hash;
        final K key;
        V value;
        Node<K, V> next;

        Node(int hash, K key, V value, Node<K, V> next) {
            this.hash = hash;
            this.key = key;
            this.value = value;
            this.next = next;
        }

        public final K getKey() { return key; }

        public final V getValue() { return value; }

        public final String toString() { return key + "=" + value; }

        public final int hashCode() { return Objects.hashCode(key) ^ Objects.hashCode(value); }

        public final V setValue(V newValue) {
            V oldValue = value;
            value = newValue;
            return oldValue;
        }

        public final boolean equals(Object o) {
            if (o == this) return true;
            return o instanceof Map.Entry && Objects.equals(key, ((Map.Entry<?, ?>) o).getKey())
                    && Objects.equals(value, ((Map.Entry<?, ?>) o).getValue());
        }
    }

    static final int hash(Object key) {
        int h;
        return (key == null) ? 0 : (h = key.hashCode()) ^ (h >>> 16);
    }

    static final int tableSizeFor(int cap) {
        int n = -1 >>> Integer.numberOfLeadingZeros(cap - 1);
        return (n < 0) ? 1 : (n >= MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : n + 1;
    }

    transient Node<K, V>[] table;
    transient Set<Map.Entry<K, V>> entrySet;
    transient Set<K> keySet;
    transient Collection<V> values;
    transient int size;
    transient int modCount;
    int threshold;
    final float loadFactor;

    public HashMap(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0) throw new IllegalArgumentException("Illegal initial capacity: " + initialCapacity);
        if (initialCapacity > MAXIMUM_CAPACITY) initialCapacity = MAXIMUM_CAPACITY;
        if (loadFactor <= 0 || Float.isNaN(loadFactor)) throw new IllegalArgumentException("Illegal load factor: " + loadFactor);
        this.loadFactor = loadFactor;
        this.threshold = tableSizeFor(initialCapacity);
    }

    public HashMap(int initialCapacity) { this(initialCapacity, DEFAULT_LOAD_FACTOR); }

    public HashMap() { this.loadFactor = DEFAULT_LOAD_FACTOR; }

    public HashMap(Map<? extends K, ? extends V> m) {
        this.loadFactor = DEFAULT_LOAD_FACTOR;
        putMapEntries(m, false);
    }

    final void putMapEntries(Map<? extends K, ? extends V> m, boolean evict) {
        int s = m.size();
        if (s > 0) {
            if (table == null) {
                float ft = ((float) s / loadFactor) + 1.0F;
                int t = ((ft < (float) MAXIMUM_CAPACITY) ? (int) ft : MAXIMUM_CAPACITY);
                if (t > threshold) threshold = tableSizeFor(t);
            } else if (s > threshold) {
                resize();
            }
            for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) putVal(hash(e.getKey()), e.getKey(), e.getValue(), false, evict);
        }
    }

    public int size() { return size; }

    public boolean isEmpty() { return size == 0; }

    public V get(Object key) {
        Node<K, V> e;
        return (e = getNode(key)) == null ? null : e.value;
    }

    final Node<K, V> getNode(Object key) {
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) return null;
        int hash = hash(key);
        for (Node<K, V> e = tab[(tab.length - 1) & hash]; e != null; e = e.next) {
            K k;
            if (e.hash == hash && ((k = e.key) == key || (key != null && key.equals(k)))) return e;
        }
        return null;
    }

    public boolean containsKey(Object key) { return getNode(key) != null; }

    public V put(K key, V value) { return putVal(hash(key), key, value, false, true); }

    final V putVal(int hash, K key, V value, boolean onlyIfAbsent, boolean evict) {
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) tab = resize();
        int n = tab.length, i = (n - 1) & hash;
        Node<K, V> p = tab[i];
        if (p == null) {
            tab[i] = newNode(hash, key, value, null);
        } else {
            Node<K, V> e = null;
            for (;;) {
                K k;
                if (p.hash == hash && ((k = p.key) == key || (key != null && key.equals(k)))) {
                    e = p;
                    break;
                }
                if (p.next == null) {
                    p.next = newNode(hash, key, value, null);
                    break;
                }
                p = p.next;
            }
            if (e != null) {
                V oldValue = e.value;
                if (!onlyIfAbsent || oldValue == null) e.value = value;
                afterNodeAccess(e);
                return oldValue;
            }
        }
        ++modCount;
        if (++size > threshold) resize();
        afterNodeInsertion(evict);
        return null;
    }

    @SuppressWarnings("unchecked")
    final Node<K, V>[] resize() {
        Node<K, V>[] oldTab = table;
        int oldCap = (oldTab == null) ? 0 : oldTab.length;
        int oldThr = threshold;
        int newCap, newThr = 0;
        if (oldCap > 0) {
            if (oldCap >= MAXIMUM_CAPACITY) {
                threshold = Integer.MAX_VALUE;
                return oldTab;
            } else if ((newCap = oldCap << 1) < MAXIMUM_CAPACITY && oldCap >= DEFAULT_INITIAL_CAPACITY) {
                newThr = oldThr << 1;
            }
        } else if (oldThr > 0) {
            newCap = oldThr;
        } else {
            newCap = DEFAULT_INITIAL_CAPACITY;
            newThr = (int) (DEFAULT_LOAD_FACTOR * DEFAULT_INITIAL_CAPACITY);
        }
        if (newThr == 0) {
            float ft = (float) newCap * loadFactor;
            newThr = (newCap < MAXIMUM_CAPACITY && ft < (float) MAXIMUM_CAPACITY ? (int) ft : Integer.MAX_VALUE);
        }
        threshold = newThr;
        Node<K, V>[] newTab = (Node<K, V>[]) new Node[newCap];
        table = newTab;
        if (oldTab != null) {
            for (int j = 0; j < oldCap; ++j) {
                Node<K, V> e = oldTab[j];
                if (e == null) continue;
                oldTab[j] = null;
                Node<K, V> loHead = null, loTail = null, hiHead = null, hiTail = null;
                for (; e != null; e = e.next) {
                    if ((e.hash & oldCap) == 0) {
                        if (loTail == null) loHead = e;
                        else loTail.next = e;
                        loTail = e;
                    } else {
                        if (hiTail == null) hiHead = e;
                        else hiTail.next = e;
                        hiTail = e;
                    }
                }
                if (loTail != null) {
                    loTail.next = null;
                    newTab[j] = loHead;
                }
                if (hiTail != null) {
                    hiTail.next = null;
                    newTab[j + oldCap] = hiHead;
                }
            }
        }
        return newTab;
    }

    public void putAll(Map<? extends K, ? extends V> m) { putMapEntries(m, true); }

    public V remove(Object key) {
        Node<K, V> e;
        return (e = removeNode(hash(key), key, null, false)) == null ? null : e.value;
    }

    final Node<K, V> removeNode(int hash, Object key, Object value, boolean matchValue) {
        Node<K, V>[] tab = table;
        if (tab == null || tab.length == 0) return null;
        int index = (tab.length - 1) & hash;
        Node<K, V> prev = null;
        for (Node<K, V> e = tab[index]; e != null; prev = e, e = e.next) {
            K k;
            if (e.hash == hash && ((k = e.key) == key || (key != null && key.equals(k)))) {
                if (matchValue && !Objects.equals(value, e.value)) return null;
                if (prev == null) tab[index] = e.next;
                else prev.next = e.next;
                ++modCount;
                --size;
                afterNodeRemoval(e);
                return e;
            }
        }
        return null;
    }

    public void clear() {
        Node<K, V>[] tab;
        modCount++;
        if ((tab = table) != null && size > 0) {
            size = 0;
            for (int i = 0; i < tab.length; ++i) tab[i] = null;
        }
    }

    public boolean containsValue(Object value) {
        Node<K, V>[] tab = table;
        if (tab != null && size > 0) {
            for (Node<K, V> e : tab)
                for (; e != null; e = e.next)
                    if (Objects.equals(value, e.value)) return true;
        }
        return false;
    }

    public Set<K> keySet() {
        Set<K> ks = keySet;
        if (ks == null) keySet = ks = new KeySet();
        return ks;
    }

    final class KeySet extends AbstractSet<K> {
        public final int size() { return size; }

        public final void clear() { HashMap.this.clear(); }

        public final Iterator<K> iterator() { return newKeyIterator(); }

        public final boolean contains(Object o) { return containsKey(o); }

        public final boolean remove(Object key) { return removeNode(hash(key), key, null, false) != null; }

        public final void forEach(Consumer<? super K> action) {
            Objects.requireNonNull(action);
            int mc = modCount;
            for (Iterator<K> it = iterator(); it.hasNext();) action.accept(it.next());
            if (modCount != mc) throw new ConcurrentModificationException();
        }
    }

    public Collection<V> values() {
        Collection<V> vs = values;
        if (vs == null) values = vs = new Values();
        return vs;
    }

    final class Values extends AbstractCollection<V> {
        public final int size() { return size; }

        public final void clear() { HashMap.this.clear(); }

        public final Iterator<V> iterator() { return newValueIterator(); }

        public final boolean contains(Object o) { return containsValue(o); }
    }

    public Set<Map.Entry<K, V>> entrySet() {
        Set<Map.Entry<K, V>> es = entrySet;
        if (es == null) entrySet = es = new EntrySet();
        return es;
    }

    final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        public final int size() { return size; }

        public final void clear() { HashMap.this.clear(); }

        public final Iterator<Map.Entry<K, V>> iterator() { return newEntryIterator(); }

        public final boolean contains(Object o) {
            if (!(o instanceof Map.Entry)) return false;
            Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
            Node<K, V> candidate = getNode(e.getKey());
            return candidate != null && candidate.equals(e);
        }

        public final boolean remove(Object o) {
            if (o instanceof Map.Entry) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) o;
                return removeNode(hash(e.getKey()), e.getKey(), e.getValue(), true) != null;
            }
            return false;
        }
    }

    public V getOrDefault(Object key, V defaultValue) {
        Node<K, V> e;
        return (e = getNode(key)) == null ? defaultValue : e.value;
    }

    public V putIfAbsent(K key, V value) { return putVal(hash(key), key, value, true, true); }

    public boolean remove(Object key, Object value) { return removeNode(hash(key), key, value, true) != null; }

    public boolean replace(K key, V oldValue, V newValue) {
        Node<K, V> e = getNode(key);
        if (e != null && Objects.equals(e.value, oldValue)) {
            e.value = newValue;
            afterNodeAccess(e);
            return true;
        }
        return false;
    }

    public V replace(K key, V value) {
        Node<K, V> e = getNode(key);
        if (e != null) {
            V oldValue = e.value;
            e.value = value;
            afterNodeAccess(e);
            return oldValue;
        }
        return null;
    }

    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        if (mappingFunction == null) throw new NullPointerException();
        preResize();
        Node<K, V> old = getNode(key);
        if (old != null && old.value != null) {
            afterNodeAccess(old);
            return old.value;
        }
        int mc = modCount;
        V v = mappingFunction.apply(key);
        if (mc != modCount) throw new ConcurrentModificationException();
        if (v == null) return null;
        if (old != null) {
            old.value = v;
            afterNodeAccess(old);
            return v;
        }
        insertFirst(hash(key), key, v);
        return v;
    }

    /** compute, computeIfAbsent and merge grow the table before they look, as the JDK does. */
    private void preResize() {
        if (size > threshold || table == null || table.length == 0) resize();
    }

    /** compute, computeIfAbsent and merge put a new node at the head of its bin. */
    private void insertFirst(int hash, K key, V value) {
        Node<K, V>[] tab = table;
        int i = (tab.length - 1) & hash;
        tab[i] = newNode(hash, key, value, tab[i]);
        modCount++;
        ++size;
        afterNodeInsertion(true);
    }

    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (remappingFunction == null) throw new NullPointerException();
        Node<K, V> e = getNode(key);
        if (e == null || e.value == null) return null;
        int mc = modCount;
        V v = remappingFunction.apply(key, e.value);
        if (mc != modCount) throw new ConcurrentModificationException();
        if (v == null) {
            removeNode(hash(key), key, null, false);
        } else {
            e.value = v;
            afterNodeAccess(e);
        }
        return v;
    }

    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        if (remappingFunction == null) throw new NullPointerException();
        preResize();
        Node<K, V> old = getNode(key);
        V oldValue = (old == null) ? null : old.value;
        int mc = modCount;
        V v = remappingFunction.apply(key, oldValue);
        if (mc != modCount) throw new ConcurrentModificationException();
        if (old != null) {
            if (v != null) {
                old.value = v;
                afterNodeAccess(old);
            } else {
                removeNode(hash(key), key, null, false);
            }
        } else if (v != null) {
            insertFirst(hash(key), key, v);
        }
        return v;
    }

    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remappingFunction) {
        if (value == null || remappingFunction == null) throw new NullPointerException();
        preResize();
        Node<K, V> old = getNode(key);
        if (old != null) {
            V v;
            if (old.value != null) {
                int mc = modCount;
                v = remappingFunction.apply(old.value, value);
                if (mc != modCount) throw new ConcurrentModificationException();
            } else {
                v = value;
            }
            if (v != null) {
                old.value = v;
                afterNodeAccess(old);
            } else {
                removeNode(hash(key), key, null, false);
            }
            return v;
        }
        insertFirst(hash(key), key, value);
        return value;
    }

    public void forEach(BiConsumer<? super K, ? super V> action) {
        if (action == null) throw new NullPointerException();
        int mc = modCount;
        for (Iterator<Map.Entry<K, V>> it = newEntryIterator(); it.hasNext();) {
            Map.Entry<K, V> e = it.next();
            action.accept(e.getKey(), e.getValue());
        }
        if (modCount != mc) throw new ConcurrentModificationException();
    }

    public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
        if (function == null) throw new NullPointerException();
        int mc = modCount;
        for (Iterator<Map.Entry<K, V>> it = newEntryIterator(); it.hasNext();) {
            Node<K, V> e = (Node<K, V>) it.next();
            e.value = function.apply(e.key, e.value);
        }
        if (modCount != mc) throw new ConcurrentModificationException();
    }

    @SuppressWarnings("unchecked")
    public Object clone() {
        HashMap<K, V> result;
        try {
            result = (HashMap<K, V>) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
        result.table = null;
        result.entrySet = null;
        result.keySet = null;
        result.values = null;
        result.modCount = 0;
        result.size = 0;
        result.threshold = 0;
        result.putMapEntries(this, false);
        return result;
    }

    Node<K, V> newNode(int hash, K key, V value, Node<K, V> next) { return new Node<>(hash, key, value, next); }

    void afterNodeAccess(Node<K, V> p) {}

    void afterNodeInsertion(boolean evict) {}

    void afterNodeRemoval(Node<K, V> p) {}

    Iterator<K> newKeyIterator() {
        return new HashIterator<K>() {
            public K next() { return nextNode().key; }
        };
    }

    Iterator<V> newValueIterator() {
        return new HashIterator<V>() {
            public V next() { return nextNode().value; }
        };
    }

    Iterator<Map.Entry<K, V>> newEntryIterator() {
        return new HashIterator<Map.Entry<K, V>>() {
            public Map.Entry<K, V> next() { return nextNode(); }
        };
    }

    abstract class HashIterator<T> implements Iterator<T> {
        Node<K, V> next;
        Node<K, V> current;
        int expectedModCount;
        int index;

        HashIterator() {
            expectedModCount = modCount;
            Node<K, V>[] t = table;
            current = next = null;
            index = 0;
            if (t != null && size > 0) {
                do {} while (index < t.length && (next = t[index++]) == null);
            }
        }

        public final boolean hasNext() { return next != null; }

        final Node<K, V> nextNode() {
            Node<K, V>[] t;
            Node<K, V> e = next;
            if (modCount != expectedModCount) throw new ConcurrentModificationException();
            if (e == null) throw new NoSuchElementException();
            if ((next = (current = e).next) == null && (t = table) != null) {
                do {} while (index < t.length && (next = t[index++]) == null);
            }
            return e;
        }

        public final void remove() {
            Node<K, V> p = current;
            if (p == null) throw new IllegalStateException();
            if (modCount != expectedModCount) throw new ConcurrentModificationException();
            current = null;
            removeNode(p.hash, p.key, null, false);
            expectedModCount = modCount;
        }
    }
}
