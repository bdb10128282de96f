package java.util;

import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

public class ArrayList<E> extends AbstractList<E> implements List<E>, RandomAccess, Cloneable, java.io.Serializable {
    private static final Object[] EMPTY = {};
    transient Object[] elementData;
    private int size;

    public ArrayList(int initialCapacity) {
        if (initialCapacity < 0) throw new IllegalArgumentException("Illegal Capacity: " + initialCapacity);
        elementData = initialCapacity == 0 ? EMPTY : new Object[initialCapacity];
    }

    public ArrayList() { elementData = EMPTY; }

    public ArrayList(Collection<? extends E> c) {
        Object[] a = c.toArray();
        size = a.length;
        elementData = size == 0 ? EMPTY : Arrays.copyOf(a, size, Object[].class);
    }

    public void trimToSize() {
        modCount++;
        if (size < elementData.length) elementData = size == 0 ? EMPTY : Arrays.copyOf(elementData, size);
    }

    public void ensureCapacity(int minCapacity) {
        if (minCapacity > elementData.length) {
            modCount++;
            grow(minCapacity);
        }
    }

    private Object[] grow(int minCapacity) {
        int old = elementData.length;
        int n = Math.max(minCapacity, old == 0 ? 10 : old + (old >> 1));
        return elementData = Arrays.copyOf(elementData, n);
    }

    public int size() { return size; }

    public boolean isEmpty() { return size == 0; }

    public boolean contains(Object o) { return indexOf(o) >= 0; }

    /* The size, then the array, each read once, as the JDK's indexOf does. */
    public int indexOf(Object o) {
        int end = size;
        Object[] es = elementData;
        if (o == null) {
            for (int i = 0; i < end; i++)
                if (es[i] == null) return i;
        } else {
            for (int i = 0; i < end; i++)
                if (o.equals(es[i])) return i;
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        Object[] es = elementData;
        for (int i = size - 1; i >= 0; i--)
            if (Objects.equals(o, es[i])) return i;
        return -1;
    }

    public Object clone() {
        try {
            @SuppressWarnings("unchecked")
            ArrayList<E> v = (ArrayList<E>) super.clone();
            v.elementData = Arrays.copyOf(elementData, size);
            v.modCount = 0;
            return v;
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    public Object[] toArray() { return Arrays.copyOf(elementData, size); }

    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        if (a.length < size) return (T[]) Arrays.copyOf(elementData, size, a.getClass());
        System.arraycopy(elementData, 0, a, 0, size);
        if (a.length > size) a[size] = null;
        return a;
    }

    @SuppressWarnings("unchecked")
    E elementData(int index) { return (E) elementData[index]; }

    public E get(int index) {
        Objects.checkIndex(index, size);
        return elementData(index);
    }

    public E set(int index, E element) {
        Objects.checkIndex(index, size);
        E oldValue = elementData(index);
        elementData[index] = element;
        return oldValue;
    }

    /* As the JDK's: the element is stored before the size grows, so that a thread reading the
     * size and then the element (a race, but one with an order under porcheck's sequentially
     * consistent interleavings) never sees the new size with no element behind it. */
    public boolean add(E e) {
        modCount++;
        Object[] es = elementData;
        int s = size;
        if (s == es.length) es = grow(size + 1);
        es[s] = e;
        size = s + 1;
        return true;
    }

    /* The size and the array read once, and the size written last from what was read, as the
     * JDK's: a racing add is lost, never counted twice. */
    public void add(int index, E element) {
        rangeCheckForAdd(index);
        modCount++;
        final int s = size;
        Object[] es = elementData;
        if (s == es.length) es = grow(size + 1);
        System.arraycopy(es, index, es, index + 1, s - index);
        es[index] = element;
        size = s + 1;
    }

    public E remove(int index) {
        Objects.checkIndex(index, size);
        final Object[] es = elementData;
        @SuppressWarnings("unchecked")
        E oldValue = (E) es[index];
        fastRemove(es, index);
        return oldValue;
    }

    public boolean equals(Object o) { return super.equals(o); }

    public int hashCode() { return super.hashCode(); }

    /* The array, then the size, each read once, as the JDK's remove(Object) does. */
    public boolean remove(Object o) {
        final Object[] es = elementData;
        final int end = size;
        int i = 0;
        while (i < end && !(o == null ? es[i] == null : o.equals(es[i]))) i++;
        if (i == end) return false;
        fastRemove(es, i);
        return true;
    }

    /* Removes element [i] of [es] (the array the caller read): the size read once more, then
     * the elements after it moved down and the last slot cleared as the new size is written. */
    private void fastRemove(Object[] es, int i) {
        modCount++;
        final int newSize = size - 1;
        if (newSize > i) System.arraycopy(es, i + 1, es, i, newSize - i);
        es[size = newSize] = null;
    }

    /* The size is 0 before the slots are cleared, as in the JDK's clear. */
    public void clear() {
        modCount++;
        final Object[] es = elementData;
        int to = size;
        size = 0;
        for (int i = 0; i < to; i++) es[i] = null;
    }

    public boolean addAll(Collection<? extends E> c) {
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) return false;
        Object[] es = elementData;
        final int s = size;
        if (numNew > es.length - s) es = grow(s + numNew);
        System.arraycopy(a, 0, es, s, numNew);
        size = s + numNew;
        return true;
    }

    public boolean addAll(int index, Collection<? extends E> c) {
        rangeCheckForAdd(index);
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) return false;
        if (numNew > elementData.length - size) grow(size + numNew);
        System.arraycopy(elementData, index, elementData, index + numNew, size - index);
        System.arraycopy(a, 0, elementData, index, numNew);
        size += numNew;
        return true;
    }

