/* Double.toString and Float.toString exactly as JDK 17 prints them. That JDK's FloatingDecimal
 * is not a shortest-digit algorithm: exact integers below 2^63 keep all digits down to a
 * precision derived from the significand width, and other values run a Steele-White digit
 * generation whose stopping tests are strict, which needs int, long or big-integer arithmetic
 * depending on the magnitudes (and inherits the int/long overflow behaviour of the first two).
 * This file follows that published behaviour step by step; the golden tests compare it with
 * HotSpot. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

enum {
    EXP_SHIFT = 52,
    SINGLE_EXP_SHIFT = 23,
    MAX_SMALL_BIN_EXP = 62,
    MIN_SMALL_BIN_EXP = -21,
    BIG_WORDS = 100
};

/* Bit lengths of 5^i for small i (0 for i = 0), as the JDK tabulates them. */
static int n5bits(int i)
{
    static const int bits[] = {0,  3,  5,  7,  10, 12, 14, 17, 19, 21, 24, 26, 28, 31,
                               33, 35, 38, 40, 42, 45, 47, 49, 52, 54, 56, 59, 61};
    return i < 27 ? bits[i] : i * 3;
}

/* The digits produced so far and the decimal exponent (digits before the point). */
typedef struct digits {
    char d[32];
    int n;
    int exp;
} digits;

static int64_t pow5(int n)
{
    int64_t v = 1;
    while (n-- > 0) v *= 5;
    return v;
}

/* The easy case: an integer value below 2^63, rounded half up to its significant digits. */
static void long_digits(digits *out, uint64_t value, int insignificant)
{
    int exp = 0;
    if (insignificant) {
        uint64_t p10 = 1;
        for (int i = 0; i < insignificant; i++) p10 *= 10;
        uint64_t residue = value % p10;
        value /= p10;
        exp += insignificant;
        if (residue >= (p10 >> 1)) value++;
    }
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%llu", (unsigned long long)value);
    exp += n;
    while (n > 1 && buf[n - 1] == '0') n--;
    memcpy(out->d, buf, (size_t)n);
    out->n = n;
    out->exp = exp;
}

static void roundup(digits *out)
{
    int i = out->n - 1;
    while (i >= 0 && out->d[i] == '9') out->d[i--] = '0';
    if (i < 0) {
        out->d[0] = '1';
        out->n = 1;
        out->exp++;
        return;
    }
    out->d[i]++;
}

/* ---- A minimal unsigned big integer ------------------------------------------------------------
 */

typedef struct big {
    uint32_t w[BIG_WORDS];
    int n; /* words in use */
} big;

static void big_set(big *b, uint64_t v)
{
    memset(b, 0, sizeof *b);
    b->w[0] = (uint32_t)v;
    b->w[1] = (uint32_t)(v >> 32);
    b->n = b->w[1] ? 2 : b->w[0] ? 1 : 0;
}

static void big_mul_small(big *b, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < b->n; i++) {
        uint64_t p = (uint64_t)b->w[i] * m + carry;
        b->w[i] = (uint32_t)p;
        carry = p >> 32;
    }
    if (carry && b->n < BIG_WORDS) b->w[b->n++] = (uint32_t)carry;
}

static void big_shl(big *b, int s)
{
    int words = s / 32, bits = s % 32;
    if (b->n == 0) return;
    for (int i = b->n - 1 + words + 1; i >= 0; i--) {
        uint64_t hi = i - words >= 0 && i - words < b->n ? b->w[i - words] : 0;
        uint64_t lo = i - words - 1 >= 0 && i - words - 1 < b->n ? b->w[i - words - 1] : 0;
        if (i < BIG_WORDS) b->w[i] = (uint32_t)(bits ? (hi << bits) | (lo >> (32 - bits)) : hi);
    }
    b->n += words + 1;
    if (b->n > BIG_WORDS) b->n = BIG_WORDS;
    while (b->n && !b->w[b->n - 1]) b->n--;
}

static void big_pow52(big *b, uint64_t base, int p5, int p2)
{
    big_set(b, base);
    for (int i = 0; i < p5; i++) big_mul_small(b, 5);
    big_shl(b, p2);
}

