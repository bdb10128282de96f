package java.lang.invoke;

import java.util.List;
import jdk.internal.porcheck.Sync;

/**
 * The model's VarHandle: a variable that is an instance field, a static field or an array
 * element. javac compiles an access mode call (`(int) H.getAndAdd(this, 1)`) to a
 * signature-polymorphic invokevirtual; porcheck's VM links each such call site to a generated
 * adapter that boxes the arguments and calls {@link #access}, which converts them to the
 * variable's type as MethodHandle.asType would and does the access with one Sync native: one
 * atomic, visible step. porcheck is sequentially consistent, so every memory ordering (plain,
 * opaque, acquire, release, volatile) is the same access and the fences do nothing; a weak
 * compareAndSet never fails spuriously.
 */
public abstract class VarHandle {
    // The operations of the access modes (the VM's adapters pass them; vm/varhandle.c).
    static final int GET = 0, SET = 1, CAS = 2, CAE = 3, SWAP = 4, ADD = 5, OR = 6, AND = 7, XOR = 8;

    private static final String[] OP_NAMES = {"get", "set", "compareAndSet", "compareAndExchange",
        "getAndSet", "getAndAdd", "getAndBitwiseOr", "getAndBitwiseAnd", "getAndBitwiseXor"};

    final Class<?> varType;

    /** The variable's kind: Z B C S I J F D, or L for a reference. */
    final char kind;

    VarHandle(Class<?> varType) {
        this.varType = varType;
        this.kind = kindOf(varType);
    }

    private static char kindOf(Class<?> c) {
        if (!c.isPrimitive()) return 'L';
        if (c == int.class) return 'I';
        if (c == long.class) return 'J';
        if (c == boolean.class) return 'Z';
        if (c == byte.class) return 'B';
        if (c == short.class) return 'S';
        if (c == char.class) return 'C';
        if (c == float.class) return 'F';
        return 'D';
    }

    public final Class<?> varType() { return varType; }

    public abstract List<Class<?>> coordinateTypes();

    /** porcheck's VarHandles convert as asType does (MethodHandle.invoke's behaviour). */
    public boolean hasInvokeExactBehavior() { return false; }

    public VarHandle withInvokeBehavior() { return this; }

    @Override
    public final String toString() {
        return "VarHandle[varType=" + varType.getName() + ", coord=" + coordinateTypes() + "]";
    }

    public static void fullFence() {}

    public static void acquireFence() {}

    public static void releaseFence() {}

    public static void loadLoadFence() {}

    public static void storeStoreFence() {}

    // ---- The handle's variable ----

    /** How many coordinates locate the variable: 0 static, 1 field, 2 array element. */
    abstract int coordinates();

    /** The object the Sync natives address: the receiver, the array or the declaring class. */
    abstract Object base(Object c0);

    /** The Sync offset of the variable at coordinates [c0], [c1], after checking them. */
    abstract long offset(Object c0, int c1);

    /** Checks that reference [v] may be stored into [base] (an array's own component type). */
    void checkStore(Object base, Object v) {}

    // ---- The access, called by the VM's adapters ----

    /** Does [op] on the variable at [c0], [c1] (the first [coords] of them), with the boxed
     * values [v0], [v1], and returns the result boxed as the call site's return kind [ret]. */
    private static Object access(VarHandle vh, int op, int coords, Object c0, int c1, Object v0,
                                 Object v1, int ret) {
        if (coords != vh.coordinates())
            throw new WrongMethodTypeException(vh + "." + OP_NAMES[op] + ": the call site passes "
                + (coords < 0 ? "no valid" : String.valueOf(coords)) + " coordinates");
        long offset = vh.offset(c0, c1);
        Object base = vh.base(c0);
        Object r;
        switch (vh.kind) {
        case 'L':
            r = vh.referenceOp(op, base, offset, v0, v1);
            break;
        case 'J':
        case 'D':
            r = vh.longOp(op, base, offset, v0, v1);
            break;
        default:
            r = vh.intOp(op, base, offset, v0, v1);
        }
        return result(r, (char) ret);
    }

    private Object referenceOp(int op, Object o, long offset, Object v0, Object v1) {
        switch (op) {
        case GET:
            return Sync.getReference(o, offset);
        case SET:
            Sync.putReference(o, offset, stored(o, v0));
            return null;
        case CAS:
            return Boolean.valueOf(Sync.compareAndSetReference(o, offset, v0, stored(o, v1)));
        case CAE:
            return Sync.compareAndExchangeReference(o, offset, v0, stored(o, v1));
        case SWAP:
            return Sync.getAndSetReference(o, offset, stored(o, v0));
        default:
            throw unsupported(op);
        }
    }

