#!/usr/bin/env bash
# Threads a structure starts itself (issue 21): a correct set whose constructor starts a
# maintenance thread that loops for ever is ok and complete under dfs, s-por and the default
# search, with end states and no deadlock; the buggy one, whose thread recounts without the lock,
# is a violation whose table shows the thread's steps; a one-shot thread's pending step races
# with the client's last read (found only when the searches count it at the end); a daemon
# thread of a program under run likewise; a thread that ticks for ever makes the search
# incomplete, never ok; --max-threads for check, campaign and run, its range, a value too small
# for the harness and the message when a structure starts more threads than the budget.
# usage: test_background.sh PORCHECK JAVAC SOURCE_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 javac=$2 src=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work/classes" "$work/program" && cd "$work" || exit 2
dir=$src/tests/cli/background
"$javac" -nowarn -d classes "$dir"/bg/*.java || exit 2
"$(dirname "$javac")/jar" cf bg.jar -C classes bg || exit 2
"$javac" -nowarn -d program "$dir"/Daemon.java || exit 2

# stat NAME: the value of statistic NAME in out.txt.
stat() { sed -n "s/^  $1  *//p" out.txt | head -1; }

# A correct set with a maintenance thread that recounts for ever under the lock: every search ends
# with ok, end states and no deadlock (the thread is stopped at each end state, still looping).
client='{ add(1); size() } || { add(2); remove(1) }'
for algo in dfs s-por default; do
    args=(check --jar bg.jar --spec "$dir/counted-set.json" --client "$client")
    [ "$algo" = default ] || args+=(--algo "$algo")
    expect 0 "${args[@]}"
    grep -qx "verdict: ok" out.txt || fail "CountedSet under $algo: no ok verdict"
    grep -qx "statistics (complete):" out.txt || fail "CountedSet under $algo: not complete"
    [ "$(stat 'end states')" -gt 0 ] 2>/dev/null || fail "CountedSet under $algo: no end state"
    [ "$(stat deadlocks)" = 0 ] || fail "CountedSet under $algo: $(stat deadlocks) deadlocks"
    grep -qx "  the structure's own thread (1) never runs in these runs: what it changes in the \
results shows as unexpected outcomes" out.txt || fail "CountedSet under $algo: no oracle note"
done

# The buggy set's thread recounts without the lock: a recount that read the keys before an add
# and writes the size after it undoes the add's size++. The table shows the thread's steps.
client='{ add(1); size() } || { add(2) }'
for algo in dfs s-por default; do
    args=(check --jar bg.jar --spec "$dir/counted-set-buggy.json" --client "$client" --no-minimize
        --trace-format list)
    [ "$algo" = default ] || args+=(--algo "$algo")
    expect 1 "${args[@]}"
    grep -q "^  (true, 0, true) .*UNEXPECTED" out.txt || fail "CountedSetBuggy under $algo: lost add not found"
    grep -q "^  Thread-0 .*write size = .*CountedSetBuggy.recount(CountedSetBuggy.java:" out.txt ||
        fail "CountedSetBuggy under $algo: the trace does not show the maintenance thread's write"
done
expect 1 check --jar bg.jar --spec "$dir/counted-set-buggy.json" --client '{ size() } || { add(2) }' \
    --no-minimize
grep -q "^  | T0 *| T1 *| Thread-0 *|$" out.txt || fail "CountedSetBuggy: no column for Thread-0"

# A thread that resets the size once. Run client first, the search reaches the end with the reset
# pending; (true, 0) needs that pending reset before size()'s read.
for algo in s-por dl-s-por de-s-por; do
    expect 1 check --jar bg.jar --spec "$dir/reset-set.json" --client '{ add(1); size() }' \
        --algo "$algo" --order seq:3,2,1,0 --no-minimize
    grep -q "^  (true, 0) .*UNEXPECTED" out.txt || fail "ResetSet under $algo: the late reset was missed"
done

