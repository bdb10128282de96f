package java.util;

/** The elements of something, one at a time (ConcurrentHashMap's keys() and elements()). */
public interface Enumeration<E> {
    boolean hasMoreElements();

    E nextElement();

    default Iterator<E> asIterator() {
        return new Iterator<E>() {
            public boolean hasNext() { return hasMoreElements(); }

            public E next() { return nextElement(); }
        };
    }
}
