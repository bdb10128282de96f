package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface IntToLongFunction {
    long applyAsLong(int value);
}