    private Object intOp(int op, Object o, long offset, Object v0, Object v1) {
        switch (op) {
        case GET:
            return box(Sync.getInt(o, offset));
        case SET:
            Sync.putInt(o, offset, toInt(v0));
            return null;
        case CAS:
            return Boolean.valueOf(Sync.compareAndSetInt(o, offset, toInt(v0), toInt(v1)));
        case CAE:
            return box(Sync.compareAndExchangeInt(o, offset, toInt(v0), toInt(v1)));
        case SWAP:
            return box(Sync.getAndSetInt(o, offset, toInt(v0)));
        case ADD:
            if (kind == 'Z') throw unsupported(op);
            if (kind == 'I') return box(Sync.getAndAddInt(o, offset, toInt(v0)));
            return box(addNarrow(o, offset, v0));
        default:
            if (kind == 'F') throw unsupported(op);
            int x = toInt(v0);
            if (op == OR) return box(Sync.getAndBitwiseOrInt(o, offset, x));
            if (op == AND) return box(Sync.getAndBitwiseAndInt(o, offset, x));
            return box(Sync.getAndBitwiseXorInt(o, offset, x));
        }
    }

    /** getAndAdd of a byte, short, char or float variable: a loop of a read and a CAS, which
     * wraps the sum to the variable's type. */
    private int addNarrow(Object o, long offset, Object delta) {
        int old;
        do {
            old = Sync.getInt(o, offset);
        } while (!Sync.compareAndSetInt(o, offset, old, sum(old, delta)));
        return old;
    }

    /** The bits of [old] + [delta] in the variable's type. */
    private int sum(int old, Object delta) {
        switch (kind) {
        case 'B':
            return (byte) (old + toInt(delta));
        case 'S':
            return (short) (old + toInt(delta));
        case 'C':
            return (char) (old + toInt(delta));
        default:
            return Float.floatToRawIntBits(Float.intBitsToFloat(old) + Float.intBitsToFloat(toInt(delta)));
        }
    }

    private Object longOp(int op, Object o, long offset, Object v0, Object v1) {
        switch (op) {
        case GET:
            return box(Sync.getLong(o, offset));
        case SET:
            Sync.putLong(o, offset, toLong(v0));
            return null;
        case CAS:
            return Boolean.valueOf(Sync.compareAndSetLong(o, offset, toLong(v0), toLong(v1)));
        case CAE:
            return box(Sync.compareAndExchangeLong(o, offset, toLong(v0), toLong(v1)));
        case SWAP:
            return box(Sync.getAndSetLong(o, offset, toLong(v0)));
        case ADD:
            if (kind == 'J') return box(Sync.getAndAddLong(o, offset, toLong(v0)));
            long old, delta = toLong(v0);
            do {
                old = Sync.getLong(o, offset);
            } while (!Sync.compareAndSetLong(o, offset, old, Double.doubleToRawLongBits(
                         Double.longBitsToDouble(old) + Double.longBitsToDouble(delta))));
            return box(old);
        default:
            if (kind == 'D') throw unsupported(op);
            long x = toLong(v0);
            if (op == OR) return box(Sync.getAndBitwiseOrLong(o, offset, x));
            if (op == AND) return box(Sync.getAndBitwiseAndLong(o, offset, x));
            return box(Sync.getAndBitwiseXorLong(o, offset, x));
        }
    }

    private UnsupportedOperationException unsupported(int op) {
        return new UnsupportedOperationException(OP_NAMES[op] + " on a VarHandle of " + varType.getName());
    }

    // ---- Conversions (MethodHandle.asType's boxing, unboxing and widening) ----

    /** [v] checked as a value of the reference variable stored into [base]. */
    private Object stored(Object base, Object v) {
        if (v != null && !varType.isInstance(v))
            throw new ClassCastException("Cannot cast " + v.getClass().getName() + " to " + varType.getName());
        checkStore(base, v);
        return v;
    }

    /** The bits of boxed [v] as a value of this int-sized variable. */
    private int toInt(Object v) {
        if (v == null) throw new NullPointerException();
        switch (kind) {
        case 'Z':
            if (v instanceof Boolean) return ((Boolean) v).booleanValue() ? 1 : 0;
            break;
        case 'B':
            if (v instanceof Byte) return ((Byte) v).byteValue();
            break;
        case 'S':
            if (v instanceof Short || v instanceof Byte) return ((Number) v).shortValue();
            break;
        case 'C':
            if (v instanceof Character) return ((Character) v).charValue();
            break;
        case 'I':
            if (v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).intValue();
            if (v instanceof Character) return ((Character) v).charValue();
            break;
        default:
            if (v instanceof Float || v instanceof Long || v instanceof Integer || v instanceof Short
                || v instanceof Byte)
                return Float.floatToRawIntBits(((Number) v).floatValue());
            if (v instanceof Character) return Float.floatToRawIntBits(((Character) v).charValue());
        }
        throw wrongValue(v);
    }

    /** The bits of boxed [v] as a value of this long or double variable. */
    private long toLong(Object v) {
        if (v == null) throw new NullPointerException();
        if (v instanceof Character) v = Integer.valueOf(((Character) v).charValue());
        if (kind == 'J' && (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte))
            return ((Number) v).longValue();
        if (kind == 'D' && (v instanceof Double || v instanceof Float || v instanceof Long
            || v instanceof Integer || v instanceof Short || v instanceof Byte))
            return Double.doubleToRawLongBits(((Number) v).doubleValue());
        throw wrongValue(v);
    }

