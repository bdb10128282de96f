package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface IntBinaryOperator {
    int applyAsInt(int left, int right);
}
