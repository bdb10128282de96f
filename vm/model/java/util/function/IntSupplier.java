package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface IntSupplier {
    int getAsInt();
}
