package java.util;

public interface Set<E> extends Collection<E> {
    int size();

    boolean isEmpty();

    boolean contains(Object o);

    Iterator<E> iterator();

    Object[] toArray();

    <T> T[] toArray(T[] a);

    boolean add(E e);

    boolean remove(Object o);

    boolean containsAll(Collection<?> c);

    boolean addAll(Collection<? extends E> c);

    boolean retainAll(Collection<?> c);

    boolean removeAll(Collection<?> c);

    void clear();

    boolean equals(Object o);

    int hashCode();

    @SafeVarargs
    @SuppressWarnings("varargs")
    static <E> Set<E> of(E... elements) {
        Set<E> s = new LinkedHashSet<>();
        for (E e : elements)
            if (!s.add(Objects.requireNonNull(e))) throw new IllegalArgumentException("duplicate element: " + e);
        return Collections.unmodifiableSet(s);
    }

    static <E> Set<E> of() { return Collections.emptySet(); }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1) { return of((E[]) new Object[] {e1}); }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2) { return of((E[]) new Object[] {e1, e2}); }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2, E e3) { return of((E[]) new Object[] {e1, e2, e3}); }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2, E e3, E e4) {
        return of((E[]) new Object[] {e1, e2, e3, e4});
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2, E e3, E e4, E e5) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5});
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2, E e3, E e4, E e5, E e6) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6});
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2, E e3, E e4, E e5, E e6, E e7) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6, e7});
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2, E e3, E e4, E e5, E e6, E e7, E e8) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6, e7, e8});
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2, E e3, E e4, E e5, E e6, E e7, E e8, E e9) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6, e7, e8, e9});
    }

    @SuppressWarnings("unchecked")
    static <E> Set<E> of(E e1, E e2, E e3, E e4, E e5, E e6, E e7, E e8, E e9, E e10) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6, e7, e8, e9, e10});
    }

    static <E> Set<E> copyOf(Collection<? extends E> coll) {
        for (E e : coll) Objects.requireNonNull(e);
        return Collections.unmodifiableSet(new LinkedHashSet<>(coll));
    }
}
