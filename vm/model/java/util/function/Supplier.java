package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface Supplier<T> {
    T get();
}