    private WrongMethodTypeException wrongValue(Object v) {
        return new WrongMethodTypeException("cannot convert " + v.getClass().getName()
            + " to the " + varType.getName() + " of " + this);
    }

    /** Int-sized bits [v] of this variable, boxed as its type. */
    private Object box(int v) {
        switch (kind) {
        case 'Z':
            return Boolean.valueOf(v != 0);
        case 'B':
            return Byte.valueOf((byte) v);
        case 'S':
            return Short.valueOf((short) v);
        case 'C':
            return Character.valueOf((char) v);
        case 'F':
            return Float.valueOf(Float.intBitsToFloat(v));
        default:
            return Integer.valueOf(v);
        }
    }

    /** Long-sized bits [v] of this variable, boxed as its type. */
    private Object box(long v) {
        return kind == 'D' ? (Object) Double.valueOf(Double.longBitsToDouble(v)) : (Object) Long.valueOf(v);
    }

    /** Boxed result [r] converted to the call site's return kind [ret] (V for none, L for a
     * reference, which the adapter then casts). */
    private static Object result(Object r, char ret) {
        if (ret == 'V' || ret == 'L') return ret == 'V' ? null : r;
        if (r == null) throw new NullPointerException();
        if (r instanceof Character && ret != 'C') r = Integer.valueOf(((Character) r).charValue());
        boolean intLike = r instanceof Integer || r instanceof Short || r instanceof Byte;
        switch (ret) {
        case 'Z':
            if (r instanceof Boolean) return r;
            break;
        case 'C':
            if (r instanceof Character) return r;
            break;
        case 'B':
            if (r instanceof Byte) return r;
            break;
        case 'S':
            if (r instanceof Short || r instanceof Byte) return Short.valueOf(((Number) r).shortValue());
            break;
        case 'I':
            if (intLike) return Integer.valueOf(((Number) r).intValue());
            break;
        case 'J':
            if (intLike || r instanceof Long) return Long.valueOf(((Number) r).longValue());
            break;
        case 'F':
            if (intLike || r instanceof Long || r instanceof Float) return Float.valueOf(((Number) r).floatValue());
            break;
        default:
            if (intLike || r instanceof Long || r instanceof Float || r instanceof Double)
                return Double.valueOf(((Number) r).doubleValue());
        }
        throw new WrongMethodTypeException("cannot convert " + r.getClass().getName() + " to " + ret);
    }

    // ---- The three kinds of variable ----

    /** An instance field of [receiver] at field slot [offset]. */
    static final class FieldHandle extends VarHandle {
        private final Class<?> receiver;
        private final long offset;

        FieldHandle(Class<?> receiver, long offset, Class<?> varType) {
            super(varType);
            this.receiver = receiver;
            this.offset = offset;
        }

        public List<Class<?>> coordinateTypes() { return List.of(receiver); }

        int coordinates() { return 1; }

        Object base(Object c0) { return c0; }

        long offset(Object c0, int c1) {
            if (c0 == null) throw new NullPointerException();
            if (!receiver.isInstance(c0))
                throw new ClassCastException("Cannot cast " + c0.getClass().getName() + " to " + receiver.getName());
            return offset;
        }
    }

    /** A static field of [declaring] at static offset [offset]. */
    static final class StaticHandle extends VarHandle {
        private final Class<?> declaring;
        private final long offset;

        StaticHandle(Class<?> declaring, long offset, Class<?> varType) {
            super(varType);
            this.declaring = declaring;
            this.offset = offset;
        }

        public List<Class<?>> coordinateTypes() { return List.of(); }

        int coordinates() { return 0; }

        Object base(Object c0) { return declaring; }

        long offset(Object c0, int c1) { return offset; }
    }

    /** The elements of arrays of [arrayClass]. */
    static final class ArrayHandle extends VarHandle {
        private static final int ARRAY_BASE = 16; /* Unsafe.arrayBaseOffset */

        private final Class<?> arrayClass;
        private final int scale;

        ArrayHandle(Class<?> arrayClass) {
            super(arrayClass.getComponentType());
            this.arrayClass = arrayClass;
            this.scale = Sync.arrayIndexScale(arrayClass);
        }

        public List<Class<?>> coordinateTypes() { return List.of(arrayClass, int.class); }

        int coordinates() { return 2; }

        Object base(Object c0) { return c0; }

        long offset(Object c0, int c1) {
            if (c0 == null) throw new NullPointerException();
            if (!arrayClass.isInstance(c0))
                throw new ClassCastException("Cannot cast " + c0.getClass().getName() + " to " + arrayClass.getName());
            int length = Sync.arrayLength(c0);
            if (c1 < 0 || c1 >= length)
                throw new ArrayIndexOutOfBoundsException("Index " + c1 + " out of bounds for length " + length);
            return ARRAY_BASE + (long) c1 * scale;
        }

        void checkStore(Object base, Object v) {
            if (v != null && !base.getClass().getComponentType().isInstance(v))
                throw new ArrayStoreException(v.getClass().getName());
        }
    }
}
