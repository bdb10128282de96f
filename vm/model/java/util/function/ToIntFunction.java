package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface ToIntFunction<T> {
    int applyAsInt(T value);
}
