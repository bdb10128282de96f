package java.lang;

/** The base class of records; their equals, hashCode and toString come from an invokedynamic
 * bootstrap (java.lang.runtime.ObjectMethods) that the VM does not provide. */
public abstract class Record {
    protected Record() {}

    public abstract boolean equals(Object obj);

    public abstract int hashCode();

    public abstract String toString();
}
