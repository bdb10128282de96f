package java.util;

/** A synchronized list; a thin layer over ArrayList's behaviour. */
public class Vector<E> extends AbstractList<E> implements List<E>, RandomAccess, Cloneable, java.io.Serializable {
    protected Object[] elementData;
    protected int elementCount;

    public Vector() { this(10); }

    public Vector(int initialCapacity) {
        if (initialCapacity < 0) throw new IllegalArgumentException("Illegal Capacity: " + initialCapacity);
        elementData = new Object[initialCapacity];
    }

    public Vector(Collection<? extends E> c) {
        elementData = c.toArray();
        elementCount = elementData.length;
    }

    private void grow(int min) {
        if (min > elementData.length) elementData = Arrays.copyOf(elementData, Math.max(min, elementData.length * 2 + 1));
    }

    public synchronized int size() { return elementCount; }

    public synchronized boolean isEmpty() { return elementCount == 0; }

    @SuppressWarnings("unchecked")
    public synchronized E get(int index) {
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index);
        return (E) elementData[index];
    }

    @SuppressWarnings("unchecked")
    public synchronized E set(int index, E element) {
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index);
        E old = (E) elementData[index];
        elementData[index] = element;
        return old;
    }

    public synchronized boolean add(E e) {
        modCount++;
        grow(elementCount + 1);
        elementData[elementCount++] = e;
        return true;
    }

    public synchronized void add(int index, E element) {
        if (index > elementCount) throw new ArrayIndexOutOfBoundsException(index + " > " + elementCount);
        modCount++;
        grow(elementCount + 1);
        System.arraycopy(elementData, index, elementData, index + 1, elementCount - index);
        elementData[index] = element;
        elementCount++;
    }

    @SuppressWarnings("unchecked")
    public synchronized E remove(int index) {
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index);
        modCount++;
        E old = (E) elementData[index];
        System.arraycopy(elementData, index + 1, elementData, index, elementCount - index - 1);
        elementData[--elementCount] = null;
        return old;
    }

    public synchronized void addElement(E obj) { add(obj); }

    @SuppressWarnings("unchecked")
    public synchronized E elementAt(int index) { return get(index); }

    @SuppressWarnings("unchecked")
    public synchronized E firstElement() {
        if (elementCount == 0) throw new NoSuchElementException();
        return (E) elementData[0];
    }

    @SuppressWarnings("unchecked")
    public synchronized E lastElement() {
        if (elementCount == 0) throw new NoSuchElementException();
        return (E) elementData[elementCount - 1];
    }

    public synchronized void removeElementAt(int index) { remove(index); }

    public boolean contains(Object o) { return indexOf(o, 0) >= 0; }

    public int indexOf(Object o) { return indexOf(o, 0); }

    /** As the JDK's: one synchronized scan (AbstractList's iterator would throw a
     * ConcurrentModificationException that a Vector never throws here). */
    public synchronized int indexOf(Object o, int index) {
        for (int i = index; i < elementCount; i++)
            if (Objects.equals(o, elementData[i])) return i;
        return -1;
    }

    public synchronized int lastIndexOf(Object o) {
        for (int i = elementCount - 1; i >= 0; i--)
            if (Objects.equals(o, elementData[i])) return i;
        return -1;
    }

    public boolean remove(Object o) { return removeElement(o); }

    public synchronized boolean removeElement(Object obj) {
        int i = indexOf(obj, 0);
        if (i < 0) return false;
        remove(i);
        return true;
    }

    public void clear() { removeAllElements(); }

    public synchronized void removeAllElements() {
        modCount++;
        for (int i = 0; i < elementCount; i++) elementData[i] = null;
        elementCount = 0;
    }

    public synchronized String toString() { return super.toString(); }

    // The bulk and compound methods hold the monitor around the inherited implementation (whose
    // calls of the synchronized methods above re-enter it), so that each call is atomic, as the
    // JDK's Vector makes them.
    public synchronized boolean addAll(Collection<? extends E> c) { return super.addAll(c); }

    public synchronized boolean addAll(int index, Collection<? extends E> c) { return super.addAll(index, c); }

    public synchronized boolean containsAll(Collection<?> c) { return super.containsAll(c); }

    public synchronized boolean removeAll(Collection<?> c) { return super.removeAll(c); }

    public synchronized boolean retainAll(Collection<?> c) { return super.retainAll(c); }

    public synchronized Object[] toArray() { return super.toArray(); }

    public synchronized <T> T[] toArray(T[] a) { return super.toArray(a); }

    public synchronized boolean equals(Object o) { return super.equals(o); }

    public synchronized int hashCode() { return super.hashCode(); }

    public synchronized boolean removeIf(java.util.function.Predicate<? super E> filter) { return super.removeIf(filter); }

    public synchronized void replaceAll(java.util.function.UnaryOperator<E> operator) { super.replaceAll(operator); }

    public synchronized void sort(Comparator<? super E> c) { super.sort(c); }

    public synchronized void forEach(java.util.function.Consumer<? super E> action) { super.forEach(action); }

    public synchronized List<E> subList(int fromIndex, int toIndex) {
        return new Collections.SynchronizedRandomAccessList<>(super.subList(fromIndex, toIndex), this);
    }
}