static int big_cmp(const big *a, const big *b)
{
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static void big_sub(big *a, const big *b)
{
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t d = (int64_t)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
        borrow = d < 0;
        a->w[i] = (uint32_t)(d + (borrow ? (INT64_C(1) << 32) : 0));
    }
    while (a->n && !a->w[a->n - 1]) a->n--;
}

static void big_add(big *out, const big *a, const big *b)
{
    uint64_t carry = 0;
    int n = a->n > b->n ? a->n : b->n;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n; i++) {
        uint64_t s = (uint64_t)(i < a->n ? a->w[i] : 0) + (i < b->n ? b->w[i] : 0) + carry;
        out->w[i] = (uint32_t)s;
        carry = s >> 32;
    }
    out->n = n;
    if (carry && n < BIG_WORDS) out->w[out->n++] = (uint32_t)carry;
}

/* q = b / s (a digit), b = (b % s) * 10. */
static int big_digit(big *b, const big *s)
{
    int q = 0;
    while (big_cmp(b, s) >= 0) {
        big_sub(b, s);
        q++;
    }
    big_mul_small(b, 10);
    return q;
}

/* ---- The general case ---------------------------------------------------------------------------
 */

/* The scaled quantities of the digit generation: value B, divisor S and half-ulp M. */
typedef struct scale {
    int b2, b5, s2, s5, m2, m5;
    int dec_exp;
} scale;

static int estimate_dec_exp(uint64_t fract, int bin_exp)
{
    uint64_t bits = (UINT64_C(0x3ff) << 52) | (fract & ((UINT64_C(1) << 52) - 1));
    double d2;
    memcpy(&d2, &bits, sizeof d2);
    double d = (d2 - 1.5) * 0.289529654 + 0.176091259 + (double)bin_exp * 0.301029995663981;
    return (int)floor(d);
}

/* Emits digits while neither stopping test holds, then rounds the last one. */
static void finish(digits *out, bool low, bool high, int cmp_last)
{
    if (!high) return;
    if (!low || cmp_last > 0 || (cmp_last == 0 && ((out->d[out->n - 1] - '0') & 1))) roundup(out);
}

static void gen_int(digits *out, uint64_t fract, const scale *k, bool compat)
{
    int32_t b = (int32_t)(((uint32_t)fract * (uint32_t)pow5(k->b5)) << k->b2);
    int32_t s = (int32_t)((uint32_t)pow5(k->s5) << k->s2);
    int32_t m = (int32_t)((uint32_t)pow5(k->m5) << k->m2);
    int32_t tens = s * 10;
    int dec = k->dec_exp;
    int q = b / s;
    b = 10 * (b % s);
    m = (int32_t)((uint32_t)m * 10);
    bool low = b<m, high = (int32_t)((uint32_t)b + (uint32_t)m)> tens;
    if (q == 0 && !high)
        dec--;
    else
        out->d[out->n++] = (char)('0' + q);
    if (!compat || dec < -3 || dec >= 8) high = low = false;
    while (!low && !high && out->n < 30) {
        q = b / s;
        b = 10 * (b % s);
        m = (int32_t)((uint32_t)m * 10);
        if (m > 0) {
            low = b < m;
            high = (int32_t)((uint32_t)b + (uint32_t)m) > tens;
        } else {
            low = high = true;
        }
        out->d[out->n++] = (char)('0' + q);
    }
    int32_t diff = (int32_t)(((uint32_t)b << 1) - (uint32_t)tens);
    out->exp = dec + 1;
    finish(out, low, high, diff > 0 ? 1 : diff < 0 ? -1 : 0);
}

