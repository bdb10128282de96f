#!/usr/bin/env bash
# Interleaving tables and run traces (issue 21): a step inside another class's code (a Node
# getter with an AtomicReference inside, Node's constructor, a static helper of Node) shows the
# line of the structure's own method with the helper's line after it in brackets; arrays are
# named as every label names a class ("int[]#0.4[0]", "Object[]#0.5[0]", never "[I#" or
# "Object;#"); System.arraycopy and clone() of shared data show their element and field reads
# at the program's call; a library call split by another thread's steps (AtomicMarkableReference's set and
# compareAndSet take two) says that it begins and ends instead of showing the same row twice; a
# thread's object is named by the thread ("Thread[T0]").
# usage: test_traces.sh PORCHECK JAVAC SOURCE_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 javac=$2 src=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work/classes" && cd "$work" || exit 2
dir=$src/tests/cli/traces
"$javac" -nowarn -d classes "$dir"/traces/*.java || exit 2
"$(dirname "$javac")/jar" cf traces.jar -C classes traces || exit 2

# has TEXT: out.txt has a line containing TEXT (fixed string).
has() { grep -qF -- "$1" out.txt || fail "no line '$1' in: $(grep -F "${2:-$1}" out.txt | head -3)"; }

# ---- a: the structure's own line, the helper's in brackets
lost='{ add(1); contains(2) } || { add(2); contains(1) }'
expect 1 check --jar traces.jar --spec "$dir/nodelist.json" --client "$lost" --no-minimize --trace-format list
has "T0     head.getNext(): Node@1 at NodeList.add(NodeList.java:14)"
has "T0       head.next.get(): Node@1 at NodeList.add(NodeList.java:14) [Node.getNext(Node.java:22)]"
grep -qE "^  T[01]     head\.next\.set\(Node@[23]\) at NodeList\.add\(NodeList\.java:20\)$" out.txt ||
    fail "no row of the write of head.next at NodeList.java:20: $(grep -F 'next.set' out.txt | head -2)"
grep -q " at Node\." out.txt && fail "a row is placed in Node's code: $(grep ' at Node\.' out.txt | head -1)"
expect 1 check --jar traces.jar --spec "$dir/nodelist.json" --client "$lost" --no-minimize --trace-format json
has '"helper": "Node.getNext(Node.java:22)"'
expect 1 check --jar traces.jar --spec "$dir/nodelist.json" --client '{ hit(); copy() } || { hit() }' --no-minimize
has "|   read head.hits -> 1 (NodeList.java:31) [Node.java:17] "
has "|   head.next.get(): Node@1 (NodeList.java:31) [Node.java:18] "
has "|   Node.hitsOf(Node@2): 2 (NodeList.java:32) "
has "|     read head.hits -> 2 (NodeList.java:32) [Node.java:26] "
grep -q "(Node.java:" out.txt && fail "a row gives Node's line as its place: $(grep '(Node.java:' out.txt | head -1)"

# ---- b: arrays named alike everywhere (porcheck run's trace describes steps without a table)
expect 1 run --classpath traces.jar traces.Slots
grep -qE "traces.Slots.main\(Slots.java:15\): write int\[\]#[0-9]+\.[0-9]+\[0\]$" out.txt ||
    fail "run: the int[] is not named int[]#...: $(grep 'Slots.java:15' out.txt)"
grep -qE "traces.Slots.main\(Slots.java:16\): write Object\[\]#[0-9]+\.[0-9]+\[0\]$" out.txt ||
    fail "run: the Object[] is not named Object[]#...: $(grep 'Slots.java:16' out.txt)"
grep -qF -e "[I#" -e "Object;#" out.txt && fail "run: a raw array class name: $(grep -F -e '[I#' -e 'Object;#' out.txt)"
# a step inside the JDK's code (the join) names the program's line first, then the library's
grep -qE "traces.Slots.main\(Slots.java:17\), in java.lang.Thread.join\(Thread.java:[0-9]+\): .* on Thread#[0-9]+\.[0-9]+ \(Thread-0\)$" out.txt ||
    fail "run: the join's step does not name Slots.java:17 first and the thread joined: $(grep -F 'join' out.txt)"

# ---- b2: porcheck's models of copies show as the call the program made, at its line
expect 1 run --classpath traces.jar traces.Copies
grep -qE "traces.Copies.main\(Copies.java:26\): System.arraycopy: read int\[\]#[0-9]+\.[0-9]+\[1\]$" out.txt ||
    fail "run: the copy's read is not at the arraycopy: $(grep -F 'Copies.java:26' out.txt)"
grep -qE 'traces.Copies\$Pair.copy\(Copies.java:10\): clone: read Pair.b of Pair#[0-9]+\.[0-9]+$' out.txt ||
    fail "run: the clone's read is not at the clone: $(grep -F 'Copies.java:10' out.txt)"
grep -qF "porcheck.Copy" out.txt && fail "run: the model's frame shows: $(grep -F 'porcheck.Copy' out.txt)"

# ---- c: a library call split by another thread's steps is one call that begins and ends
expect 1 check --jar traces.jar --spec "$dir/flag.json" --client '{ claim(1) } || { claim(2) }' --no-minimize
has "|   owner.set(1, true) begins (Flag.java:14) |"
has "|   owner.set(1, true) ends (Flag.java:14)   |"
has "|   owner.set(2, true) [2 steps] (Flag.java:14) |"
[ "$(grep -c 'owner.set(1, true)' out.txt)" = 2 ] || fail "split set: not two rows: $(grep 'owner.set' out.txt)"
expect 1 check --jar traces.jar --spec "$dir/flag.json" --client '{ grab(1) } || { claim(2) }' --no-minimize \
    --algo dfs --trace-format list
has "T0     owner.compareAndSet(null, 1, false, true) begins at Flag.grab(Flag.java:19)"
has "T0     owner.compareAndSet(null, 1, false, true) ends: true at Flag.grab(Flag.java:19)"

# ---- d: a thread's object is named by the thread (a client thread's class is porcheck's own)
expect 1 check --jar traces.jar --spec "$dir/owner.json" --client '{ claim() } || { claim() }' --no-minimize
has "owner.set(Thread[T0])"
has "owner.set(Thread[T1])"
grep -q "Harness@" out.txt && fail "a thread named by porcheck's class: $(grep -F 'Harness@' out.txt | head -1)"

# ---- e: a step that waited for another thread's class initialisation says so (it used to read
# "initialise Config" after the other thread had finished), and a deadlock inside the library
# names the program's line first, as the schedule's rows do
expect 1 run --classpath classes traces.LateInit
grep -qE "^  main at traces.LateInit.main\(LateInit.java:20\), in java.util.concurrent.locks.LockSupport.park\(LockSupport.java:[0-9]+\): parked" out.txt ||
    fail "run: the deadlock does not name LateInit.java:20 first: $(grep -A1 '^deadlock' out.txt)"
expect 0 run --classpath classes --replay '0*11,1*2,2*1,1*3,2*2' traces.LateInit
has "Thread-0       traces.LateInit.lambda\$main\$0(LateInit.java:16): initialise Config"
has "Thread-1       traces.LateInit.lambda\$main\$0(LateInit.java:16): use Config (initialised by another thread)"
[ "$(grep -c 'initialise Config' out.txt)" = 1 ] || fail "replay: not one thread initialises Config: $(grep Config out.txt)"

# ---- f: a thread that starts a helper of its own: each violation's schedule replays on the
# machine the others' replays ran on, and the helper has the same id in every replay (a re-created
# thread kept the count of threads it had started, so its helper got a new id and the second
# replay stopped with "thread 3 is not enabled", exit status 2)
expect 1 run --classpath classes --all traces.Helpers
for xy in "x=2 y=1" "x=1 y=2" "x=1 y=1"; do
    grep -q "AssertionError: $xy\$" out.txt || fail "run: no violation '$xy': $(grep -c AssertionError out.txt) violations"
done
[ "$(grep -c '^  schedule' out.txt)" = 3 ] || fail "run: not three schedules: $(grep '^  schedule' out.txt)"

# ---- g: an interrupt ends a waiting take(): main's interrupt reaches the worker before it takes
# the item (got 0) or while it waits for the next (got 5); before interrupts were modelled the
# worker waited for ever (a deadlock). exec runs main first: the worker starts interrupted.
expect 0 run --classpath classes --all traces.Cancel
grep -q '^  "got 0\\n"' out.txt && grep -q '^  "got 5\\n"' out.txt ||
    fail "run: Cancel's outcomes: $(grep -A3 '^outcomes' out.txt)"
grep -qE "^deadlock|interrupted:" out.txt && fail "run: Cancel deadlocks: $(grep -A3 ^deadlock out.txt)"
expect 1 run --classpath classes traces.LateInit
grep -q "interrupted:" out.txt && fail "run: a note on a thread nobody interrupted: $(grep interrupted: out.txt)"
expect 0 exec --classpath classes traces.Cancel
grep -qx "got 0" out.txt || fail "exec: Cancel printed $(cat out.txt) $(cat err.txt)"

# ---- g2: a thread pool under exec ends: a thread that blocks lets the others go first (main's
# timed wait in awaitTermination used to take the pool's lock back before the worker could)
expect 0 exec --classpath classes traces.Pool
[ "$(cat out.txt)" = "$(printf '42\nterminated')" ] || fail "exec: Pool printed $(cat out.txt) $(cat err.txt)"

# ---- h: String and System are initialised before main, as the JVM does: no thread of the program
# initialises them (thread a used to, with three steps of its own in every interleaving)
expect 1 run --classpath classes traces.BootClasses
grep -q "AssertionError" out.txt || fail "run: BootClasses did not fail: $(head -5 out.txt)"
grep -qE "initiali[sz]e (String|System)|initialising (String|System)" out.txt &&
    fail "run: a thread initialises a boot class: $(grep -E 'initiali.* (String|System)' out.txt | head -2)"
expect 1 run --classpath classes --all --json out.json traces.BootClasses
grep -q '"states_new": 61' out.json || fail "run: BootClasses states: $(grep -o '"states_new": [0-9]*' out.json)"

# ---- i: a deadlock in class initialisation names the class each thread waits for and the thread
# initialising it (it said "waits for a class initialisation"), and main's first step, which
# starts under the boot classes' initialisers, reads "begin" at main (it read "local" inside
# CharSequence.<clinit>)
expect 1 run --classpath classes traces.InitCycle
has "main at traces.InitCycle\$B.<clinit>(InitCycle.java:18): waits for the initialisation of A by Thread-0"
has "Thread-0 at traces.InitCycle\$A.<clinit>(InitCycle.java:10): waits for the initialisation of B by main"
grep -qE "^ +1  main +traces.InitCycle.main\(InitCycle.java:23\): begin$" out.txt ||
    fail "run: main's first step is not its begin: $(grep -E '^ +1 ' out.txt)"
expect 1 check --jar traces.jar --spec "$dir/registry.json" --client '{ name() } || { code() }'
has "deadlock: T0 blocked at initialise Codes (Registry.java:7), held by T1; T1 blocked at initialise Names (Registry.java:14), held by T0"
has "blocked: initialise Codes (held by T1)"

# ---- j: a search a limit stops on a deep path one thread took says where that thread stands
# (a loop that makes a new state each time round: the program's own thread, a structure's)
expect 3 run --classpath classes --max-states 20000 traces.Endless
has "  note: it stopped on a path 19999 transitions deep, 1000 of whose last 1000 are one thread's: Thread-0 at traces.Endless.spin(Endless.java:9): "
expect 3 run --classpath classes --max-states 20000 --json out.json traces.Endless
python3 - out.json <<'PY' || fail "run: the JSON's stop_path: $(grep -A6 '"stop_path"' out.json)"
import json, sys
p = json.load(open(sys.argv[1]))["statistics"]["stop_path"]
assert (p["depth"], p["thread"], p["steps"], p["window"]) == (19999, 1, 1000, 1000), p
assert p["where"].startswith("Thread-0 at traces.Endless.spin(Endless.java:9): "), p
PY
expect 3 check --jar traces.jar --spec "$dir/ticker.json" --client '{ ticks() } || { ticks() }' --max-states 20000
has "1000 of whose last 1000 are one thread's: Thread-0 at traces.Ticker.lambda\$new\$0(Ticker.java:10): "
expect 3 check --jar traces.jar --spec "$dir/ticker.json" --client '{ ticks() } || { ticks() }' --max-states 20000 --html out.html
grep -qF "It stopped on a path 19999 transitions deep, 1000 of whose last 1000 are one thread&#39;s: Thread-0 at traces.Ticker.lambda\$new\$0(Ticker.java:10): " out.html ||
    fail "check --html: no note on the endless path: $(grep -o 'It stopped[^<]*' out.html)"
expect 3 run --classpath classes --max-states 20 traces.Endless
grep -q "note: it stopped on a path" out.txt && fail "run: a note on a shallow path: $(grep 'note:' out.txt)"

finish "interleaving tables: lines, array names, split calls, waits, boot classes, init cycles, endless paths"
