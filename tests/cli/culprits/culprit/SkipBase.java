package culprit;

import java.util.concurrent.ConcurrentSkipListMap;

/** A base class on ConcurrentSkipListMap, which the model library lacks. */
public class SkipBase extends ConcurrentSkipListMap<Integer, Integer> {
    private static final long serialVersionUID = 1L;
}
