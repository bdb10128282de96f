package jdk.internal.porcheck;

/**
 * System.arraycopy and clone() element by element and field by field, for the checker: when a
 * shared array or object takes part, each
 * element read and each element write is an access of its own (a scheduling point wherever the
 * classifier makes the caller's array accesses one), as in the copy loop the caller could have
 * written, so another thread's accesses can fall between them. The VM calls it in place of the
 * native after checking the arguments (nulls, array types, bounds). Elements go in ascending
 * order, or descending when the destination range starts after the source range in the same
 * array (a copy through a temporary array, as the specification asks).
 */
final class Copy {
    private Copy() {}

    static void copy(Object src, int sp, Object dst, int dp, int n) {
        boolean down = src == dst && sp < dp;
        if (src instanceof Object[]) {
            refs((Object[]) src, sp, (Object[]) dst, dp, n, down);
        } else if (src instanceof int[]) {
            int[] s = (int[]) src, d = (int[]) dst;
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                d[dp + i] = s[sp + i];
            }
        } else if (src instanceof long[]) {
            long[] s = (long[]) src, d = (long[]) dst;
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                d[dp + i] = s[sp + i];
            }
        } else if (src instanceof byte[]) {
            byte[] s = (byte[]) src, d = (byte[]) dst;
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                d[dp + i] = s[sp + i];
            }
        } else if (src instanceof char[]) {
            char[] s = (char[]) src, d = (char[]) dst;
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                d[dp + i] = s[sp + i];
            }
        } else {
            others(src, sp, dst, dp, n, down);
        }
    }

    /** The element types copy leaves: short, boolean, float and double. */
    private static void others(Object src, int sp, Object dst, int dp, int n, boolean down) {
        if (src instanceof short[]) {
            short[] s = (short[]) src, d = (short[]) dst;
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                d[dp + i] = s[sp + i];
            }
        } else if (src instanceof boolean[]) {
            boolean[] s = (boolean[]) src, d = (boolean[]) dst;
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                d[dp + i] = s[sp + i];
            }
        } else if (src instanceof float[]) {
            float[] s = (float[]) src, d = (float[]) dst;
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                d[dp + i] = s[sp + i];
            }
        } else {
            double[] s = (double[]) src, d = (double[]) dst;
            for (int k = 0; k < n; k++) {
                int i = down ? n - 1 - k : k;
                d[dp + i] = s[sp + i];
            }
        }
    }

    /**
     * References, each checked against the destination's element type as it is stored: the
     * elements before one that does not fit are copied, then ArrayStoreException, as the
     * native's.
     */
    private static void refs(Object[] s, int sp, Object[] d, int dp, int n, boolean down) {
        for (int k = 0; k < n; k++) {
            int i = down ? n - 1 - k : k;
            Object v = s[sp + i];
            try {
                d[dp + i] = v;
            } catch (ArrayStoreException e) {
                throw new ArrayStoreException("arraycopy: element type mismatch: can not cast one"
                        + " of the elements of " + text(s.getClass())
                        + " to the type of the destination array, "
                        + d.getClass().getComponentType().getName());
            }
        }
    }

    /** Object.clone() of array [a]: a new array of its class and length, filled by copy. */
    static Object cloneArray(Object a) {
        int n = length(a);
        Object c = VM.newArray(a.getClass().getComponentType(), n);
        copy(a, 0, c, 0, n);
        return c;
    }

    /**
     * Object.clone() of [o], not an array: a new instance of its class (no constructor runs)
     * whose fields are read from [o] one at a time, each a synchronisation read of its own, a
     * scheduling point labelled with the field (the VM calls it for a shared object).
     */
    static Object cloneObject(Object o) {
        Object c = VM.allocateLike(o);
        for (int cell : VM.instanceCells(o)) {
            long at = cell >>> 2;
            if ((cell & 3) == 0) {
                Sync.putInt(c, at, Sync.getInt(o, at));
            } else if ((cell & 3) == 1) {
                Sync.putLong(c, at, Sync.getLong(o, at));
            } else {
                Sync.putReference(c, at, Sync.getReference(o, at));
            }
        }
        return c;
    }

    /** The length of array [a]. */
    private static int length(Object a) {
        if (a instanceof Object[]) return ((Object[]) a).length;
        if (a instanceof int[]) return ((int[]) a).length;
        if (a instanceof long[]) return ((long[]) a).length;
        if (a instanceof byte[]) return ((byte[]) a).length;
        if (a instanceof char[]) return ((char[]) a).length;
        if (a instanceof short[]) return ((short[]) a).length;
        if (a instanceof boolean[]) return ((boolean[]) a).length;
        if (a instanceof float[]) return ((float[]) a).length;
        return ((double[]) a).length;
    }

    /** Names array class [c] as "int[]", "java.lang.Object[][]". */
    private static String text(Class<?> c) {
        Class<?> e = c.getComponentType();
        return e == null ? c.getName() : text(e) + "[]";
    }
}
