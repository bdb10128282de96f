package cftest;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** An annotation type: an interface with the annotation flag and default values. */
@Retention(RetentionPolicy.RUNTIME)
public @interface Marker {
    int value() default 3;

    String[] names() default {"a", "b"};
}
