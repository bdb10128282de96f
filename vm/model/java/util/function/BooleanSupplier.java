package java.util.function;

import java.util.Objects;

@FunctionalInterface
public interface BooleanSupplier {
    boolean getAsBoolean();
}
