#!/usr/bin/env bash
# porcheck toy end to end: exit statuses (0 ok, 1 violation, 2 bad input, 3 incomplete), one-line errors
# naming file:line, outcomes of the example programs under every algorithm, JSON, limits.
# PORCHECK_TEST_QUICK=1 (the sanitizer build, there to catch memory errors) runs the examples
# under each algorithm and mode in one of the three orders, in turn, not all three.
# usage: test_toy_cli.sh PORCHECK EXAMPLES_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 examples=$2 work=$3
sample_leaks
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2

expect 2 toy
one_line_error "porcheck toy: missing FILE (usage: porcheck toy FILE [options])"

printf 'shared x\nthread T {\n  r = x + 1\n}\n' >bad.toy
expect 2 toy bad.toy
one_line_error "porcheck toy: bad.toy:3: a read is 'r = x' alone; compute with a 'local' statement after it"
printf 'thread T {\n  local\n  goto nowhere\n}\n' >bad.toy
expect 2 toy bad.toy --algo dl-s-por
one_line_error "porcheck toy: bad.toy:3: undefined label 'nowhere'"
expect 2 toy missing.toy
one_line_error "porcheck toy: missing.toy: cannot open file"
# a NUL or another control byte, even in a comment, names line and column (issue 22)
printf 'thread T {\n  local # x\0y\n}\n' >nul.toy
expect 2 toy nul.toy
one_line_error "porcheck toy: nul.toy:2:12: NUL byte (not allowed in a text file)"
printf 'thread T {\n\033  local\n}\n' >esc.toy
expect 2 toy esc.toy
one_line_error "porcheck toy: esc.toy:2:1: control byte 0x1b (not allowed in a text file)"
# what is not a regular file is refused at once (a FIFO with no writer used to block in open)
rm -f fifo.toy && mkfifo fifo.toy || fail "mkfifo"
timeout 10 "$porcheck" toy fifo.toy >out.txt 2>err.txt
[ $? = 2 ] || fail "toy FIFO: not exit 2"
one_line_error "porcheck toy: fifo.toy: not a regular file"
expect 2 toy /dev/zero
one_line_error "porcheck toy: /dev/zero: not a regular file"
expect 2 toy "$examples/spin.toy" --algo fancy
one_line_error "porcheck toy: unknown algorithm 'fancy' (dfs, jpf, s-por, de-s-por, dl-s-por, de-jpf, dl-jpf, dpor, source-dpor, optimal-dpor, o-dpor, cartesian)"
expect 2 toy "$examples/spin.toy" --order seq:0,0
one_line_error "porcheck toy: order seq: thread 0 listed twice"
expect 2 toy "$examples/spin.toy" --timeout soon
one_line_error "porcheck toy: --timeout: expected a non-negative number, got 'soon'"

turn=0
for algo in dfs jpf s-por de-s-por dl-s-por de-jpf dl-jpf dpor source-dpor optimal-dpor o-dpor cartesian; do
    for mode in "" --stateless; do
        orders=$(in_turn $turn seq seq:1,0 random:7)
        turn=$((turn + 1))
        for order in $orders; do
            run="--algo $algo $mode --order $order"
            expect 0 toy "$examples/lock_trap.toy" $run
            grep -q "^  T0: r=0; T1: -" out.txt && grep -q "^  T0: r=1; T1: -" out.txt &&
                grep -q "^outcomes (2):" out.txt || fail "lock_trap.toy $run: $(cat out.txt)"
            expect 0 toy "$examples/spin.toy" $run
            grep -q "^outcomes (1):" out.txt || fail "spin.toy $run lost the terminal state"
            expect 1 toy "$examples/deadlock.toy" $run
            grep -q "^  deadlock: T0: blocked at line 7; T1: blocked at line 15" out.txt ||
                fail "deadlock.toy $run: $(cat out.txt)"
            expect 1 toy "$examples/lost_update.toy" $run
            grep -q "^  assertion failed: Check failed at line 21" out.txt || fail "lost_update.toy $run"
            expect 0 toy "$examples/counter.toy" $run
            grep -q "^outcomes (2):" out.txt || fail "counter.toy $run: $(cat out.txt)"
            expect 1 toy "$examples/livelock.toy" $run
            grep -q '^  livelock: no end state is reachable; running for ever: A running at line 11 mine=0 n=1 \$serving=1' out.txt &&
                grep -q '^  livelock: no end state is reachable; running for ever: B running at line 21 mine=0 n=1 \$serving=1' out.txt &&
                grep -qx "  livelocks  *2" out.txt || fail "livelock.toy $run: $(cat out.txt)"
        done
    done
done

expect 0 toy "$examples/writers3.toy" --algo dfs
grep -q "^  states (new)  *13$" out.txt || fail "writers3.toy: not 13 states under dfs"
expect 0 toy "$examples/readers2.toy" --algo dfs --json run.json
grep -q '"states_new": 25,' run.json || fail "readers2.toy: no 25 states in JSON"
grep -q '"algorithm": "dfs",' run.json && grep -q '"end_states": 1' run.json || fail "JSON fields: $(cat run.json)"
expect 3 toy "$examples/readers2.toy" --algo dl-s-por --max-states 5
grep -q "^verdict: incomplete (stopped by --max-states after [0-9.]* s: not every interleaving was explored)$" out.txt ||
    fail "max-states not reported"
grep -q "^statistics (partial: the search was stopped by --max-states):" out.txt || fail "max-states: statistics"
grep -q "^  states (new)  *5$" out.txt || fail "max-states: not 5 states"
expect 1 toy "$examples/lost_update.toy" --algo de-s-por --first-error
grep -q "^statistics (first-error):" out.txt || fail "first-error not reported"
grep -q "^    schedule: " out.txt || fail "no schedule for the violation"
expect 2 toy "$examples/readers2.toy" --json /nonexistent/dir/x.json
one_line_error "porcheck toy: cannot write /nonexistent/dir/x.json: No such file or directory"
[ -s out.txt ] && fail "--json /nonexistent: the search ran before the error"
expect 0 toy "$examples/readers2.toy" --algo dfs
grep -q "^verdict: ok$" out.txt || fail "no ok verdict"
expect 1 toy "$examples/lost_update.toy" --algo dfs --json run.json
grep -q "^verdict: VIOLATION$" out.txt || fail "no VIOLATION verdict"
grep -q '"verdict": "violation"' run.json || fail "no violation verdict in JSON"

finish "porcheck toy"
