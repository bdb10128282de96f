package trust;

/** A mutable cell: a top-level helper class of the jar, not nested in the class under test. */
class Cell {
    int v;
}
