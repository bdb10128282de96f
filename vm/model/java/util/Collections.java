package java.util;

import java.util.function.Consumer;

public class Collections {
    private Collections() {}

    static final class NaturalOrder implements Comparator<Comparable<Object>> {
        static final NaturalOrder INSTANCE = new NaturalOrder();

        public int compare(Comparable<Object> c1, Comparable<Object> c2) { return c1.compareTo(c2); }

        public Comparator<Comparable<Object>> reversed() { return Collections.reverseOrder(); }
    }

    private static final class ReverseComparator implements Comparator<Comparable<Object>>, java.io.Serializable {
        static final ReverseComparator REVERSE_ORDER = new ReverseComparator();

        public int compare(Comparable<Object> c1, Comparable<Object> c2) { return c2.compareTo(c1); }

        @SuppressWarnings("unchecked")
        public Comparator<Comparable<Object>> reversed() { return (Comparator) NaturalOrder.INSTANCE; }
    }

    private static final class ReverseComparator2<T> implements Comparator<T>, java.io.Serializable {
        final Comparator<T> cmp;

        ReverseComparator2(Comparator<T> cmp) { this.cmp = cmp; }

        public int compare(T t1, T t2) { return cmp.compare(t2, t1); }

        public Comparator<T> reversed() { return cmp; }
    }

    @SuppressWarnings("unchecked")
    public static <T> Comparator<T> reverseOrder() { return (Comparator<T>) ReverseComparator.REVERSE_ORDER; }

    @SuppressWarnings("unchecked")
    public static <T> Comparator<T> reverseOrder(Comparator<T> cmp) {
        if (cmp == null) return (Comparator<T>) ReverseComparator.REVERSE_ORDER;
        if (cmp == ReverseComparator.REVERSE_ORDER) return (Comparator<T>) NaturalOrder.INSTANCE;
        if (cmp == NaturalOrder.INSTANCE) return (Comparator<T>) ReverseComparator.REVERSE_ORDER;
        if (cmp instanceof ReverseComparator2) return ((ReverseComparator2<T>) cmp).cmp;
        return new ReverseComparator2<>(cmp);
    }

    public static <T extends Comparable<? super T>> void sort(List<T> list) { list.sort(null); }

    public static <T> void sort(List<T> list, Comparator<? super T> c) { list.sort(c); }

    public static void reverse(List<?> list) {
        int size = list.size();
        @SuppressWarnings("unchecked")
        List<Object> l = (List<Object>) list;
        for (int i = 0, mid = size >> 1, j = size - 1; i < mid; i++, j--) l.set(i, l.set(j, l.get(i)));
    }

    private static Random r;

