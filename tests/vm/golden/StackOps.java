// Stack manipulation instructions produced by compound assignments on longs, doubles and arrays.
public class StackOps {
    long lf;
    double df;
    static long ls;
    int[] ia = new int[3];
    long[] la = new long[3];
    double[] da = new double[3];

    public static void main(String[] args) {
        StackOps o = new StackOps();
        long a = o.lf++;
        long b = ++o.lf;
        long c = o.lf += 10;
        double d = o.df++ + ++o.df;
        long e = ls++ + ++ls;
        int x = o.ia[1]++;
        int y = ++o.ia[2];
        long p = o.la[0]++;
        long q = o.la[1] += 7;
        double r = o.da[2]--;
        double s = o.da[0] = o.da[1] = 2.5;
        System.out.println(a + " " + b + " " + c + " " + d + " " + e + " " + x + " " + y + " " + p + " " + q + " " + r + " " + s);
        System.out.println(o.lf + " " + o.df + " " + ls + " " + o.ia[1] + o.ia[2] + " " + o.la[0] + " " + o.la[1] + " " + o.da[2] + " " + o.da[1]);
        int i = 5;
        int j = i++ + i++ * --i;
        int k = (i = 3) + (i += 4) * i--;
        System.out.println(i + " " + j + " " + k);
        long[] arr = {1, 2, 3};
        int idx = 0;
        arr[idx++] += arr[idx] * 10;
        System.out.println(arr[0] + " " + arr[1] + " " + idx);
        Object[] objs = new Object[2];
        Object t = objs[0] = objs[1] = "chain";
        System.out.println(t + " " + objs[0] + " " + objs[1]);
        long m = 1, n = 2;
        m = n = m + n;
        System.out.println(m + " " + n);
        double dd = 1.5;
        dd = o.df = dd * 2;
        System.out.println(dd + " " + o.df);
    }
}
