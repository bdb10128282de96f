#!/usr/bin/env bash
# The JDK's own classes behind the model library (issue #17): structures built on the JDK's
# TreeMap and AtomicIntegerArray, which the model library lacks, and on a VarHandle, are checked
# (correct: ok; buggy: violation) under several algorithms, as is one on sun.misc.Unsafe found by
# reflection; the JDK's ConcurrentLinkedDeque shows
# Lincheck's bug, its ConcurrentLinkedQueue replaces the model's, and correct operations of its
# CLQ, ConcurrentHashMap and ConcurrentSkipListMap are ok; structures on the JDK's locks (its
# ReentrantReadWriteLock with --jdk-locks, StampedLock, Semaphore, a mutex of its own on its
# queued synchronizer) are checked; --model-library turns the JDK off (exit 2, one line naming the class and its
# caller); --jdk DIR chooses the JDK and a DIR without lib/modules is bad input; campaign passes
# the choice on to its runs.
# PORCHECK_TEST_QUICK=1 (the sanitizer build, there to catch memory errors): each list of
# algorithms is cut to its first and last, and the comparison with dfs takes two of its six
# algorithms per structure, in turn (each still meets one structure, with and without symmetry).
# usage: test_jdk.sh PORCHECK JAVAC SOURCE_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 javac=$2 src=$3 work=$4
sample_leaks

