package java.util;

import java.util.function.UnaryOperator;

public interface List<E> extends Collection<E> {
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

    boolean addAll(int index, Collection<? extends E> c);

    boolean removeAll(Collection<?> c);

    boolean retainAll(Collection<?> c);

    default void replaceAll(UnaryOperator<E> operator) {
        Objects.requireNonNull(operator);
        final ListIterator<E> li = this.listIterator();
        while (li.hasNext()) li.set(operator.apply(li.next()));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    default void sort(Comparator<? super E> c) {
        Object[] a = this.toArray();
        Arrays.sort(a, (Comparator) c);
        ListIterator<E> i = this.listIterator();
        for (Object e : a) {
            i.next();
            i.set((E) e);
        }
    }

    void clear();

    boolean equals(Object o);

    int hashCode();

    E get(int index);

    E set(int index, E element);

    void add(int index, E element);

    E remove(int index);

    int indexOf(Object o);

    int lastIndexOf(Object o);

    ListIterator<E> listIterator();

    ListIterator<E> listIterator(int index);

    List<E> subList(int fromIndex, int toIndex);

    @SafeVarargs
    @SuppressWarnings("varargs")
    static <E> List<E> of(E... elements) {
        for (E e : elements) Objects.requireNonNull(e);
        return Collections.unmodifiableList(new ArrayList<>(Arrays.asList(elements)));
    }

    static <E> List<E> of() { return Collections.emptyList(); }

    static <E> List<E> of(E e1) { return of((E[]) new Object[] {e1}); }

    static <E> List<E> of(E e1, E e2) { return of((E[]) new Object[] {e1, e2}); }

    static <E> List<E> of(E e1, E e2, E e3) { return of((E[]) new Object[] {e1, e2, e3}); }

    static <E> List<E> of(E e1, E e2, E e3, E e4) {
        return of((E[]) new Object[] {e1, e2, e3, e4});
    }

    static <E> List<E> of(E e1, E e2, E e3, E e4, E e5) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5});
    }

    static <E> List<E> of(E e1, E e2, E e3, E e4, E e5, E e6) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6});
    }

    static <E> List<E> of(E e1, E e2, E e3, E e4, E e5, E e6, E e7) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6, e7});
    }

    static <E> List<E> of(E e1, E e2, E e3, E e4, E e5, E e6, E e7, E e8) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6, e7, e8});
    }

    static <E> List<E> of(E e1, E e2, E e3, E e4, E e5, E e6, E e7, E e8, E e9) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6, e7, e8, e9});
    }

    static <E> List<E> of(E e1, E e2, E e3, E e4, E e5, E e6, E e7, E e8, E e9, E e10) {
        return of((E[]) new Object[] {e1, e2, e3, e4, e5, e6, e7, e8, e9, e10});
    }

    static <E> List<E> copyOf(Collection<? extends E> coll) {
        for (E e : coll) Objects.requireNonNull(e);
        return Collections.unmodifiableList(new ArrayList<>(coll));
    }
}