    protected void removeRange(int fromIndex, int toIndex) {
        if (fromIndex > toIndex) throw new IndexOutOfBoundsException("From Index: " + fromIndex + " > To Index: " + toIndex);
        modCount++;
        System.arraycopy(elementData, toIndex, elementData, fromIndex, size - toIndex);
        for (int i = size - (toIndex - fromIndex); i < size; i++) elementData[i] = null;
        size -= toIndex - fromIndex;
    }

    private void rangeCheckForAdd(int index) {
        if (index > size || index < 0) throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
    }

    public boolean removeAll(Collection<?> c) { return batchRemove(c, false); }

    public boolean retainAll(Collection<?> c) { return batchRemove(c, true); }

    /* As the JDK's: the size, then the array, read once; the survivors before the first removed
     * element stay where they are, the rest move down, and the tail is cleared as the size
     * shrinks (shiftTailOverGap); modCount grows by the elements removed. */
    private boolean batchRemove(Collection<?> c, boolean complement) {
        final int end = size;
        Objects.requireNonNull(c);
        final Object[] es = elementData;
        int r = 0;
        while (r < end && c.contains(es[r]) == complement) r++;
        if (r == end) return false;
        int w = r++;
        try {
            for (Object e; r < end; r++)
                if (c.contains(e = es[r]) == complement) es[w++] = e;
        } catch (Throwable ex) {
            System.arraycopy(es, r, es, w, end - r);
            w += end - r;
            throw ex;
        } finally {
            modCount += end - w;
            shiftTailOverGap(es, w, end);
        }
        return true;
    }

    /* Moves the elements from [hi] on down to [lo] and clears the slots left behind, the size
     * read for each and written as it shrinks, as the JDK's does. */
    private void shiftTailOverGap(Object[] es, int lo, int hi) {
        System.arraycopy(es, hi, es, lo, size - hi);
        int to = size;
        for (int i = (size -= hi - lo); i < to; i++) es[i] = null;
    }

    /* As the JDK's: the size, the modCount and the array read once, every element tested before
     * any is removed, and a modCount that changed meanwhile a ConcurrentModificationException
     * before anything is written. */
    public boolean removeIf(Predicate<? super E> filter) {
        final int end = size;
        Objects.requireNonNull(filter);
        final int expected = modCount;
        final Object[] es = elementData;
        int i = 0;
        while (i < end && !filter.test(elementAt(es, i))) i++;
        if (i == end) {
            if (modCount != expected) throw new ConcurrentModificationException();
            return false;
        }
        final int beg = i;
        boolean[] removed = new boolean[end - beg];
        removed[0] = true;
        for (i = beg + 1; i < end; i++)
            if (filter.test(elementAt(es, i))) removed[i - beg] = true;
        if (modCount != expected) throw new ConcurrentModificationException();
        modCount++;
        int w = beg;
        for (i = beg; i < end; i++)
            if (!removed[i - beg]) es[w++] = es[i];
        shiftTailOverGap(es, w, end);
        return true;
    }

    public void forEach(Consumer<? super E> action) {
        Objects.requireNonNull(action);
        final int expectedModCount = modCount;
        final Object[] es = elementData;
        final int size = this.size;
        for (int i = 0; modCount == expectedModCount && i < size; i++) action.accept(elementAt(es, i));
        if (modCount != expectedModCount) throw new ConcurrentModificationException();
    }

    @SuppressWarnings("unchecked")
    static <E> E elementAt(Object[] es, int index) { return (E) es[index]; }

    public void replaceAll(UnaryOperator<E> operator) {
        Objects.requireNonNull(operator);
        final int expectedModCount = modCount;
        for (int i = 0; modCount == expectedModCount && i < size; i++) elementData[i] = operator.apply(elementAt(elementData, i));
        if (modCount != expectedModCount) throw new ConcurrentModificationException();
        modCount++;
    }

    @SuppressWarnings("unchecked")
    public void sort(Comparator<? super E> c) {
        final int expectedModCount = modCount;
        Arrays.sort((E[]) elementData, 0, size, c);
        if (modCount != expectedModCount) throw new ConcurrentModificationException();
        modCount++;
    }

    public Iterator<E> iterator() { return new Itr(); }

    private class Itr implements Iterator<E> {
        int cursor;
        int lastRet = -1;
        int expectedModCount = modCount;

        public boolean hasNext() { return cursor != size; }

        @SuppressWarnings("unchecked")
        public E next() {
            if (modCount != expectedModCount) throw new ConcurrentModificationException();
            int i = cursor;
            if (i >= size) throw new NoSuchElementException();
            Object[] elementData = ArrayList.this.elementData;
            if (i >= elementData.length) throw new ConcurrentModificationException();
            cursor = i + 1;
            return (E) elementData[lastRet = i];
        }

        public void remove() {
            if (lastRet < 0) throw new IllegalStateException();
            if (modCount != expectedModCount) throw new ConcurrentModificationException();
            ArrayList.this.remove(lastRet);
            cursor = lastRet;
            lastRet = -1;
            expectedModCount = modCount;
        }
    }
}
