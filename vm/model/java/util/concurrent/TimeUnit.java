package java.util.concurrent;

public enum TimeUnit {
    NANOSECONDS(1L), MICROSECONDS(1000L), MILLISECONDS(1000000L), SECONDS(1000000000L), MINUTES(60000000000L), HOURS(3600000000000L), DAYS(86400000000000L);

    private final long nanos;

    TimeUnit(long nanos) { this.nanos = nanos; }

    private static long scale(long d, long from, long to) {
        if (from >= to) {
            long r = from / to;
            long max = Long.MAX_VALUE / r;
            if (d > max) return Long.MAX_VALUE;
            if (d < -max) return Long.MIN_VALUE;
            return d * r;
        }
        return d / (to / from);
    }

    public long convert(long sourceDuration, TimeUnit sourceUnit) { return scale(sourceDuration, sourceUnit.nanos, nanos); }

    public long toNanos(long duration) { return scale(duration, nanos, 1L); }

    public long toMicros(long duration) { return scale(duration, nanos, 1000L); }

    public long toMillis(long duration) { return scale(duration, nanos, 1000000L); }

    public long toSeconds(long duration) { return scale(duration, nanos, 1000000000L); }

    public long toMinutes(long duration) { return scale(duration, nanos, 60000000000L); }

    public long toHours(long duration) { return scale(duration, nanos, 3600000000000L); }

    public long toDays(long duration) { return scale(duration, nanos, 86400000000000L); }

    /** The nanoseconds of [timeout] beyond its whole milliseconds [ms] (0 when saturated). */
    private int excessNanos(long timeout, long ms) {
        long ns = toNanos(timeout) - ms * 1000000L;
        return ns < 0 || ns > 999999 ? 0 : (int) ns;
    }

    public void timedWait(Object obj, long timeout) throws InterruptedException {
        if (timeout > 0) {
            long ms = toMillis(timeout);
            obj.wait(ms, excessNanos(timeout, ms));
        }
    }

    public void timedJoin(Thread thread, long timeout) throws InterruptedException {
        if (timeout > 0) {
            long ms = toMillis(timeout);
            thread.join(ms, excessNanos(timeout, ms));
        }
    }

    public void sleep(long timeout) throws InterruptedException {
        if (timeout > 0) Thread.sleep(toMillis(timeout));
    }
}
