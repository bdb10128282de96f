package java.util;

/** A synchronized list; a thin layer over ArrayList's behaviour. */
public class Vector<E> extends AbstractList<E> implements List<E>, RandomAccess, Cloneable, java.io.Serializable {
    protected Object[] elementData;
    protected int elementCount;
    protected int capacityIncrement;

    public Vector() { this(10); }

    public Vector(int initialCapacity) { this(initialCapacity, 0); }

    public Vector(int initialCapacity, int capacityIncrement) {
        if (initialCapacity < 0) throw new IllegalArgumentException("Illegal Capacity: " + initialCapacity);
        elementData = new Object[initialCapacity];
        this.capacityIncrement = capacityIncrement;
    }

    public Vector(Collection<? extends E> c) {
        elementData = c.toArray();
        elementCount = elementData.length;
    }

    /** Makes room for [min] elements as the JDK documents its growth: by capacityIncrement when
     * positive, else by doubling, and to [min] at least (capacity() shows it). */
    private void grow(int min) {
        int old = elementData.length;
        if (min <= old) return;
        int step = capacityIncrement > 0 ? capacityIncrement : old;
        elementData = Arrays.copyOf(elementData, old + Math.max(min - old, step));
    }

    public synchronized int capacity() { return elementData.length; }

    public synchronized void ensureCapacity(int minCapacity) {
        if (minCapacity > 0) {
            modCount++;
            grow(minCapacity);
        }
    }

    public synchronized void trimToSize() {
        modCount++;
        if (elementCount < elementData.length) elementData = Arrays.copyOf(elementData, elementCount);
    }

    public synchronized void setSize(int newSize) {
        modCount++;
        grow(newSize);
        for (int i = newSize; i < elementCount; i++) elementData[i] = null;
        elementCount = newSize;
    }

    public synchronized void copyInto(Object[] anArray) { System.arraycopy(elementData, 0, anArray, 0, elementCount); }

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

    public synchronized void setElementAt(E obj, int index) {
        if (index >= elementCount) throw new ArrayIndexOutOfBoundsException(index + " >= " + elementCount);
        elementData[index] = obj;
    }

    public synchronized void insertElementAt(E obj, int index) { add(index, obj); }

    public boolean contains(Object o) { return indexOf(o, 0) >= 0; }

    public int indexOf(Object o) { return indexOf(o, 0); }

    /** As the JDK's: one synchronized scan (AbstractList's iterator would throw a
     * ConcurrentModificationException that a Vector never throws here). */
    public synchronized int indexOf(Object o, int index) {
        for (int i = index; i < elementCount; i++)
            if (Objects.equals(o, elementData[i])) return i;
        return -1;
    }

    public synchronized int lastIndexOf(Object o) { return lastIndexOf(o, elementCount - 1); }

    public synchronized int lastIndexOf(Object o, int index) {
        if (index >= elementCount) throw new IndexOutOfBoundsException(index + " >= " + elementCount);
        for (int i = index; i >= 0; i--)
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

    /** A copy with its own array (Object.clone would share it), taken under the monitor. */
    @SuppressWarnings("unchecked")
    public synchronized Object clone() {
        try {
            Vector<E> v = (Vector<E>) super.clone();
            v.elementData = Arrays.copyOf(elementData, elementCount);
            v.modCount = 0;
            return v;
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    protected synchronized void removeRange(int fromIndex, int toIndex) {
        modCount++;
        System.arraycopy(elementData, toIndex, elementData, fromIndex, elementCount - toIndex);
        int end = elementCount - (toIndex - fromIndex);
        for (int i = end; i < elementCount; i++) elementData[i] = null;
        elementCount = end;
    }

    // The iterators and the enumeration lock the Vector for each step that reads or changes it,
    // as the JDK's do (an iterator of AbstractList would check for comodification and read the
    // element in two steps); hasNext and hasMoreElements read the count without the monitor.
    public synchronized Iterator<E> iterator() { return new Itr(); }

    public synchronized ListIterator<E> listIterator() { return new ListItr(0); }

    public synchronized ListIterator<E> listIterator(int index) {
        if (index < 0 || index > elementCount) throw new IndexOutOfBoundsException("Index: " + index);
        return new ListItr(index);
    }

    public Enumeration<E> elements() {
        return new Enumeration<E>() {
            private int next;

            public boolean hasMoreElements() { return next < elementCount; }

            @SuppressWarnings("unchecked")
            public E nextElement() {
                synchronized (Vector.this) {
                    if (next < elementCount) return (E) elementData[next++];
                }
                throw new NoSuchElementException("Vector Enumeration");
            }
        };
    }

    private class Itr implements Iterator<E> {
        int cursor;
        int lastRet = -1;
        int expectedModCount = modCount;

        public boolean hasNext() { return cursor != elementCount; }

        @SuppressWarnings("unchecked")
        public E next() {
            synchronized (Vector.this) {
                checkForComodification();
                if (cursor >= elementCount) throw new NoSuchElementException();
                lastRet = cursor++;
                return (E) elementData[lastRet];
            }
        }

        public void remove() {
            if (lastRet == -1) throw new IllegalStateException();
            synchronized (Vector.this) {
                checkForComodification();
                Vector.this.remove(lastRet);
                expectedModCount = modCount;
            }
            cursor = lastRet;
            lastRet = -1;
        }

        @SuppressWarnings("unchecked")
        public void forEachRemaining(java.util.function.Consumer<? super E> action) {
            Objects.requireNonNull(action);
            synchronized (Vector.this) {
                int size = elementCount, i = cursor;
                if (i >= size) return;
                while (i < size && modCount == expectedModCount) action.accept((E) elementData[i++]);
                cursor = i;
                lastRet = i - 1;
                checkForComodification();
            }
        }

        final void checkForComodification() {
            if (modCount != expectedModCount) throw new ConcurrentModificationException();
        }
    }

    private final class ListItr extends Itr implements ListIterator<E> {
        ListItr(int index) { cursor = index; }

        public boolean hasPrevious() { return cursor != 0; }

        public int nextIndex() { return cursor; }

        public int previousIndex() { return cursor - 1; }

        @SuppressWarnings("unchecked")
        public E previous() {
            synchronized (Vector.this) {
                checkForComodification();
                if (cursor - 1 < 0) throw new NoSuchElementException();
                lastRet = --cursor;
                return (E) elementData[cursor];
            }
        }

        public void set(E e) {
            if (lastRet == -1) throw new IllegalStateException();
            synchronized (Vector.this) {
                checkForComodification();
                Vector.this.set(lastRet, e);
            }
        }

        public void add(E e) {
            int i = cursor;
            synchronized (Vector.this) {
                checkForComodification();
                Vector.this.add(i, e);
                expectedModCount = modCount;
            }
            cursor = i + 1;
            lastRet = -1;
        }
    }

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