# A thread keeps one id on every path: the k-th thread its starter starts, whatever garbage the
# paths left (ids were once the Thread objects', which differed between paths here, and
# optimal-dpor, matching threads across paths, lost (true, 2) under this order).
for algo in dfs optimal-dpor dpor; do
    expect 1 check --jar bg.jar --spec "$dir/reset-set.json" --client '{ add(1) } || { size() }' \
        --algo "$algo" --order seq:3,2,1,0 --no-minimize
    for want in "(true, 0)" "(true, 1)" "(true, 2)"; do
        grep -qF "  $want " out.txt || fail "ResetSet under $algo: $want missed"
    done
    grep -q "thread ids: 0 = main, 1 = Thread-0, 2 = T0, 3 = T1)" out.txt ||
        fail "ResetSet under $algo: a thread has two ids: $(grep -o 'thread ids: [^)]*' out.txt)"
done

# A daemon thread of a program is stopped where it stands when main ends; its write still races
# with main's read, under every search.
for algo in dfs dl-s-por de-s-por dpor source-dpor optimal-dpor cartesian; do
    expect 0 run --classpath program --algo "$algo" Daemon
    grep -qF '"2\n"' out.txt || fail "Daemon under $algo: the daemon's write before main's read was missed"
done

# A thread that ticks for ever: the state space has no end, so the search is incomplete, never ok.
expect 3 check --jar bg.jar --spec "$dir/ticker.json" --client '{ inc() } || { inc() }' --max-states 2000
grep -q "^verdict: incomplete (stopped by --max-states" out.txt || fail "Ticker: $(grep verdict out.txt)"

# --max-threads: the range and texts of run's, a structure beyond the default budget (five idle
# threads waiting for ever, no deadlock once raised), a value too small for the harness.
expect 2 check --jar bg.jar --spec "$dir/pool.json" --client '{ inc() }' --max-threads 0
one_line_error "porcheck check: --max-threads: expected 1 to 60, got '0'"
expect 2 run --classpath program --max-threads 61 Daemon
one_line_error "porcheck run: --max-threads: expected 1 to 60, got '61'"
expect 2 check --jar bg.jar --spec "$dir/pool.json" --client '{ inc() } || { inc() }'
one_line_error "porcheck check: --client:1: unsupported: the client's program starts more than 7 threads: the harness's main, 2 client threads and 4 of the structure's own (raise --max-threads, at most 60)"
expect 0 check --jar bg.jar --spec "$dir/pool.json" --client '{ inc() } || { inc() }' --max-threads 8
grep -qx "verdict: ok" out.txt || fail "Pool with --max-threads 8: no ok verdict"
[ "$(stat deadlocks)" = 0 ] || fail "Pool: $(stat deadlocks) deadlocks"
expect 2 check --jar bg.jar --spec "$dir/pool.json" --client '{ inc() } || { inc() }' --max-threads 2
one_line_error "porcheck check: --client:1: --max-threads 2 is too small: the harness runs 3 threads (main and 2 client threads) before the structure starts any"
expect 2 run --classpath program --max-threads 1 Daemon
one_line_error "porcheck run: unsupported: the program starts more than 1 thread, main included (raise --max-threads, at most 60)"
expect 0 run --classpath program --max-threads 2 Daemon

# campaign passes --max-threads to every run.
echo '{ inc() } || { inc() }' >pool.clients
expect 2 campaign --jar bg.jar --spec "$dir/pool.json" --clients pool.clients --algos dl-s-por \
    --csv bad.csv --max-threads 61
one_line_error "porcheck campaign: --max-threads: expected 1 to 60, got '61'"
expect 0 campaign --jar bg.jar --spec "$dir/pool.json" --clients pool.clients --algos dl-s-por \
    --csv default.csv --jobs 1
grep -q "^1,{ inc() } || { inc() },dl-s-por,seq,error,.*raise --max-threads" default.csv ||
    fail "campaign without --max-threads: $(tail -1 default.csv)"
expect 0 campaign --jar bg.jar --spec "$dir/pool.json" --clients pool.clients --algos dl-s-por \
    --csv raised.csv --jobs 1 --max-threads 8
grep -q "^1,{ inc() } || { inc() },dl-s-por,seq,ok," raised.csv ||
    fail "campaign --max-threads 8: $(tail -1 raised.csv)"

finish test_background