    public static void shuffle(List<?> list) {
        Random rnd = r;
        if (rnd == null) r = rnd = new Random();
        shuffle(list, rnd);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void shuffle(List<?> list, Random rnd) {
        int size = list.size();
        Object[] arr = list.toArray();
        for (int i = size; i > 1; i--) {
            int j = rnd.nextInt(i);
            Object tmp = arr[i - 1];
            arr[i - 1] = arr[j];
            arr[j] = tmp;
        }
        ListIterator it = list.listIterator();
        for (Object e : arr) {
            it.next();
            it.set(e);
        }
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void swap(List<?> list, int i, int j) {
        final List l = list;
        l.set(i, l.set(j, l.get(i)));
    }

    public static <T> void fill(List<? super T> list, T obj) {
        for (int i = 0; i < list.size(); i++) list.set(i, obj);
    }

    public static <T extends Object & Comparable<? super T>> T min(Collection<? extends T> coll) {
        Iterator<? extends T> i = coll.iterator();
        T candidate = i.next();
        while (i.hasNext()) {
            T next = i.next();
            if (next.compareTo(candidate) < 0) candidate = next;
        }
        return candidate;
    }

    public static <T> T min(Collection<? extends T> coll, Comparator<? super T> comp) {
        if (comp == null) return (T) min((Collection) coll);
        Iterator<? extends T> i = coll.iterator();
        T candidate = i.next();
        while (i.hasNext()) {
            T next = i.next();
            if (comp.compare(next, candidate) < 0) candidate = next;
        }
        return candidate;
    }

    public static <T extends Object & Comparable<? super T>> T max(Collection<? extends T> coll) {
        Iterator<? extends T> i = coll.iterator();
        T candidate = i.next();
        while (i.hasNext()) {
            T next = i.next();
            if (next.compareTo(candidate) > 0) candidate = next;
        }
        return candidate;
    }

    public static <T> T max(Collection<? extends T> coll, Comparator<? super T> comp) {
        if (comp == null) return (T) max((Collection) coll);
        Iterator<? extends T> i = coll.iterator();
        T candidate = i.next();
        while (i.hasNext()) {
            T next = i.next();
            if (comp.compare(next, candidate) > 0) candidate = next;
        }
        return candidate;
    }

    public static int frequency(Collection<?> c, Object o) {
        int result = 0;
        for (Object e : c)
            if (Objects.equals(o, e)) result++;
        return result;
    }

    public static boolean disjoint(Collection<?> c1, Collection<?> c2) {
        for (Object e : c1)
            if (c2.contains(e)) return false;
        return true;
    }

    @SafeVarargs
    public static <T> boolean addAll(Collection<? super T> c, T... elements) {
        boolean result = false;
        for (T element : elements) result |= c.add(element);
        return result;
    }

    public static <T> int binarySearch(List<? extends Comparable<? super T>> list, T key) {
        int low = 0, high = list.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int cmp = list.get(mid).compareTo(key);
            if (cmp < 0) low = mid + 1;
            else if (cmp > 0) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    @SuppressWarnings("unchecked")
    public static <T> int binarySearch(List<? extends T> list, T key, Comparator<? super T> c) {
        if (c == null) return binarySearch((List<? extends Comparable<? super T>>) list, key);
        int low = 0, high = list.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int cmp = c.compare(list.get(mid), key);
            if (cmp < 0) low = mid + 1;
            else if (cmp > 0) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    public static <T> void copy(List<? super T> dest, List<? extends T> src) {
        int n = src.size();
        if (n > dest.size()) throw new IndexOutOfBoundsException("Source does not fit in dest");
        for (int i = 0; i < n; i++) dest.set(i, src.get(i));
    }

    /** Replaces by index in a RandomAccess list, through a list iterator in any other. */
    public static <T> boolean replaceAll(List<T> list, T oldVal, T newVal) {
        boolean replaced = false;
        if (list instanceof RandomAccess) {
            for (int i = 0, n = list.size(); i < n; i++) {
                if (Objects.equals(list.get(i), oldVal)) {
                    list.set(i, newVal);
                    replaced = true;
                }
            }
            return replaced;
        }
        for (ListIterator<T> it = list.listIterator(); it.hasNext();) {
            if (Objects.equals(it.next(), oldVal)) {
                it.set(newVal);
                replaced = true;
            }
        }
        return replaced;
    }

    public static int indexOfSubList(List<?> source, List<?> target) {
        int n = source.size(), m = target.size();
        for (int i = 0; i <= n - m; i++)
            if (startsAt(source, target, i)) return i;
        return -1;
    }

    public static int lastIndexOfSubList(List<?> source, List<?> target) {
        int n = source.size(), m = target.size();
        for (int i = n - m; i >= 0; i--)
            if (startsAt(source, target, i)) return i;
        return -1;
    }

    private static boolean startsAt(List<?> source, List<?> target, int at) {
        for (int j = 0, m = target.size(); j < m; j++)
            if (!Objects.equals(source.get(at + j), target.get(j))) return false;
        return true;
    }

    /** As the Javadoc describes: a RandomAccess or short list moves each element once, cycle by
     * cycle, with set; a longer one is reversed in two parts and then whole. */
    public static void rotate(List<?> list, int distance) {
        int size = list.size();
        if (size == 0) return;
        if (list instanceof RandomAccess || size < 100) {
            rotateByCycles(list, distance, size);
            return;
        }
        int mid = -distance % size;
        if (mid < 0) mid += size;
        if (mid == 0) return;
        reverse(list.subList(0, mid));
        reverse(list.subList(mid, size));
        reverse(list);
    }

    private static <T> void rotateByCycles(List<T> list, int distance, int size) {
        distance %= size;
        if (distance < 0) distance += size;
        if (distance == 0) return;
        for (int start = 0, moved = 0; moved != size; start++) {
            T displaced = list.get(start);
            int i = start;
            do {
                i += distance;
                if (i >= size) i -= size;
                displaced = list.set(i, displaced);
                moved++;
            } while (i != start);
        }
    }

    @SuppressWarnings("unchecked")
    public static <T> Iterator<T> emptyIterator() { return (Iterator<T>) EmptyIterator.EMPTY; }

    @SuppressWarnings("unchecked")
    public static <T> ListIterator<T> emptyListIterator() { return (ListIterator<T>) EmptyIterator.EMPTY; }

    @SuppressWarnings("unchecked")
    public static <T> Enumeration<T> emptyEnumeration() { return (Enumeration<T>) EmptyIterator.EMPTY; }

    /** The one empty iterator, list iterator and enumeration. */
    private static final class EmptyIterator<E> implements ListIterator<E>, Enumeration<E> {
        static final EmptyIterator<Object> EMPTY = new EmptyIterator<>();

        public boolean hasNext() { return false; }

        public E next() { throw new NoSuchElementException(); }

        public boolean hasPrevious() { return false; }

        public E previous() { throw new NoSuchElementException(); }

        public int nextIndex() { return 0; }

        public int previousIndex() { return -1; }

        public void remove() { throw new IllegalStateException(); }

        public void set(E e) { throw new IllegalStateException(); }

        public void add(E e) { throw new UnsupportedOperationException(); }

        public void forEachRemaining(Consumer<? super E> action) { Objects.requireNonNull(action); }

        public boolean hasMoreElements() { return false; }

        public E nextElement() { throw new NoSuchElementException(); }

        public Iterator<E> asIterator() { return this; }
    }

    public static <T> Enumeration<T> enumeration(final Collection<T> c) {
        return new Enumeration<T>() {
            private final Iterator<T> i = c.iterator();

            public boolean hasMoreElements() { return i.hasNext(); }

            public T nextElement() { return i.next(); }

            public Iterator<T> asIterator() { return i; }
        };
    }

    public static <T> ArrayList<T> list(Enumeration<T> e) {
        ArrayList<T> l = new ArrayList<>();
        while (e.hasMoreElements()) l.add(e.nextElement());
        return l;
    }

    /** A set whose every call is one call of [m] (so a ConcurrentHashMap's set is as atomic as
     * the map), as the JDK's. */
    public static <E> Set<E> newSetFromMap(Map<E, Boolean> map) {
        if (!map.isEmpty()) throw new IllegalArgumentException("Map is non-empty");
        return new SetFromMap<>(map);
    }

    private static class SetFromMap<E> extends AbstractSet<E> implements java.io.Serializable {
        private final Map<E, Boolean> m;
        private final Set<E> s;

        SetFromMap(Map<E, Boolean> map) {
            m = map;
            s = map.keySet();
        }

        public void clear() { m.clear(); }

        public int size() { return m.size(); }

        public boolean isEmpty() { return m.isEmpty(); }

        public boolean contains(Object o) { return m.containsKey(o); }

        public boolean remove(Object o) { return m.remove(o) != null; }

        public boolean add(E e) { return m.put(e, Boolean.TRUE) == null; }

        public Iterator<E> iterator() { return s.iterator(); }

        public Object[] toArray() { return s.toArray(); }

        public <T> T[] toArray(T[] a) { return s.toArray(a); }

        public String toString() { return s.toString(); }

        public int hashCode() { return s.hashCode(); }

        public boolean equals(Object o) { return o == this || s.equals(o); }

        public boolean containsAll(Collection<?> c) { return s.containsAll(c); }

        public boolean removeAll(Collection<?> c) { return s.removeAll(c); }

        public boolean retainAll(Collection<?> c) { return s.retainAll(c); }

        public void forEach(Consumer<? super E> action) { s.forEach(action); }

        public boolean removeIf(java.util.function.Predicate<? super E> filter) { return s.removeIf(filter); }
    }

    /** A last-in-first-out view of [deque]: every call is one call of the deque. */
    public static <T> Queue<T> asLifoQueue(Deque<T> deque) { return new AsLifoQueue<>(Objects.requireNonNull(deque)); }

    private static class AsLifoQueue<E> extends AbstractQueue<E> implements Queue<E>, java.io.Serializable {
        private final Deque<E> q;

        AsLifoQueue(Deque<E> q) { this.q = q; }

        public boolean add(E e) {
            q.addFirst(e);
            return true;
        }

        public boolean offer(E e) { return q.offerFirst(e); }

        public E poll() { return q.pollFirst(); }

        public E remove() { return q.removeFirst(); }

        public E peek() { return q.peekFirst(); }

        public E element() { return q.getFirst(); }

        public void clear() { q.clear(); }

        public int size() { return q.size(); }

        public boolean isEmpty() { return q.isEmpty(); }

        public boolean contains(Object o) { return q.contains(o); }

        public boolean remove(Object o) { return q.remove(o); }

        public Iterator<E> iterator() { return q.iterator(); }

        public Object[] toArray() { return q.toArray(); }

        public <T> T[] toArray(T[] a) { return q.toArray(a); }

        public String toString() { return q.toString(); }

        public boolean containsAll(Collection<?> c) { return q.containsAll(c); }

        public boolean removeAll(Collection<?> c) { return q.removeAll(c); }

        public boolean retainAll(Collection<?> c) { return q.retainAll(c); }

        public void forEach(Consumer<? super E> action) { q.forEach(action); }

        public boolean removeIf(java.util.function.Predicate<? super E> filter) { return q.removeIf(filter); }
    }

    public static <T> List<T> nCopies(int n, T o) {
        if (n < 0) throw new IllegalArgumentException("List length = " + n);
        List<T> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) l.add(o);
        return unmodifiableList(l);
    }

    @SuppressWarnings("unchecked")
    public static <T> List<T> emptyList() { return (List<T>) EMPTY_LIST; }

    @SuppressWarnings("unchecked")
    public static <T> Set<T> emptySet() { return (Set<T>) EMPTY_SET; }

    @SuppressWarnings("unchecked")
    public static <K, V> Map<K, V> emptyMap() { return (Map<K, V>) EMPTY_MAP; }

    @SuppressWarnings("rawtypes")
    public static final List EMPTY_LIST = new UnmodifiableList<>(new ArrayList<>());
    @SuppressWarnings("rawtypes")
    public static final Set EMPTY_SET = new UnmodifiableSet<>(new HashSet<>());
    @SuppressWarnings("rawtypes")
    public static final Map EMPTY_MAP = new UnmodifiableMap<>(new HashMap<>());

    public static <T> List<T> singletonList(T o) {
        List<T> l = new ArrayList<>(1);
        l.add(o);
        return new UnmodifiableList<>(l);
    }

    public static <T> Set<T> singleton(T o) {
        Set<T> s = new HashSet<>(1);
        s.add(o);
        return new UnmodifiableSet<>(s);
    }

    public static <K, V> Map<K, V> singletonMap(K key, V value) {
        Map<K, V> m = new HashMap<>(1);
        m.put(key, value);
        return new UnmodifiableMap<>(m);
    }

    public static <T> Collection<T> unmodifiableCollection(Collection<? extends T> c) { return new UnmodifiableCollection<>(c); }

    public static <T> List<T> unmodifiableList(List<? extends T> list) {
        if (list instanceof UnmodifiableList) return (List<T>) list;
        return new UnmodifiableList<>(list);
    }

    public static <T> Set<T> unmodifiableSet(Set<? extends T> s) {
        if (s instanceof UnmodifiableSet) return (Set<T>) s;
        return new UnmodifiableSet<>(s);
    }

    public static <K, V> Map<K, V> unmodifiableMap(Map<? extends K, ? extends V> m) {
        if (m instanceof UnmodifiableMap) return (Map<K, V>) m;
        return new UnmodifiableMap<>(m);
    }

    static class UnmodifiableCollection<E> implements Collection<E>, java.io.Serializable {
        final Collection<? extends E> c;

        UnmodifiableCollection(Collection<? extends E> c) { this.c = Objects.requireNonNull(c); }

        public int size() { return c.size(); }

        public boolean isEmpty() { return c.isEmpty(); }

        public boolean contains(Object o) { return c.contains(o); }

        public Object[] toArray() { return c.toArray(); }

        public <T> T[] toArray(T[] a) { return c.toArray(a); }

        public String toString() { return c.toString(); }

        public Iterator<E> iterator() {
            return new Iterator<E>() {
                private final Iterator<? extends E> i = c.iterator();

                public boolean hasNext() { return i.hasNext(); }

                public E next() { return i.next(); }

                public void remove() { throw new UnsupportedOperationException(); }
            };
        }

        public boolean add(E e) { throw new UnsupportedOperationException(); }

        public boolean remove(Object o) { throw new UnsupportedOperationException(); }

        public boolean containsAll(Collection<?> coll) { return c.containsAll(coll); }

        public boolean addAll(Collection<? extends E> coll) { throw new UnsupportedOperationException(); }

        public boolean removeAll(Collection<?> coll) { throw new UnsupportedOperationException(); }

        public boolean retainAll(Collection<?> coll) { throw new UnsupportedOperationException(); }

        public void clear() { throw new UnsupportedOperationException(); }

        public void forEach(Consumer<? super E> action) { c.forEach(action); }

        public boolean removeIf(java.util.function.Predicate<? super E> filter) { throw new UnsupportedOperationException(); }
    }

    static class UnmodifiableSet<E> extends UnmodifiableCollection<E> implements Set<E> {
        UnmodifiableSet(Set<? extends E> s) { super(s); }

        public boolean equals(Object o) { return o == this || c.equals(o); }

        public int hashCode() { return c.hashCode(); }
    }

    static class UnmodifiableList<E> extends UnmodifiableCollection<E> implements List<E> {
        final List<? extends E> list;

        UnmodifiableList(List<? extends E> list) {
            super(list);
            this.list = list;
        }

        public boolean equals(Object o) { return o == this || list.equals(o); }

        public int hashCode() { return list.hashCode(); }

        public E get(int index) { return list.get(index); }

        public E set(int index, E element) { throw new UnsupportedOperationException(); }

        public void add(int index, E element) { throw new UnsupportedOperationException(); }

        public E remove(int index) { throw new UnsupportedOperationException(); }

        public int indexOf(Object o) { return list.indexOf(o); }

        public int lastIndexOf(Object o) { return list.lastIndexOf(o); }

        public boolean addAll(int index, Collection<? extends E> c) { throw new UnsupportedOperationException(); }

        public void replaceAll(java.util.function.UnaryOperator<E> operator) { throw new UnsupportedOperationException(); }

        public void sort(Comparator<? super E> c) { throw new UnsupportedOperationException(); }

        public ListIterator<E> listIterator() { return listIterator(0); }

        public ListIterator<E> listIterator(final int index) {
            return new ListIterator<E>() {
                private final ListIterator<? extends E> i = list.listIterator(index);

                public boolean hasNext() { return i.hasNext(); }

                public E next() { return i.next(); }

                public boolean hasPrevious() { return i.hasPrevious(); }

                public E previous() { return i.previous(); }

                public int nextIndex() { return i.nextIndex(); }

                public int previousIndex() { return i.previousIndex(); }

                public void remove() { throw new UnsupportedOperationException(); }

                public void set(E e) { throw new UnsupportedOperationException(); }

                public void add(E e) { throw new UnsupportedOperationException(); }
            };
        }

        public List<E> subList(int fromIndex, int toIndex) { return new UnmodifiableList<>(list.subList(fromIndex, toIndex)); }
    }

    static class UnmodifiableMap<K, V> implements Map<K, V>, java.io.Serializable {
        private final Map<? extends K, ? extends V> m;

        UnmodifiableMap(Map<? extends K, ? extends V> m) { this.m = Objects.requireNonNull(m); }

        public int size() { return m.size(); }

        public boolean isEmpty() { return m.isEmpty(); }

        public boolean containsKey(Object key) { return m.containsKey(key); }

        public boolean containsValue(Object val) { return m.containsValue(val); }

        public V get(Object key) { return m.get(key); }

        public V put(K key, V value) { throw new UnsupportedOperationException(); }

        public V remove(Object key) { throw new UnsupportedOperationException(); }

        public void putAll(Map<? extends K, ? extends V> m) { throw new UnsupportedOperationException(); }

        public void clear() { throw new UnsupportedOperationException(); }

        @SuppressWarnings("unchecked")
        public Set<K> keySet() { return unmodifiableSet((Set<K>) m.keySet()); }

        @SuppressWarnings({"unchecked", "rawtypes"})
        public Set<Map.Entry<K, V>> entrySet() { return unmodifiableSet((Set) m.entrySet()); }

        @SuppressWarnings("unchecked")
        public Collection<V> values() { return unmodifiableCollection((Collection<V>) m.values()); }

        public boolean equals(Object o) { return o == this || m.equals(o); }

        public int hashCode() { return m.hashCode(); }

        public String toString() { return m.toString(); }

        @SuppressWarnings("unchecked")
        public V getOrDefault(Object k, V defaultValue) { return ((Map<K, V>) m).getOrDefault(k, defaultValue); }

        public V putIfAbsent(K key, V value) { throw new UnsupportedOperationException(); }

        public V computeIfAbsent(K key, java.util.function.Function<? super K, ? extends V> f) { throw new UnsupportedOperationException(); }

        public V merge(K key, V value, java.util.function.BiFunction<? super V, ? super V, ? extends V> f) { throw new UnsupportedOperationException(); }
    }

    public static <T> Collection<T> synchronizedCollection(Collection<T> c) { return new SynchronizedCollection<>(c, null); }

    public static <T> Set<T> synchronizedSet(Set<T> s) { return new SynchronizedSet<>(s, null); }

    public static <T> List<T> synchronizedList(List<T> list) {
        return list instanceof RandomAccess ? new SynchronizedRandomAccessList<>(list, null) : new SynchronizedList<>(list, null);
    }

    public static <K, V> Map<K, V> synchronizedMap(Map<K, V> m) { return new SynchronizedMap<>(m); }

    /** As the JDK's: every method but iterator() holds the wrapper's monitor (or the mutex of
     * the collection it is a view of) around one call of the wrapped collection, so that each
     * call, addAll and removeIf included, is atomic; iterating needs the caller's own lock. */
    static class SynchronizedCollection<E> implements Collection<E>, java.io.Serializable {
        final Collection<E> c;
        final Object mutex;

        SynchronizedCollection(Collection<E> c, Object mutex) {
            this.c = Objects.requireNonNull(c);
            this.mutex = mutex == null ? this : mutex;
        }

        public int size() { synchronized (mutex) { return c.size(); } }

        public boolean isEmpty() { synchronized (mutex) { return c.isEmpty(); } }

        public boolean contains(Object o) { synchronized (mutex) { return c.contains(o); } }

        public Object[] toArray() { synchronized (mutex) { return c.toArray(); } }

        public <T> T[] toArray(T[] a) { synchronized (mutex) { return c.toArray(a); } }

        public <T> T[] toArray(java.util.function.IntFunction<T[]> f) { synchronized (mutex) { return c.toArray(f); } }

        public Iterator<E> iterator() { return c.iterator(); }

        public boolean add(E e) { synchronized (mutex) { return c.add(e); } }

        public boolean remove(Object o) { synchronized (mutex) { return c.remove(o); } }

        public boolean containsAll(Collection<?> coll) { synchronized (mutex) { return c.containsAll(coll); } }

        public boolean addAll(Collection<? extends E> coll) { synchronized (mutex) { return c.addAll(coll); } }

        public boolean removeAll(Collection<?> coll) { synchronized (mutex) { return c.removeAll(coll); } }

        public boolean retainAll(Collection<?> coll) { synchronized (mutex) { return c.retainAll(coll); } }

        public void clear() { synchronized (mutex) { c.clear(); } }

        public String toString() { synchronized (mutex) { return c.toString(); } }

        public void forEach(Consumer<? super E> action) { synchronized (mutex) { c.forEach(action); } }

        public boolean removeIf(java.util.function.Predicate<? super E> filter) { synchronized (mutex) { return c.removeIf(filter); } }
    }

    static class SynchronizedSet<E> extends SynchronizedCollection<E> implements Set<E> {
        SynchronizedSet(Set<E> s, Object mutex) { super(s, mutex); }

        public boolean equals(Object o) {
            if (this == o) return true;
            synchronized (mutex) { return c.equals(o); }
        }

        public int hashCode() { synchronized (mutex) { return c.hashCode(); } }
    }

    static class SynchronizedList<E> extends SynchronizedCollection<E> implements List<E> {
        final List<E> list;

        SynchronizedList(List<E> list, Object mutex) {
            super(list, mutex);
            this.list = list;
        }

        public boolean equals(Object o) {
            if (this == o) return true;
            synchronized (mutex) { return list.equals(o); }
        }

        public int hashCode() { synchronized (mutex) { return list.hashCode(); } }

        public E get(int index) { synchronized (mutex) { return list.get(index); } }

        public E set(int index, E element) { synchronized (mutex) { return list.set(index, element); } }

        public void add(int index, E element) { synchronized (mutex) { list.add(index, element); } }

        public E remove(int index) { synchronized (mutex) { return list.remove(index); } }

        public int indexOf(Object o) { synchronized (mutex) { return list.indexOf(o); } }

        public int lastIndexOf(Object o) { synchronized (mutex) { return list.lastIndexOf(o); } }

        public boolean addAll(int index, Collection<? extends E> coll) { synchronized (mutex) { return list.addAll(index, coll); } }

        public ListIterator<E> listIterator() { return list.listIterator(); }

        public ListIterator<E> listIterator(int index) { return list.listIterator(index); }

        public List<E> subList(int fromIndex, int toIndex) {
            synchronized (mutex) { return new SynchronizedList<>(list.subList(fromIndex, toIndex), mutex); }
        }

        public void replaceAll(java.util.function.UnaryOperator<E> operator) { synchronized (mutex) { list.replaceAll(operator); } }

        public void sort(Comparator<? super E> comparator) { synchronized (mutex) { list.sort(comparator); } }
    }

    static class SynchronizedRandomAccessList<E> extends SynchronizedList<E> implements RandomAccess {
        SynchronizedRandomAccessList(List<E> list, Object mutex) { super(list, mutex); }

        public List<E> subList(int fromIndex, int toIndex) {
            synchronized (mutex) { return new SynchronizedRandomAccessList<>(list.subList(fromIndex, toIndex), mutex); }
        }
    }

    /** As the JDK's: every method holds the wrapper's monitor around one call of the wrapped
     * map (the compound defaults putIfAbsent, compute, merge... included, each atomic); its
     * views are synchronized on the same monitor. */
    static class SynchronizedMap<K, V> implements Map<K, V>, java.io.Serializable {
        final Map<K, V> m;
        final Object mutex = this;

        SynchronizedMap(Map<K, V> m) { this.m = Objects.requireNonNull(m); }

        public int size() { synchronized (mutex) { return m.size(); } }

        public boolean isEmpty() { synchronized (mutex) { return m.isEmpty(); } }

        public boolean containsKey(Object key) { synchronized (mutex) { return m.containsKey(key); } }

        public boolean containsValue(Object value) { synchronized (mutex) { return m.containsValue(value); } }

        public V get(Object key) { synchronized (mutex) { return m.get(key); } }

        public V put(K key, V value) { synchronized (mutex) { return m.put(key, value); } }

        public V remove(Object key) { synchronized (mutex) { return m.remove(key); } }

        public void putAll(Map<? extends K, ? extends V> map) { synchronized (mutex) { m.putAll(map); } }

        public void clear() { synchronized (mutex) { m.clear(); } }

        public Set<K> keySet() { synchronized (mutex) { return new SynchronizedSet<>(m.keySet(), mutex); } }

        public Set<Map.Entry<K, V>> entrySet() { synchronized (mutex) { return new SynchronizedSet<>(m.entrySet(), mutex); } }

        public Collection<V> values() { synchronized (mutex) { return new SynchronizedCollection<>(m.values(), mutex); } }

        public boolean equals(Object o) {
            if (this == o) return true;
            synchronized (mutex) { return m.equals(o); }
        }

        public int hashCode() { synchronized (mutex) { return m.hashCode(); } }

        public String toString() { synchronized (mutex) { return m.toString(); } }

        public V getOrDefault(Object k, V defaultValue) { synchronized (mutex) { return m.getOrDefault(k, defaultValue); } }

        public void forEach(java.util.function.BiConsumer<? super K, ? super V> action) { synchronized (mutex) { m.forEach(action); } }

        public void replaceAll(java.util.function.BiFunction<? super K, ? super V, ? extends V> function) { synchronized (mutex) { m.replaceAll(function); } }

        public V putIfAbsent(K key, V value) { synchronized (mutex) { return m.putIfAbsent(key, value); } }

        public boolean remove(Object key, Object value) { synchronized (mutex) { return m.remove(key, value); } }

        public boolean replace(K key, V oldValue, V newValue) { synchronized (mutex) { return m.replace(key, oldValue, newValue); } }

        public V replace(K key, V value) { synchronized (mutex) { return m.replace(key, value); } }

        public V computeIfAbsent(K key, java.util.function.Function<? super K, ? extends V> f) { synchronized (mutex) { return m.computeIfAbsent(key, f); } }

        public V computeIfPresent(K key, java.util.function.BiFunction<? super K, ? super V, ? extends V> f) { synchronized (mutex) { return m.computeIfPresent(key, f); } }

        public V compute(K key, java.util.function.BiFunction<? super K, ? super V, ? extends V> f) { synchronized (mutex) { return m.compute(key, f); } }

        public V merge(K key, V value, java.util.function.BiFunction<? super V, ? super V, ? extends V> f) { synchronized (mutex) { return m.merge(key, value, f); } }
    }
}