static void gen_long(digits *out, uint64_t fract, const scale *k, bool compat)
{
    int64_t b = (int64_t)((fract * (uint64_t)pow5(k->b5)) << k->b2);
    int64_t s = (int64_t)((uint64_t)pow5(k->s5) << k->s2);
    int64_t m = (int64_t)((uint64_t)pow5(k->m5) << k->m2);
    int64_t tens = s * 10;
    int dec = k->dec_exp;
    int q = (int)(b / s);
    b = 10 * (b % s);
    m = (int64_t)((uint64_t)m * 10);
    bool low = b<m, high = (int64_t)((uint64_t)b + (uint64_t)m)> tens;
    if (q == 0 && !high)
        dec--;
    else
        out->d[out->n++] = (char)('0' + q);
    if (!compat || dec < -3 || dec >= 8) high = low = false;
    while (!low && !high && out->n < 30) {
        q = (int)(b / s);
        b = 10 * (b % s);
        m = (int64_t)((uint64_t)m * 10);
        if (m > 0) {
            low = b < m;
            high = (int64_t)((uint64_t)b + (uint64_t)m) > tens;
        } else {
            low = high = true;
        }
        out->d[out->n++] = (char)('0' + q);
    }
    int64_t diff = (int64_t)(((uint64_t)b << 1) - (uint64_t)tens);
    out->exp = dec + 1;
    finish(out, low, high, diff > 0 ? 1 : diff < 0 ? -1 : 0);
}

static void gen_big(digits *out, uint64_t fract, const scale *k, bool compat)
{
    big b, s, m, tens, sum;
    big_pow52(&b, fract, k->b5, k->b2);
    big_pow52(&s, 1, k->s5, k->s2);
    big_pow52(&m, 1, k->m5, k->m2);
    tens = s;
    big_mul_small(&tens, 10);
    int dec = k->dec_exp;
    int q = big_digit(&b, &s);
    big_mul_small(&m, 10);
    big_add(&sum, &b, &m);
    bool low = big_cmp(&b, &m)<0, high = big_cmp(&sum, &tens)> 0;
    if (q == 0 && !high)
        dec--;
    else
        out->d[out->n++] = (char)('0' + q);
    if (!compat || dec < -3 || dec >= 8) high = low = false;
    while (!low && !high && out->n < 30) {
        q = big_digit(&b, &s);
        big_mul_small(&m, 10);
        big_add(&sum, &b, &m);
        low = big_cmp(&b, &m) < 0;
        high = big_cmp(&sum, &tens) > 0;
        out->d[out->n++] = (char)('0' + q);
    }
    big_add(&sum, &b, &b);
    out->exp = dec + 1;
    finish(out, low, high, big_cmp(&sum, &tens));
}

/* Produces the digits of fract * 2^(bin_exp - 52) (fract has its bit 52 set). */
static void dtoa(digits *out, int bin_exp, uint64_t fract, int nsig)
{
    int tail = __builtin_ctzll(fract);
    int nfract = EXP_SHIFT + 1 - tail;
    int ntiny = nfract - bin_exp - 1 > 0 ? nfract - bin_exp - 1 : 0;
    out->n = 0;
    if (bin_exp <= MAX_SMALL_BIN_EXP && bin_exp >= MIN_SMALL_BIN_EXP && ntiny == 0) {
        int p2 = bin_exp - nsig - 1;
        int insignificant =
            bin_exp > nsig && p2 > 1 && p2 < 64 ? (int)floor(p2 * 0.30102999566398119521) : 0;
        uint64_t v =
            bin_exp >= EXP_SHIFT ? fract << (bin_exp - EXP_SHIFT) : fract >> (EXP_SHIFT - bin_exp);
        long_digits(out, v, insignificant);
        return;
    }
    scale k;
    k.dec_exp = estimate_dec_exp(fract, bin_exp);
    k.b5 = k.dec_exp < 0 ? -k.dec_exp : 0;
    k.b2 = k.b5 + ntiny + bin_exp;
    k.s5 = k.dec_exp > 0 ? k.dec_exp : 0;
    k.s2 = k.s5 + ntiny;
    k.m5 = k.b5;
    k.m2 = k.b2 - nsig;
    fract >>= tail;
    k.b2 -= nfract - 1;
    int common = k.b2 < k.s2 ? k.b2 : k.s2;
    k.b2 -= common;
    k.s2 -= common;
    k.m2 -= common;
    if (nfract == 1) k.m2 -= 1;
    if (k.m2 < 0) {
        k.b2 -= k.m2;
        k.s2 -= k.m2;
        k.m2 = 0;
    }
    int bbits = nfract + k.b2 + n5bits(k.b5);
    int tensbits = k.s2 + 1 + n5bits(k.s5 + 1);
    if (bbits < 64 && tensbits < 64) {
        if (bbits < 32 && tensbits < 32)
            gen_int(out, fract, &k, true);
        else
            gen_long(out, fract, &k, true);
    } else {
        gen_big(out, fract, &k, true);
    }
}

