package java.util;

import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

/** Array utilities; sorts are stable merge sorts (for primitives the result equals the JDK's). */
public final class Arrays {
    private Arrays() {}

    static void rangeCheck(int arrayLength, int fromIndex, int toIndex) {
        if (fromIndex > toIndex) throw new IllegalArgumentException("fromIndex(" + fromIndex + ") > toIndex(" + toIndex + ")");
        if (fromIndex < 0) throw new ArrayIndexOutOfBoundsException("Array index out of range: " + fromIndex);
        if (toIndex > arrayLength) throw new ArrayIndexOutOfBoundsException("Array index out of range: " + toIndex);
    }

    public static String toString(int[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static void fill(int[] a, int val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(int[] a, int fromIndex, int toIndex, int val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static int[] copyOf(int[] original, int newLength) {
        int[] copy = new int[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static int[] copyOfRange(int[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        int[] copy = new int[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(int[] a, int[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (a[i] != a2[i]) return false;
        return true;
    }

    public static int hashCode(int[] a) {
        if (a == null) return 0;
        int result = 1;
        for (int element : a) result = 31 * result + Integer.hashCode(element);
        return result;
    }

    public static void sort(int[] a) { sort(a, 0, a.length); }

    public static void sort(int[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (toIndex - fromIndex < 2) return;
        int[] tmp = new int[toIndex - fromIndex];
        mergeSort(a, tmp, fromIndex, toIndex);
    }

    private static void mergeSort(int[] a, int[] tmp, int lo, int hi) {
        if (hi - lo < 8) {
            for (int i = lo + 1; i < hi; i++) {
                int x = a[i];
                int j = i - 1;
                for (; j >= lo; j--) {
                    int y = a[j];
                    if (y <= x) break;
                    a[j + 1] = y;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        System.arraycopy(a, lo, tmp, 0, mid - lo);
        int i = 0, iEnd = mid - lo, j = mid, k = lo;
        while (i < iEnd && j < hi) {
            int y = tmp[i], x = a[j];
            if (x < y) a[k++] = a[j++];
            else a[k++] = tmp[i++];
        }
        while (i < iEnd) a[k++] = tmp[i++];
    }

    public static int binarySearch(int[] a, int key) {
        int low = 0, high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int x = a[mid], y = key;
            if (x < y) low = mid + 1;
            else if (x > y) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    public static String toString(long[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static void fill(long[] a, long val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(long[] a, int fromIndex, int toIndex, long val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static long[] copyOf(long[] original, int newLength) {
        long[] copy = new long[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static long[] copyOfRange(long[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        long[] copy = new long[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(long[] a, long[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (a[i] != a2[i]) return false;
        return true;
    }

    public static int hashCode(long[] a) {
        if (a == null) return 0;
        int result = 1;
        for (long element : a) result = 31 * result + Long.hashCode(element);
        return result;
    }

    public static void sort(long[] a) { sort(a, 0, a.length); }

    public static void sort(long[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (toIndex - fromIndex < 2) return;
        long[] tmp = new long[toIndex - fromIndex];
        mergeSort(a, tmp, fromIndex, toIndex);
    }

    private static void mergeSort(long[] a, long[] tmp, int lo, int hi) {
        if (hi - lo < 8) {
            for (int i = lo + 1; i < hi; i++) {
                long x = a[i];
                int j = i - 1;
                for (; j >= lo; j--) {
                    long y = a[j];
                    if (y <= x) break;
                    a[j + 1] = y;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        System.arraycopy(a, lo, tmp, 0, mid - lo);
        int i = 0, iEnd = mid - lo, j = mid, k = lo;
        while (i < iEnd && j < hi) {
            long y = tmp[i], x = a[j];
            if (x < y) a[k++] = a[j++];
            else a[k++] = tmp[i++];
        }
        while (i < iEnd) a[k++] = tmp[i++];
    }

    public static int binarySearch(long[] a, long key) {
        int low = 0, high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long x = a[mid], y = key;
            if (x < y) low = mid + 1;
            else if (x > y) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    public static String toString(short[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static void fill(short[] a, short val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(short[] a, int fromIndex, int toIndex, short val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static short[] copyOf(short[] original, int newLength) {
        short[] copy = new short[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static short[] copyOfRange(short[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        short[] copy = new short[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(short[] a, short[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (a[i] != a2[i]) return false;
        return true;
    }

    public static int hashCode(short[] a) {
        if (a == null) return 0;
        int result = 1;
        for (short element : a) result = 31 * result + Short.hashCode(element);
        return result;
    }

    public static void sort(short[] a) { sort(a, 0, a.length); }

    public static void sort(short[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (toIndex - fromIndex < 2) return;
        short[] tmp = new short[toIndex - fromIndex];
        mergeSort(a, tmp, fromIndex, toIndex);
    }

    private static void mergeSort(short[] a, short[] tmp, int lo, int hi) {
        if (hi - lo < 8) {
            for (int i = lo + 1; i < hi; i++) {
                short x = a[i];
                int j = i - 1;
                for (; j >= lo; j--) {
                    short y = a[j];
                    if (y <= x) break;
                    a[j + 1] = y;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        System.arraycopy(a, lo, tmp, 0, mid - lo);
        int i = 0, iEnd = mid - lo, j = mid, k = lo;
        while (i < iEnd && j < hi) {
            short y = tmp[i], x = a[j];
            if (x < y) a[k++] = a[j++];
            else a[k++] = tmp[i++];
        }
        while (i < iEnd) a[k++] = tmp[i++];
    }

    public static int binarySearch(short[] a, short key) {
        int low = 0, high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            short x = a[mid], y = key;
            if (x < y) low = mid + 1;
            else if (x > y) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    public static String toString(char[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static void fill(char[] a, char val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(char[] a, int fromIndex, int toIndex, char val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static char[] copyOf(char[] original, int newLength) {
        char[] copy = new char[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static char[] copyOfRange(char[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        char[] copy = new char[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(char[] a, char[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (a[i] != a2[i]) return false;
        return true;
    }

    public static int hashCode(char[] a) {
        if (a == null) return 0;
        int result = 1;
        for (char element : a) result = 31 * result + Character.hashCode(element);
        return result;
    }

    public static void sort(char[] a) { sort(a, 0, a.length); }

    public static void sort(char[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (toIndex - fromIndex < 2) return;
        char[] tmp = new char[toIndex - fromIndex];
        mergeSort(a, tmp, fromIndex, toIndex);
    }

    private static void mergeSort(char[] a, char[] tmp, int lo, int hi) {
        if (hi - lo < 8) {
            for (int i = lo + 1; i < hi; i++) {
                char x = a[i];
                int j = i - 1;
                for (; j >= lo; j--) {
                    char y = a[j];
                    if (y <= x) break;
                    a[j + 1] = y;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        System.arraycopy(a, lo, tmp, 0, mid - lo);
        int i = 0, iEnd = mid - lo, j = mid, k = lo;
        while (i < iEnd && j < hi) {
            char y = tmp[i], x = a[j];
            if (x < y) a[k++] = a[j++];
            else a[k++] = tmp[i++];
        }
        while (i < iEnd) a[k++] = tmp[i++];
    }

    public static int binarySearch(char[] a, char key) {
        int low = 0, high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            char x = a[mid], y = key;
            if (x < y) low = mid + 1;
            else if (x > y) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    public static String toString(byte[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static void fill(byte[] a, byte val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(byte[] a, int fromIndex, int toIndex, byte val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static byte[] copyOf(byte[] original, int newLength) {
        byte[] copy = new byte[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static byte[] copyOfRange(byte[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        byte[] copy = new byte[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(byte[] a, byte[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (a[i] != a2[i]) return false;
        return true;
    }

    public static int hashCode(byte[] a) {
        if (a == null) return 0;
        int result = 1;
        for (byte element : a) result = 31 * result + Byte.hashCode(element);
        return result;
    }

    public static void sort(byte[] a) { sort(a, 0, a.length); }

    public static void sort(byte[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (toIndex - fromIndex < 2) return;
        byte[] tmp = new byte[toIndex - fromIndex];
        mergeSort(a, tmp, fromIndex, toIndex);
    }

    private static void mergeSort(byte[] a, byte[] tmp, int lo, int hi) {
        if (hi - lo < 8) {
            for (int i = lo + 1; i < hi; i++) {
                byte x = a[i];
                int j = i - 1;
                for (; j >= lo; j--) {
                    byte y = a[j];
                    if (y <= x) break;
                    a[j + 1] = y;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        System.arraycopy(a, lo, tmp, 0, mid - lo);
        int i = 0, iEnd = mid - lo, j = mid, k = lo;
        while (i < iEnd && j < hi) {
            byte y = tmp[i], x = a[j];
            if (x < y) a[k++] = a[j++];
            else a[k++] = tmp[i++];
        }
        while (i < iEnd) a[k++] = tmp[i++];
    }

    public static int binarySearch(byte[] a, byte key) {
        int low = 0, high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            byte x = a[mid], y = key;
            if (x < y) low = mid + 1;
            else if (x > y) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    public static String toString(float[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static void fill(float[] a, float val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(float[] a, int fromIndex, int toIndex, float val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static float[] copyOf(float[] original, int newLength) {
        float[] copy = new float[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static float[] copyOfRange(float[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        float[] copy = new float[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(float[] a, float[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (Float.floatToIntBits(a[i]) != Float.floatToIntBits(a2[i])) return false;
        return true;
    }

    public static int hashCode(float[] a) {
        if (a == null) return 0;
        int result = 1;
        for (float element : a) result = 31 * result + Float.hashCode(element);
        return result;
    }

    public static void sort(float[] a) { sort(a, 0, a.length); }

    public static void sort(float[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (toIndex - fromIndex < 2) return;
        float[] tmp = new float[toIndex - fromIndex];
        mergeSort(a, tmp, fromIndex, toIndex);
    }

    private static void mergeSort(float[] a, float[] tmp, int lo, int hi) {
        if (hi - lo < 8) {
            for (int i = lo + 1; i < hi; i++) {
                float x = a[i];
                int j = i - 1;
                for (; j >= lo; j--) {
                    float y = a[j];
                    if (Float.compare(y, x) <= 0) break;
                    a[j + 1] = y;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        System.arraycopy(a, lo, tmp, 0, mid - lo);
        int i = 0, iEnd = mid - lo, j = mid, k = lo;
        while (i < iEnd && j < hi) {
            float y = tmp[i], x = a[j];
            if (Float.compare(x, y) < 0) a[k++] = a[j++];
            else a[k++] = tmp[i++];
        }
        while (i < iEnd) a[k++] = tmp[i++];
    }

    public static int binarySearch(float[] a, float key) {
        int low = 0, high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            float x = a[mid], y = key;
            if (Float.compare(x, y) < 0) low = mid + 1;
            else if (Float.compare(x, y) > 0) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    public static String toString(double[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static void fill(double[] a, double val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(double[] a, int fromIndex, int toIndex, double val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static double[] copyOf(double[] original, int newLength) {
        double[] copy = new double[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static double[] copyOfRange(double[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        double[] copy = new double[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(double[] a, double[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (Double.doubleToLongBits(a[i]) != Double.doubleToLongBits(a2[i])) return false;
        return true;
    }

    public static int hashCode(double[] a) {
        if (a == null) return 0;
        int result = 1;
        for (double element : a) result = 31 * result + Double.hashCode(element);
        return result;
    }

    public static void sort(double[] a) { sort(a, 0, a.length); }

    public static void sort(double[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (toIndex - fromIndex < 2) return;
        double[] tmp = new double[toIndex - fromIndex];
        mergeSort(a, tmp, fromIndex, toIndex);
    }

    private static void mergeSort(double[] a, double[] tmp, int lo, int hi) {
        if (hi - lo < 8) {
            for (int i = lo + 1; i < hi; i++) {
                double x = a[i];
                int j = i - 1;
                for (; j >= lo; j--) {
                    double y = a[j];
                    if (Double.compare(y, x) <= 0) break;
                    a[j + 1] = y;
                }
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid);
        mergeSort(a, tmp, mid, hi);
        System.arraycopy(a, lo, tmp, 0, mid - lo);
        int i = 0, iEnd = mid - lo, j = mid, k = lo;
        while (i < iEnd && j < hi) {
            double y = tmp[i], x = a[j];
            if (Double.compare(x, y) < 0) a[k++] = a[j++];
            else a[k++] = tmp[i++];
        }
        while (i < iEnd) a[k++] = tmp[i++];
    }

    public static int binarySearch(double[] a, double key) {
        int low = 0, high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            double x = a[mid], y = key;
            if (Double.compare(x, y) < 0) low = mid + 1;
            else if (Double.compare(x, y) > 0) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    public static String toString(boolean[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(a[i]);
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static void fill(boolean[] a, boolean val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(boolean[] a, int fromIndex, int toIndex, boolean val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static boolean[] copyOf(boolean[] original, int newLength) {
        boolean[] copy = new boolean[newLength];
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    public static boolean[] copyOfRange(boolean[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        boolean[] copy = new boolean[newLength];
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(boolean[] a, boolean[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (a[i] != a2[i]) return false;
        return true;
    }

    public static int hashCode(boolean[] a) {
        if (a == null) return 0;
        int result = 1;
        for (boolean element : a) result = 31 * result + Boolean.hashCode(element);
        return result;
    }

    public static String toString(Object[] a) {
        if (a == null) return "null";
        int iMax = a.length - 1;
        if (iMax == -1) return "[]";
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0;; i++) {
            b.append(String.valueOf(a[i]));
            if (i == iMax) return b.append(']').toString();
            b.append(", ");
        }
    }

    public static String deepToString(Object[] a) {
        if (a == null) return "null";
        StringBuilder buf = new StringBuilder();
        deepToString(a, buf, new java.util.ArrayList<Object[]>());
        return buf.toString();
    }

    private static void deepToString(Object[] a, StringBuilder buf, List<Object[]> dejaVu) {
        if (a == null) {
            buf.append("null");
            return;
        }
        int iMax = a.length - 1;
        if (iMax == -1) {
            buf.append("[]");
            return;
        }
        dejaVu.add(a);
        buf.append('[');
        for (int i = 0;; i++) {
            Object element = a[i];
            if (element == null) buf.append("null");
            else if (element instanceof Object[]) {
                boolean seen = false;
                for (Object[] s : dejaVu) seen |= s == element;
                if (seen) buf.append("[...]");
                else deepToString((Object[]) element, buf, dejaVu);
            } else if (element instanceof int[]) buf.append(toString((int[]) element));
            else if (element instanceof long[]) buf.append(toString((long[]) element));
            else if (element instanceof double[]) buf.append(toString((double[]) element));
            else if (element instanceof float[]) buf.append(toString((float[]) element));
            else if (element instanceof char[]) buf.append(toString((char[]) element));
            else if (element instanceof byte[]) buf.append(toString((byte[]) element));
            else if (element instanceof short[]) buf.append(toString((short[]) element));
            else if (element instanceof boolean[]) buf.append(toString((boolean[]) element));
            else buf.append(element.toString());
            if (i == iMax) break;
            buf.append(", ");
        }
        buf.append(']');
        dejaVu.remove(dejaVu.size() - 1);
    }

    public static void fill(Object[] a, Object val) {
        for (int i = 0, len = a.length; i < len; i++) a[i] = val;
    }

    public static void fill(Object[] a, int fromIndex, int toIndex, Object val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) a[i] = val;
    }

    public static <T> void setAll(T[] array, IntFunction<? extends T> generator) {
        for (int i = 0; i < array.length; i++) array[i] = generator.apply(i);
    }

    public static void setAll(int[] array, IntUnaryOperator generator) {
        for (int i = 0; i < array.length; i++) array[i] = generator.applyAsInt(i);
    }

    @SuppressWarnings("unchecked")
    public static <T> T[] copyOf(T[] original, int newLength) { return (T[]) copyOf(original, newLength, original.getClass()); }

    @SuppressWarnings("unchecked")
    public static <T, U> T[] copyOf(U[] original, int newLength, Class<? extends T[]> newType) {
        T[] copy = (T[]) jdk.internal.porcheck.VM.newArray(newType.getComponentType(), newLength);
        System.arraycopy(original, 0, copy, 0, Math.min(original.length, newLength));
        return copy;
    }

    @SuppressWarnings("unchecked")
    public static <T> T[] copyOfRange(T[] original, int from, int to) {
        int newLength = to - from;
        if (newLength < 0) throw new IllegalArgumentException(from + " > " + to);
        T[] copy = (T[]) jdk.internal.porcheck.VM.newArray(original.getClass().getComponentType(), newLength);
        System.arraycopy(original, from, copy, 0, Math.min(original.length - from, newLength));
        return copy;
    }

    public static boolean equals(Object[] a, Object[] a2) {
        if (a == a2) return true;
        if (a == null || a2 == null) return false;
        int length = a.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++)
            if (!Objects.equals(a[i], a2[i])) return false;
        return true;
    }

    public static int hashCode(Object[] a) {
        if (a == null) return 0;
        int result = 1;
        for (Object element : a) result = 31 * result + (element == null ? 0 : element.hashCode());
        return result;
    }

    public static int deepHashCode(Object[] a) {
        if (a == null) return 0;
        int result = 1;
        for (Object element : a) {
            int h = 0;
            if (element instanceof Object[]) h = deepHashCode((Object[]) element);
            else if (element instanceof int[]) h = hashCode((int[]) element);
            else if (element != null) h = element.hashCode();
            result = 31 * result + h;
        }
        return result;
    }

    public static boolean deepEquals(Object[] a1, Object[] a2) {
        if (a1 == a2) return true;
        if (a1 == null || a2 == null) return false;
        int length = a1.length;
        if (a2.length != length) return false;
        for (int i = 0; i < length; i++) {
            Object e1 = a1[i], e2 = a2[i];
            if (e1 == e2) continue;
            if (e1 == null || !deepEquals0(e1, e2)) return false;
        }
        return true;
    }

    static boolean deepEquals0(Object e1, Object e2) {
        if (e1 instanceof Object[] && e2 instanceof Object[]) return deepEquals((Object[]) e1, (Object[]) e2);
        if (e1 instanceof int[] && e2 instanceof int[]) return equals((int[]) e1, (int[]) e2);
        if (e1 instanceof long[] && e2 instanceof long[]) return equals((long[]) e1, (long[]) e2);
        if (e1 instanceof char[] && e2 instanceof char[]) return equals((char[]) e1, (char[]) e2);
        if (e1 instanceof double[] && e2 instanceof double[]) return equals((double[]) e1, (double[]) e2);
        if (e1 instanceof byte[] && e2 instanceof byte[]) return equals((byte[]) e1, (byte[]) e2);
        if (e1 instanceof boolean[] && e2 instanceof boolean[]) return equals((boolean[]) e1, (boolean[]) e2);
        return e1.equals(e2);
    }

    public static void sort(Object[] a) { sort(a, 0, a.length, null); }

    public static void sort(Object[] a, int fromIndex, int toIndex) { sort(a, fromIndex, toIndex, null); }

    public static <T> void sort(T[] a, Comparator<? super T> c) { sort(a, 0, a.length, c); }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> void sort(T[] a, int fromIndex, int toIndex, Comparator<? super T> c) {
        rangeCheck(a.length, fromIndex, toIndex);
        if (c == null) c = (Comparator) Collections.NaturalOrder.INSTANCE;
        if (toIndex - fromIndex < 2) return;
        Object[] tmp = new Object[toIndex - fromIndex];
        mergeSort(a, tmp, fromIndex, toIndex, c);
    }

    @SuppressWarnings("unchecked")
    private static <T> void mergeSort(T[] a, Object[] tmp, int lo, int hi, Comparator<? super T> c) {
        if (hi - lo < 8) {
            for (int i = lo + 1; i < hi; i++) {
                T x = a[i];
                int j = i - 1;
                for (; j >= lo && c.compare(x, a[j]) < 0; j--) a[j + 1] = a[j];
                a[j + 1] = x;
            }
            return;
        }
        int mid = (lo + hi) >>> 1;
        mergeSort(a, tmp, lo, mid, c);
        mergeSort(a, tmp, mid, hi, c);
        if (c.compare(a[mid - 1], a[mid]) <= 0) return;
        System.arraycopy(a, lo, tmp, 0, mid - lo);
        int i = 0, iEnd = mid - lo, j = mid, k = lo;
        while (i < iEnd && j < hi) {
            if (c.compare(a[j], (T) tmp[i]) < 0) a[k++] = a[j++];
            else a[k++] = (T) tmp[i++];
        }
        while (i < iEnd) a[k++] = (T) tmp[i++];
    }

    public static int binarySearch(Object[] a, Object key) { return binarySearch(a, key, null); }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> int binarySearch(T[] a, T key, Comparator<? super T> c) {
        if (c == null) c = (Comparator) Collections.NaturalOrder.INSTANCE;
        int low = 0, high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int cmp = c.compare(a[mid], key);
            if (cmp < 0) low = mid + 1;
            else if (cmp > 0) high = mid - 1;
            else return mid;
        }
        return -(low + 1);
    }

    @SafeVarargs
    @SuppressWarnings("varargs")
    public static <T> List<T> asList(T... a) { return new ArrayList<>(a); }

    private static class ArrayList<E> extends AbstractList<E> implements RandomAccess, java.io.Serializable {
        private final E[] a;

        ArrayList(E[] array) { a = Objects.requireNonNull(array); }

        public int size() { return a.length; }

        public Object[] toArray() { return Arrays.copyOf(a, a.length, Object[].class); }

        public E get(int index) { return a[index]; }

        public E set(int index, E element) {
            E oldValue = a[index];
            a[index] = element;
            return oldValue;
        }

        public int indexOf(Object o) {
            for (int i = 0; i < a.length; i++)
                if (Objects.equals(o, a[i])) return i;
            return -1;
        }

        public boolean contains(Object o) { return indexOf(o) >= 0; }

        public void sort(Comparator<? super E> c) { Arrays.sort(a, c); }
    }
}
