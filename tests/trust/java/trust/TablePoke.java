package trust;

/** A write into an array named like javac's switch table; test_trust.sh marks the field
 * synthetic in the class file, as only hand-made bytecode could, and porcheck must refuse it. */
public class TablePoke {
    static class Table {
        static final int[] $SwitchMap$poke = {1, 2};
    }

    public int poke() {
        Table.$SwitchMap$poke[0]++;
        return Table.$SwitchMap$poke[0];
    }
}
