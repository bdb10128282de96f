package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface ObjIntConsumer<T> {
    void accept(T t, int value);
}
