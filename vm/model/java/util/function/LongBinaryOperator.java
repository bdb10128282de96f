package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface LongBinaryOperator {
    long applyAsLong(long left, long right);
}
