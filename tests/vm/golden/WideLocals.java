// Methods with more than 256 local slots (the wide prefix) and big constants.
public class WideLocals {
    static long many(int seed) {
        long a0 = seed, a1 = a0 + 1, a2 = a1 + 2, a3 = a2 + 3, a4 = a3 + 4, a5 = a4 + 5, a6 = a5 + 6, a7 = a6 + 7, a8 = a7 + 8, a9 = a8 + 9;
        long b0 = a9 * 2, b1 = b0 + 1, b2 = b1 + 2, b3 = b2 + 3, b4 = b3 + 4, b5 = b4 + 5, b6 = b5 + 6, b7 = b6 + 7, b8 = b7 + 8, b9 = b8 + 9;
        long c0 = b9 * 2, c1 = c0 + 1, c2 = c1 + 2, c3 = c2 + 3, c4 = c3 + 4, c5 = c4 + 5, c6 = c5 + 6, c7 = c6 + 7, c8 = c7 + 8, c9 = c8 + 9;
        long d0 = c9 * 2, d1 = d0 + 1, d2 = d1 + 2, d3 = d2 + 3, d4 = d3 + 4, d5 = d4 + 5, d6 = d5 + 6, d7 = d6 + 7, d8 = d7 + 8, d9 = d8 + 9;
        long e0 = d9 * 2, e1 = e0 + 1, e2 = e1 + 2, e3 = e2 + 3, e4 = e3 + 4, e5 = e4 + 5, e6 = e5 + 6, e7 = e6 + 7, e8 = e7 + 8, e9 = e8 + 9;
        long f0 = e9 * 2, f1 = f0 + 1, f2 = f1 + 2, f3 = f2 + 3, f4 = f3 + 4, f5 = f4 + 5, f6 = f5 + 6, f7 = f6 + 7, f8 = f7 + 8, f9 = f8 + 9;
        long g0 = f9 * 2, g1 = g0 + 1, g2 = g1 + 2, g3 = g2 + 3, g4 = g3 + 4, g5 = g4 + 5, g6 = g5 + 6, g7 = g6 + 7, g8 = g7 + 8, g9 = g8 + 9;
        long h0 = g9 * 2, h1 = h0 + 1, h2 = h1 + 2, h3 = h2 + 3, h4 = h3 + 4, h5 = h4 + 5, h6 = h5 + 6, h7 = h6 + 7, h8 = h7 + 8, h9 = h8 + 9;
        long i0 = h9 * 2, i1 = i0 + 1, i2 = i1 + 2, i3 = i2 + 3, i4 = i3 + 4, i5 = i4 + 5, i6 = i5 + 6, i7 = i6 + 7, i8 = i7 + 8, i9 = i8 + 9;
        long j0 = i9 * 2, j1 = j0 + 1, j2 = j1 + 2, j3 = j2 + 3, j4 = j3 + 4, j5 = j4 + 5, j6 = j5 + 6, j7 = j6 + 7, j8 = j7 + 8, j9 = j8 + 9;
        long k0 = j9 * 2, k1 = k0 + 1, k2 = k1 + 2, k3 = k2 + 3, k4 = k3 + 4, k5 = k4 + 5, k6 = k5 + 6, k7 = k6 + 7, k8 = k7 + 8, k9 = k8 + 9;
        long l0 = k9 * 2, l1 = l0 + 1, l2 = l1 + 2, l3 = l2 + 3, l4 = l3 + 4, l5 = l4 + 5, l6 = l5 + 6, l7 = l6 + 7, l8 = l7 + 8, l9 = l8 + 9;
        long m0 = l9 * 2, m1 = m0 + 1, m2 = m1 + 2, m3 = m2 + 3, m4 = m3 + 4, m5 = m4 + 5, m6 = m5 + 6, m7 = m6 + 7, m8 = m7 + 8, m9 = m8 + 9;
        double w = m9 * 0.5;
        int counter = (int) (w / 1000);
        counter += 300;
        counter++;
        float fl = counter;
        Object ref = "ref" + counter;
        return a0 + b1 + c2 + d3 + e4 + f5 + g6 + h7 + i8 + j9 + k0 + l1 + m2 + (long) w + counter + (long) fl + ref.hashCode();
    }

    public static void main(String[] args) {
        for (int s = 0; s < 5; s++) System.out.println(many(s));
        System.out.println(1234567 + " " + -7654321 + " " + 0x7fff0000 + " " + 123456789012345L + " " + 65535 + " " + -32769 + " " + 3.25e200);
    }
}
