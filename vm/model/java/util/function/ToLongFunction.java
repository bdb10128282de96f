package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface ToLongFunction<T> {
    long applyAsLong(T value);
}