/* Lays out [dg] as Java's toString does. */
static void layout(char *buf, size_t cap, bool negative, const digits *dg)
{
    char *p = buf;
    char *end = buf + cap - 1;
    if (negative && p < end) *p++ = '-';
    int e = dg->exp;
    if (e > 0 && e < 8) {
        for (int i = 0; i < e && p < end; i++) *p++ = i < dg->n ? dg->d[i] : '0';
        if (p < end) *p++ = '.';
        if (e < dg->n)
            for (int i = e; i < dg->n && p < end; i++) *p++ = dg->d[i];
        else if (p < end)
            *p++ = '0';
    } else if (e <= 0 && e > -3) {
        if (p + 2 < end) *p++ = '0', *p++ = '.';
        for (int i = 0; i < -e && p < end; i++) *p++ = '0';
        for (int i = 0; i < dg->n && p < end; i++) *p++ = dg->d[i];
    } else {
        if (p < end) *p++ = dg->d[0];
        if (p < end) *p++ = '.';
        if (dg->n > 1)
            for (int i = 1; i < dg->n && p < end; i++) *p++ = dg->d[i];
        else if (p < end)
            *p++ = '0';
        p += snprintf(p, (size_t)(end - p + 1), "E%d", e - 1);
    }
    *(p < end ? p : end) = '\0';
}

/* The binary exponent, significand (bit 52 set) and significant bits of float [f]. */
static void decompose_float(float f, int *bin_exp, uint64_t *fract, int *nsig)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    int e = (int)((bits >> SINGLE_EXP_SHIFT) & 0xff);
    uint32_t fr = bits & 0x7fffff;
    if (e == 0) {
        int lz = __builtin_clz(fr);
        int shift = lz - (31 - SINGLE_EXP_SHIFT);
        fr <<= shift;
        e = 1 - shift;
        *nsig = 32 - lz;
    } else {
        fr |= 1u << SINGLE_EXP_SHIFT;
        *nsig = SINGLE_EXP_SHIFT + 1;
    }
    *bin_exp = e - 127;
    *fract = (uint64_t)fr << (EXP_SHIFT - SINGLE_EXP_SHIFT);
}

/* The binary exponent, significand (bit 52 set) and significant bits of double [v]. */
static void decompose_double(double v, int *bin_exp, uint64_t *fract, int *nsig)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int e = (int)((bits >> EXP_SHIFT) & 0x7ff);
    uint64_t fr = bits & ((UINT64_C(1) << EXP_SHIFT) - 1);
    if (e == 0) {
        int lz = __builtin_clzll(fr);
        int shift = lz - (63 - EXP_SHIFT);
        fr <<= shift;
        e = 1 - shift;
        *nsig = 64 - lz;
    } else {
        fr |= UINT64_C(1) << EXP_SHIFT;
        *nsig = EXP_SHIFT + 1;
    }
    *bin_exp = e - 1023;
    *fract = fr;
}

void cf_format_java_double(char *buf, size_t cap, double v, bool is_float)
{
    if (isnan(v) || isinf(v) || v == 0) {
        snprintf(buf, cap, "%s",
                 isnan(v)     ? "NaN"
                 : isinf(v)   ? (v < 0 ? "-Infinity" : "Infinity")
                 : signbit(v) ? "-0.0"
                              : "0.0");
        return;
    }
    digits dg;
    uint64_t fract;
    int bin_exp, nsig;
    if (is_float)
        decompose_float((float)v, &bin_exp, &fract, &nsig);
    else
        decompose_double(v, &bin_exp, &fract, &nsig);
    dtoa(&dg, bin_exp, fract, nsig);
    layout(buf, cap, signbit(v) != 0, &dg);
}
