package trust;

/** Counts hits and misses on the enum's own constants, unsynchronised: a lost update. Kind's
 * $VALUES (read by values()) and the switch map are javac's tables, which porcheck takes as never
 * written again, but the constants they hold keep their mutable counts. */
public class EnumTally {
    enum Kind {
        HIT,
        MISS;
        int count;
    }

    public int record(int k) {
        Kind kind = Kind.values()[k % 2];
        switch (kind) {
        case HIT:
            return ++kind.count;
        default:
            return 100 + ++kind.count;
        }
    }
}