# pick ALGO...: the algorithms a check runs under: all of them, or quick, the first and the last.
pick() { if [ "$quick" = 1 ] && [ $# -gt 2 ]; then echo "$1 ${!#}"; else echo "$*"; fi; }
rm -rf "$work" && mkdir -p "$work/classes" && cd "$work" || exit 2
jdk_dir=$src/tests/cli/jdk
"$javac" -nowarn -d classes "$jdk_dir"/zoo/*.java || exit 2
"$(dirname "$javac")/jar" cf zoo.jar -C classes zoo || exit 2
jdk_home=$(dirname "$(dirname "$(readlink -f "$javac")")")

client='{ record(1); best() } || { record(1); size() }'
for algo in $(pick dfs jpf s-por dl-s-por); do
    expect 0 check --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client" --algo "$algo"
    grep -qx "verdict: ok" out.txt || fail "Ranking under $algo: no ok verdict"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/ranking-buggy.json" --client "$client" --algo "$algo" $(minimise_flag "$algo")
    grep -q "(1, 1, 1, 1) .*UNEXPECTED" out.txt || fail "RankingBuggy under $algo: lost update not found"
done

# A structure of the application's own written with a VarHandle (a Treiber stack; the buggy pop
# reads and then sets the top), and one on the JDK's AtomicIntegerArray (array-element
# VarHandles inside the JDK; the buggy vote reads and then sets its count).
stack='{ push(1); push(2) } ; { pop() } || { pop() } || { push(3) }'
tally='{ vote(1); count(1) } || { vote(1) } || { vote(0); count(0) }'
for algo in $(pick dfs jpf s-por dl-s-por); do
    expect 0 check --jar zoo.jar --spec "$jdk_dir/vhstack.json" --client "$stack" --algo "$algo"
    grep -qx "verdict: ok" out.txt || fail "VhStack under $algo: no ok verdict"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/vhstack-buggy.json" --client "$stack" --algo "$algo" \
        --trace-format list $(minimise_flag "$algo")
    grep -q "(void, void, 2, 2, void) .*UNEXPECTED" out.txt || fail "VhStackBuggy under $algo: double pop not found"
    grep -q "setRelease: write top = Node@[0-9]* at VhStackBuggy.pop(VhStackBuggy.java:39)" out.txt ||
        fail "VhStackBuggy under $algo: the table does not show the VarHandle write"
    expect 0 check --jar zoo.jar --spec "$jdk_dir/tally.json" --client "$tally" --algo "$algo"
    grep -qx "verdict: ok" out.txt || fail "Tally under $algo: no ok verdict"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/tally-buggy.json" --client "$tally" --algo "$algo" $(minimise_flag "$algo")
    grep -q "(1, 1, 1, 1, 1) .*UNEXPECTED" out.txt || fail "TallyBuggy under $algo: lost vote not found"
done

# The JDK's LongAdder (Striped64: VarHandles on its cells, ThreadLocalRandom probes): a counter is
# ok; a cap checked with sum() and then added lets two hits through.
hits='{ hit(); hits() } || { hit() } || { hit(); hits() }'
for algo in dfs dl-s-por; do
    expect 0 check --jar zoo.jar --spec "$jdk_dir/hits.json" --client "$hits" --algo "$algo"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/hits-capped.json" --client "$hits" --algo "$algo" $(minimise_flag "$algo")
    grep -q "^  (true, 2, true, false, 2) .*UNEXPECTED" out.txt || fail "HitsCapped under $algo: no double hit"
done

# The JDK classes the sequential runs initialise (ThreadLocalRandom and what its initialiser
# needs) are initialised before the client's threads start: no thread runs their initialisers,
# so the table of Lottery's lost ticket shows no "initialise" step.
expect 1 check --jar zoo.jar --spec "$jdk_dir/lottery.json" --client '{ draw() } || { draw() }'
grep -q "^  (0, 0) .*UNEXPECTED" out.txt || fail "Lottery: the lost ticket was not found"
grep -q "initialise" out.txt && fail "Lottery: a thread initialised a JDK class: $(grep initialise out.txt)"

# The JDK's own concurrent collections. Lincheck's README shows ConcurrentLinkedDeque's
# non-linearizable peekLast: after addLast(4), pollFirst() returns 4 while the other thread's
# addFirst(-4); peekLast() sees 4.
cld='{ addLast(4) } ; { pollFirst() } || { addFirst(-4); peekLast() }'
for algo in $(pick dfs jpf s-por dl-s-por); do
    expect 1 check --jar zoo.jar --spec "$jdk_dir/cld.json" --client "$cld" --algo "$algo" $(minimise_flag "$algo")
    grep -q "^  (void, 4, void, 4) .*UNEXPECTED" out.txt || fail "CLD under $algo: Lincheck's bug not found"
done
# ConcurrentLinkedQueue comes from the JDK, ahead of the model library's: its weakly consistent
# toString can miss the first element but never shows a null, which the model's did.
clq='{ offer(1); poll(); offer(2) } || { toString() }'
expect 1 check --jar zoo.jar --spec "$jdk_dir/clq-tostring.json" --client "$clq"
grep -q "^  (true, 1, true, \[1, 2\]) .*UNEXPECTED" out.txt || fail "JDK CLQ: toString's [1, 2] not found"
grep '^  (' out.txt | grep -q "null" && fail "JDK CLQ: toString showed a null: $(grep '^  (.*null' out.txt)"
expect 1 check --model-library --jar zoo.jar --spec "$jdk_dir/clq-tostring.json" --client "$clq"
grep -q "^  (true, 1, true, \[null, 2\]) .*UNEXPECTED" out.txt || fail "model CLQ: no [null, 2]"
# ConcurrentHashMap's atomic updates, the JDK's and the model library's: computeIfAbsent of a key
# another thread inserts meanwhile returns that thread's value (the model's returned null, and
# the caller's incrementAndGet threw), and a remove that finds its bin's head removed meanwhile
# looks again (the model's reported the key absent: (1, 10, true, false, 10)).
for lib in "" --model-library; do
    for algo in $(pick dfs dl-s-por); do
        for counts in '{ add(1) } || { add(1) } ; { total(1) }' \
            '{ add(1); bump(17) } ; { forget(1) } || { forget(17) } ; { total(17) }'; do
            expect 0 check $lib --jar zoo.jar --spec "$jdk_dir/wordcounts.json" --client "$counts" --algo "$algo"
            grep -qx "verdict: ok" out.txt || fail "WordCounts $lib under $algo, $counts: no ok verdict"
        done
    done
done
# Violat's hand-written ConcurrentHashMap and ConcurrentLinkedQueue tests whose interesting
# (non-linearizable) outcomes clients can express: every one is found in the JDK's classes.
expect 1 check --jar zoo.jar --spec "$jdk_dir/chm-views.json" --clients "$jdk_dir/chm-handwritten.clients"
grep -qx "summary: 8 clients, 0 ok, 8 with a violation, 0 incomplete, 0 errors" out.txt ||
    fail "CHM hand-written: $(grep -E '^(client|verdict|summary)' out.txt)"
grep -q "^  (null, 0, null, {0=0, 1=1}) .*UNEXPECTED" out.txt || fail "CHM toString: no {0=0, 1=1}"
expect 1 check --jar zoo.jar --spec "$jdk_dir/clq-bulk.json" --clients "$jdk_dir/clq-handwritten.clients"
grep -qx "summary: 7 clients, 0 ok, 7 with a violation, 0 incomplete, 0 errors" out.txt ||
    fail "CLQ hand-written: $(grep -E '^(client|verdict|summary)' out.txt)"
grep -q "^  (true, true, void, 2) .*UNEXPECTED" out.txt || fail "CLQ clear: peek saw no 2"
# A visible set that leaves the JDK's queue out: the race check pairs its VarHandle CASes with
# its plain reads and widens the set with the queue and its nodes, naming the queue's own lines
# (not the VarHandle's insides); both outcomes are found.
expect 0 check --jar zoo.jar --spec "$src/specs/ConcurrentLinkedQueue.json" \
    --visible java.util.concurrent.ConcurrentLinkedDeque --client '{ offer(1) } || { offer(2); poll() }'
grep -q 'widened with java.util.concurrent.ConcurrentLinkedQueue\$Node, java.util.concurrent.ConcurrentLinkedQueue$' out.txt ||
    fail "CLQ narrowed: not widened: $(grep '^visible' out.txt)"
grep -q "race on .*Node.next of Node#.*: written by T[01] at java.util.concurrent.ConcurrentLinkedQueue.offer(ConcurrentLinkedQueue.java:[0-9]*)" out.txt ||
    fail "CLQ narrowed: the CAS's race is not named at the queue's line: $(grep 'race on' out.txt)"
grep -qx "outcomes observed: 2" out.txt || fail "CLQ narrowed: $(grep '^outcomes observed' out.txt)"
# Correct operations of the JDK's ConcurrentLinkedQueue, ConcurrentHashMap and
# ConcurrentSkipListMap on three threads are ok.
expect 0 check --jar zoo.jar --spec "$src/specs/ConcurrentLinkedQueue.json" \
    --client '{ offer(1); poll() } || { offer(2); peek() } || { poll() }'
expect 0 check --jar zoo.jar --spec "$src/specs/ConcurrentHashMap.json" \
    --client '{ put(1,1); get(1) } || { put(1,2); remove(1) } || { get(1) }'
# quick: two threads (11 K states, against 108 K: 6.6 s of the sanitizer build's CPU)
cslm='{ put(1,1) } || { put(2,2); get(1) } || { remove(1) }'
[ "$quick" = 1 ] && cslm='{ put(1,1); remove(1) } || { put(2,2); get(1) }'
expect 0 check --jar zoo.jar --spec "$jdk_dir/cslm.json" --client "$cslm"
grep -q "ConcurrentSkipListMap" out.txt || fail "CSLM: $(head -3 out.txt)"

# The JDK's locks (--jdk-locks: its ReentrantReadWriteLock, not the model's; each call one step up
# to where it parks): a registry behind one is ok; one that looks up under the read lock and
# inserts under the write lock registers a name twice. The buggy table shows the write lock's
# wait and wake-up. Explored instruction by instruction (--explore-jdk-locks) the correct one
# has the same outcomes as with atomic calls.
registry='{ register(1,1); owner(1) } || { register(1,2) } || { owner(1) }'
for algo in $(pick dfs s-por dl-s-por); do
    expect 0 check --jdk-locks --jar zoo.jar --spec "$jdk_dir/registry.json" --client "$registry" --algo "$algo"
    grep -qx "verdict: ok" out.txt || fail "Registry under $algo: no ok verdict"
    expect 1 check --jdk-locks --jar zoo.jar --spec "$jdk_dir/registry-buggy.json" --client "$registry" --algo "$algo" \
        --trace-format list $(minimise_flag "$algo")
    grep -q "^  (1, 2, 2, 2) .*UNEXPECTED" out.txt || fail "RegistryBuggy under $algo: double registration not found"
done
# The reported schedules have the fewest context switches, which need no waiting; this one (the
# first that dl-s-por met) has the write lock wake up after a wait.
expect 1 check --jdk-locks --jar zoo.jar --spec "$jdk_dir/registry-buggy.json" --client "$registry" \
    --trace-format list --replay '0*3,1,2,3,1*3,2,1,2*3,1*23,0,2*8,0,3*6,0*2'
grep -q "WriteLock@[0-9]*.lock(): wakes up at RegistryBuggy.register(RegistryBuggy.java:22)" out.txt ||
    fail "RegistryBuggy: the replay does not show the write lock waking up: $(cat out.txt)"
small='{ register(1,1) } || { register(1,2); owner(1) }'
expect 0 check --jdk-locks --jar zoo.jar --spec "$jdk_dir/registry.json" --client "$small" --algo dfs
atomic=$(grep '^  (' out.txt | sed 's/ *\[.*//' | sort)
expect 0 check --explore-jdk-locks --jar zoo.jar --spec "$jdk_dir/registry.json" --client "$small" --algo dfs
[ -n "$atomic" ] && [ "$(grep '^  (' out.txt | sed 's/ *\[.*//' | sort)" = "$atomic" ] ||
    fail "Registry: explored JDK locks observe other outcomes than atomic ones: $(cat out.txt)"

# Lock-free code written the old way: sun.misc.Unsafe found through its theUnsafe field by
# reflection, offsets from Class.getDeclaredField. The Treiber stack is ok; the one whose pop
# stores the next node without a compare-and-swap pops one node twice.
for algo in $(pick dfs s-por dl-s-por); do
    expect 0 check --jar zoo.jar --spec "$jdk_dir/unsafe-stack.json" --client "$stack" --algo "$algo"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/unsafe-stack-buggy.json" --client "$stack" --algo "$algo" \
        --trace-format list $(minimise_flag "$algo")
    grep -q "(void, void, 2, 2, void) .*UNEXPECTED" out.txt || fail "UnsafeStackBuggy under $algo: double pop not found"
done
grep -q "putOrderedObject: write top = Node@[0-9]* at UnsafeStackBuggy.pop(UnsafeStackBuggy.java:42)" out.txt ||
    fail "UnsafeStackBuggy: the table does not show the Unsafe store: $(grep -m3 Unsafe out.txt)"

# The JDK's StampedLock (the model has none): an optimistic read that is validated, falling back
# on the read lock's Lock view, never sees a torn value; one that is not validated does.
gauge='{ set(1) } || { read(); read() } || { set(2) }'
for algo in $(pick dfs s-por dl-s-por); do
    expect 0 check --jar zoo.jar --spec "$jdk_dir/gauge.json" --client "$gauge" --algo "$algo"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/gauge-buggy.json" --client "$gauge" --algo "$algo" $(minimise_flag "$algo")
    grep -q "^  (void, -1, 1, void) .*UNEXPECTED" out.txt || fail "GaugeBuggy under $algo: no torn read"
done

# The JDK's Semaphore (always the JDK's: the model has none) guarding a counter with one
# permit is ok; with two permits two passes take one ticket. A mutex of the structure's own on
# the JDK's AbstractQueuedSynchronizer runs its tryAcquire as its own code, never inside an
# atomic call: the one that reads the state and then sets it lets two threads in.
turn='{ pass(); passed() } || { pass() } || { pass() }'
for algo in dfs dl-s-por; do
    expect 0 check --jar zoo.jar --spec "$jdk_dir/turnstile.json" --client "$turn" --algo "$algo"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/turnstile-buggy.json" --client "$turn" --algo "$algo" $(minimise_flag "$algo")
    grep -q "^  (0, 1, 0, 1) .*UNEXPECTED" out.txt || fail "TurnstileBuggy under $algo: no shared ticket"
    expect 0 check --jar zoo.jar --spec "$jdk_dir/mutex.json" --client '{ inc() } || { inc() }' --algo "$algo"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/mutex-buggy.json" --client '{ inc() } || { inc() }' --algo "$algo" $(minimise_flag "$algo")
    grep -q "^  (1, 1) .*UNEXPECTED" out.txt || fail "MutexBuggy under $algo: both threads were not let in"
done

# Every algorithm, with and without --heap-symmetry, observes the same outcomes on the JDK's
# classes as dfs does.
outcomes() { grep '^  (' out.txt | sed 's/ *\[.*//' | sort; }
others=(jpf s-por de-s-por dl-s-por de-jpf dl-jpf) turn=0
for pair in "cld.json|$cld" "clq-tostring.json|$clq" "vhstack.json|$stack"; do
    spec=$jdk_dir/${pair%%|*} each=${pair#*|}
    "$porcheck" check --jar zoo.jar --spec "$spec" --client "$each" --algo dfs >out.txt 2>err.txt
    want=$(outcomes)
    [ -n "$want" ] || fail "$spec: dfs observed nothing: $(cat err.txt)"
    these="${others[*]}"
    [ "$quick" = 1 ] && these="${others[2 * turn]} ${others[2 * turn + 1]}"
    turn=$((turn + 1))
    for algo in $these; do
        for sym in "" --heap-symmetry; do
            "$porcheck" check --jar zoo.jar --spec "$spec" --client "$each" --algo "$algo" $sym >out.txt 2>err.txt
            [ "$(outcomes)" = "$want" ] || fail "$spec under $algo $sym: outcomes differ from dfs"
        done
    done
done

# --model-library: the model library alone, which has no TreeMap.
expect 2 check --model-library --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client"
[ "$(tail -1 err.txt)" = "porcheck check: --client:1: unsupported: java/util/TreeMap (called from zoo.Ranking.<init>(Ranking.java:8))" ] ||
    fail "--model-library: $(cat err.txt)"

# --jdk DIR: a real JDK is used; a directory without lib/modules is one line and exit 2.
expect 0 check --jdk "$jdk_home" --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client"
expect 2 check --jdk "$work" --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client"
one_line_error "porcheck check: JDK given by --jdk: $work has no lib/modules (a JDK 9 or later is needed)"
expect 2 run --jdk=/nonexistent --classpath zoo.jar zoo.Ranking
one_line_error "porcheck run: JDK given by --jdk: /nonexistent: No such file or directory"
expect 0 check --model-library --jdk "$jdk_home" --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client"

# campaign hands the choice to every run: with --model-library each run is an error row.
echo "$client" >clients.txt
expect 0 campaign --jar zoo.jar --spec "$jdk_dir/ranking.json" --clients clients.txt --algos dfs \
    --csv with.csv --jobs 1
grep -q ",ok," with.csv || fail "campaign: the run with the JDK is not ok: $(cat with.csv)"
"$porcheck" campaign --model-library --jar zoo.jar --spec "$jdk_dir/ranking.json" \
    --clients clients.txt --algos dfs --csv without.csv --jobs 1 >out.txt 2>err.txt
grep -q ",ok," without.csv && fail "campaign --model-library: a run was ok: $(cat without.csv)"

finish "porcheck with the JDK's classes"
