#!/usr/bin/env bash
# porcheck check end to end: hand-computed expected outcomes (the implementation oracle), every
# correct bundled structure passing under every algorithm (the jpf classifier too, under every
# other algorithm in turn; and s-por, de-s-por, dl-s-por with --heap-symmetry) with identical
# outcome sets, every buggy variant failing under every
# algorithm (also with --first-error, --stateless, other orders, and --heap-symmetry
# --exact-states), --replay
# reproducing a reported violation, results of every kind (Oddities), a spec in Violat's
# format, --oracle adt, and bad input (one-line errors, exit 2).
# usage: test_check.sh PORCHECK SPECS_DIR TEST_SPECS_DIR STRUCTURES_JAR DRIVERS_JAR WORK_DIR
# PORCHECK_TEST_QUICK=1 (the sanitizer build, there to catch memory errors) checks each correct
# and buggy structure under dfs, dl-s-por and one more algorithm in turn (every algorithm still
# meets several structures), --heap-symmetry under one algorithm in turn, the jpf classifier under
# dfs or dl-s-por in turn, and --first-error under one algorithm in turn (each buggy structure
# another); the normal build runs every structure under every algorithm and symmetry.
# Everything after those two loops runs in both builds.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 specs=$2 test_specs=$3 jar=$4 drivers=$5 work=$6
sample_leaks
here=$(cd "$(dirname "$0")" && pwd)
algos="dfs jpf s-por de-s-por dl-s-por de-jpf dl-jpf dpor source-dpor optimal-dpor o-dpor cartesian"
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
py=$PYTHON # from lib.sh: past any version-manager shim

# expect STATUS ARGS...: runs porcheck check ARGS..., checks the exit status; output in
# out.txt/err.txt.
expect() {
    local want=$1
    shift
    "$porcheck" check "$@" >out.txt 2>err.txt
    local got=$?
    [ "$got" = "$want" ] || fail "check $* exited $got, expected $want: $(head -c 300 err.txt)"
    ! grep -q "runtime error:\|Sanitizer" err.txt || fail "check $*: sanitizer report: $(head -c 600 err.txt)"
}

# field NAME [FILE]: the NAME field of every client of a --json report (default out.json).
field() { "$py" "$here/check_json.py" --field "$1" "${2:-out.json}"; }

# outcomes_are NAME TEXT: the expected and the observed outcomes of the only client are TEXT.
outcomes_are() {
    [ "$(field expected)" = "$2" ] || fail "$1: expected outcomes $(field expected), want $2"
    [ "$(field observed)" = "$2" ] || fail "$1: observed outcomes $(field observed), want $2"
}

# ---- hand-computed outcomes through the implementation oracle
set_spec=$specs/CoarseListSet.json
expect 0 --jar "$jar" --spec "$set_spec" --client '{ add(1) } || { remove(1) }' --json out.json
outcomes_are "set add || remove" '[true,false] [true,true]'
grep -qx "verdict: ok" out.txt || fail "set add || remove: no ok verdict"
grep -qx "expected outcomes (implementation run sequentially): 2 .*" out.txt ||
    fail "set add || remove: expected outcome count not printed"
expect 0 --jar "$jar" --spec "$set_spec" --json out.json \
    --client '{ add(1) } ; { remove(1) } || { add(1) } ; { contains(1) }'
outcomes_are "prefix and suffix" '[true,true,false,false] [true,true,true,true]'
expect 0 --jar "$jar" --spec "$specs/MSQueue.json" --json out.json \
    --client '{ offer(1); offer(2) } || { poll(); poll() }'
outcomes_are "queue" '[true,true,1,2] [true,true,1,null] [true,true,null,1] [true,true,null,null]'
expect 0 --jar "$jar" --spec "$specs/TreiberStack.json" --json out.json \
    --client '{ push(1) } || { push(2) } || { pop() }'
outcomes_are "stack" \
    '["void","void",1] ["void","void",2] ["void","void",{"exception":"java.util.EmptyStackException"}]'
grep -q '^  (void, void, java.util.EmptyStackException)   \[' out.txt ||
    fail "stack: the exception outcome is not printed by class name"

# ---- every correct structure passes under every algorithm, with identical outcome sets
set_clients='{ add(1) } || { remove(1) } || { contains(1) }
{ add(1) } ; { add(2); remove(1) } || { remove(2); contains(1) } ; { contains(2) }'
bst_clients='{ add(1) } || { remove(1) }
{ add(1) } ; { add(2) } || { remove(1) } ; { contains(2) }'
map_clients='{ put(1,1) } || { put(1,2) } || { get(1) }
{ put(1,1) } ; { remove(1) } || { put(2,2); containsKey(1) } ; { size() }'
queue_clients='{ offer(1) } || { offer(2) } || { poll() }
{ offer(1) } ; { poll() } || { offer(2); peek() } ; { poll() }'
stack_clients='{ push(1) } || { push(2) } || { pop() }
{ push(1) } ; { pop() } || { push(2); peek() } ; { pop() }'

# clients_of SPEC: the clients for the structure of SPEC.
clients_of() {
    case $1 in
    LockFreeBSTSet) echo "$bst_clients" ;;
    *Map) echo "$map_clients" ;;
    *Queue) echo "$queue_clients" ;;
    *Stack) echo "$stack_clients" ;;
    *) echo "$set_clients" ;;
    esac
}

# classifiers_of ALGO K: the classifiers to try with ALGO on structure K: the default, and jpf
# under every other algorithm of the list (the ones of K's parity: each algorithm meets jpf on
# every other structure), or quick, jpf only under dfs (even K) or dl-s-por (odd K).
classifiers_of() {
    local jpf_algos=(dfs dl-s-por) list=($algos) i=0
    if [ "$quick" = 1 ]; then
        if [ "$1" = "${jpf_algos[$2 % 2]}" ]; then echo default jpf; else echo default; fi
        return
    fi
    while [ "${list[$i]}" != "$1" ]; do i=$((i + 1)); done
    if [ $(((i + $2) % 2)) = 0 ]; then echo default jpf; else echo default; fi
}

# algos_for K: the algorithms structure K (its place in the loop) is checked under: all of them,
# or quick, dfs, dl-s-por and the (K mod 5)th of the others.
algos_for() {
    local others=(jpf s-por de-s-por de-jpf dl-jpf)
    if [ "$quick" = 1 ]; then echo "dfs dl-s-por ${others[$1 % 5]}"; else echo "$algos"; fi
}

# report_lines FILE...: the client lines of the --json reports FILE... (FILE|VERDICT|...).
report_lines() { "$py" "$here/check_json.py" "$@"; }

correct="CoarseListSet RWLockListSet OptimisticListSet LazyListSet HarrisMichaelListSet
         LockFreeBSTSet CLQSet CHMSet CoarseHashMap MSQueue TreiberStack ConcurrentHashMap
         ConcurrentLinkedQueue"
k=0
for s in $correct; do
    clients_of "$s" >"$s.txt"
    reports=()
    for a in $(algos_for $k); do
        for c in $(classifiers_of "$a" $k); do
            opts=(--algo "$a")
            [ "$c" = default ] || opts+=(--classifier "$c")
            expect 0 --jar "$jar" --spec "$specs/$s.json" --clients "$s.txt" "${opts[@]}" \
                --json "$s-$a-$c.json"
            reports+=("$s-$a-$c.json")
        done
    done
    for a in $(in_turn $k s-por de-s-por dl-s-por); do
        expect 0 --jar "$jar" --spec "$specs/$s.json" --clients "$s.txt" --algo "$a" \
            --heap-symmetry --json "$s-$a-sym.json"
        reports+=("$s-$a-sym.json")
    done
    report_lines "${reports[@]}" >sets.txt
    [ "$(wc -l <sets.txt)" = $((2 * ${#reports[@]})) ] || fail "$s: reports missing"
    while IFS='|' read -r file verdict expected observed unexpected schedule; do
        [ "$verdict" = ok ] || fail "$file: verdict $verdict"
        [ "$expected" = "$observed" ] || fail "$file: observed $observed, expected $expected"
    done <sets.txt
    [ "$(cut -d'|' -f2- sets.txt | sort | uniq | wc -l)" = 2 ] ||
        fail "$s: the algorithms report different outcome sets"
    k=$((k + 1))
done

# ---- every buggy variant fails under every algorithm; --first-error finds it (the client
# minimised under dfs alone: see minimise_flag in tests/lib.sh)
declare -A buggy=(
    [CoarseListSetBuggy]='{ add(0) } || { add(1) } ; { contains(0); contains(1) }'
    [RWLockListSetBuggy]='{ add(0) } || { add(1) } ; { contains(0); contains(1) }'
    [OptimisticListSetBuggy]='{ add(-1) } ; { add(0) } || { remove(-1) } ; { contains(0) }'
    [LazyListSetBuggy]='{ add(1); remove(1) } || { add(2); contains(2) } || { remove(2) }'
    [HarrisMichaelListSetBuggy]='{ add(0) } || { add(1) } ; { contains(0); contains(1) }'
    [CLQSetBuggy]='{ add(0) } || { add(0) }'
    [CHMSetBuggy]='{ add(0) } || { add(0) }'
    [CoarseHashMapBuggy]='{ put(0,1) } || { put(1,1) } ; { size() }'
    [MSQueueBuggy]='{ offer(0) } || { offer(1) } ; { poll(); poll() }'
    [TreiberStackBuggy]='{ push(0) } || { push(1) } ; { pop(); pop() }'
    [BoundedBufferBuggy]='{ take() } || { take() } || { put(1); put(2) }'
)
[ "$(ls "$specs" | grep -c 'Buggy\.json$')" = "${#buggy[@]}" ] || fail "a buggy spec has no client here"
k=0
for s in "${!buggy[@]}"; do
    reports=()
    for a in $(algos_for $k); do
        expect 1 --jar "$jar" --spec "$specs/$s.json" --client "${buggy[$s]}" --algo "$a" \
            --json "$s-$a.json" $(minimise_flag "$a")
        grep -qx "verdict: VIOLATION" out.txt || fail "$s under $a: no VIOLATION verdict"
        reports+=("$s-$a.json")
    done
    for a in $(in_turn $k dfs s-por dl-s-por); do
        expect 1 --jar "$jar" --spec "$specs/$s.json" --client "${buggy[$s]}" --algo "$a" \
            --heap-symmetry --exact-states --json "$s-$a-sym.json" --no-minimize
        reports+=("$s-$a-sym.json")
        "$py" -c 'import json,sys; d=json.load(open(sys.argv[1]))
sys.exit(not (d["heap_symmetry"] and d["exact_states"]))' "$s-$a-sym.json" || fail "$s: the report does not record --heap-symmetry --exact-states"
    done
    report_lines "${reports[@]}" >sets.txt
    while IFS='|' read -r file verdict expected observed unexpected schedule; do
        [ "$verdict" = violation ] || fail "$file: verdict $verdict"
        [ -n "$unexpected" ] || fail "$file: no unexpected outcome"
    done <sets.txt
    [ "$(cut -d'|' -f2-5 sets.txt | sort | uniq | wc -l)" = 1 ] ||
        fail "$s: the algorithms report different outcome sets"
    for a in $(in_turn $k $algos); do
        expect 1 --jar "$jar" --spec "$specs/$s.json" --client "${buggy[$s]}" --algo "$a" --first-error $(minimise_flag "$a")
        grep -q "^violation 1: unexpected outcome (" out.txt || fail "$s under $a --first-error: no violation"
        grep -q "^stopped at the first violation" out.txt || fail "$s under $a --first-error: not stopped"
    done
    k=$((k + 1))
done

# A search cut short by a limit is incomplete (exit 3), not ok, and finds no violation it did not
# reach.
expect 3 --jar "$jar" --spec "$specs/CoarseListSetBuggy.json" --client "${buggy[CoarseListSetBuggy]}" \
    --algo dfs --max-states 3 --json out.json
grep -qx "verdict: incomplete (stopped by --max-states after [0-9.]* s: not every interleaving was explored)" out.txt ||
    fail "max-states: verdict $(grep verdict out.txt)"
grep -qx "statistics (partial: the search was stopped by --max-states):" out.txt || fail "max-states: statistics"
grep -qx "summary: 1 client, 0 ok, 0 with a violation, 1 incomplete, 0 errors" out.txt || fail "max-states: summary"
"$py" -c 'import json,sys; d=json.load(open("out.json")); c=d["clients"][0]
sys.exit(c["complete"] or c["verdict"] != "incomplete" or d["summary"]["incomplete"] != 1)' ||
    fail "max-states: the JSON report says complete"

# A search stopped short says when --heap-symmetry may finish sooner: it samples states as heap
# symmetry names them (here from the first fingerprint on, not after 2^18), and on this
# lock-free tree many equal another but for the names of their objects. Under
# --heap-symmetry, a DPOR search (which refuses the option) or a queue set with little to
# merge, nothing is said.
bst_client='{ remove(3) } || { add(3); add(1); remove(1); remove(2); remove(1) } || { remove(1); add(0); add(3) }'
sym_note="note: --heap-symmetry may finish sooner: of [0-9]* states sampled (1 in 256), [0-9]* equal another sampled one but for the names of their objects .*"
PORCHECK_SAMPLE_AFTER=0 expect 3 --jar "$jar" --spec "$specs/LockFreeBSTSet.json" \
    --client "$bst_client" --algo s-por --max-states 100000 --json out.json --html out.html
grep -qx "$sym_note" out.txt || fail "symmetry note: none after a search stopped short"
grep -q "heap-symmetry may finish sooner: of [0-9]* states sampled" out.html ||
    fail "symmetry note: none in the HTML report"
"$py" -c 'import json,sys; s=json.load(open("out.json"))["clients"][0]["symmetry_sample"]
sys.exit(not (s["merged"] >= 10 and s["merged"] * 200 >= s["states"] > 300))' ||
    fail "symmetry note: the JSON sample $(grep -o '"symmetry_sample": {[^}]*}' out.json)"
PORCHECK_SAMPLE_AFTER=0 expect 3 --jar "$jar" --spec "$specs/LockFreeBSTSet.json" \
    --client "$bst_client" --algo s-por --max-states 100000 --heap-symmetry
! grep -q "^note: --heap-symmetry" out.txt || fail "symmetry note: under --heap-symmetry"
PORCHECK_SAMPLE_AFTER=0 expect 3 --jar "$jar" --spec "$specs/LockFreeBSTSet.json" \
    --client "$bst_client" --algo o-dpor --max-states 300000
! grep -q "^note: --heap-symmetry" out.txt || fail "symmetry note: under o-dpor, which refuses the option"
PORCHECK_SAMPLE_AFTER=0 expect 3 --jar "$jar" --spec "$specs/CLQSet.json" --algo s-por \
    --client '{ add(1); remove(2) } || { add(2); remove(1) } || { contains(1); add(3) }' \
    --max-states 30000 --json out.json
! grep -q "^note: --heap-symmetry" out.txt || fail "symmetry note: on a queue set with little to merge"

# The bug key chooses the buggy invocations: without it the buggy variant is correct.
expect 0 --jar "$jar" --spec "$specs/CoarseListSetBuggy.json" \
    --client '{ add(2) } || { add(1) } ; { contains(2); contains(1) }'

# --stateless and other orders agree with the default search.
bug_spec=$specs/CoarseListSetBuggy.json bug_client=${buggy[CoarseListSetBuggy]}
expect 1 --jar "$jar" --spec "$bug_spec" --client "$bug_client" --json base.json
for opts in "--stateless" "--stateless --algo dfs" "--order random:7" "--order random:12345" \
    "--order seq:2,1,0" "--algo s-por --order seq:1,2,0"; do
    # shellcheck disable=SC2086
    expect 1 --jar "$jar" --spec "$bug_spec" --client "$bug_client" $opts --json out.json
    [ "$(field observed)" = "$(field observed base.json)" ] || fail "$opts: other outcomes"
    [ "$(field verdict)" = violation ] || fail "$opts: no violation"
done

# The JSON report: summary, the violation with its schedule, outcome and table rows.
"$py" - base.json <<'PY' || fail "check --json: report structure"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["summary"] == {"clients": 1, "ok": 0, "violations": 1, "incomplete": 0, "errors": 0,
                        "not_checked": 0}, d["summary"]
assert d["algorithm"] == "dl-s-por" and d["classifier"] == "safe" and d["oracle"] == "impl"
c = d["clients"][0]
v = c["violations"][0]
assert v["kind"] == "unexpected outcome" and v["reproduced"] and v["count"] >= 1
assert [v["outcome"]] == [u for u in c["unexpected"] if u == v["outcome"]]
t = v["table"]
assert t["columns"] == ["main", "T0", "T1"] and t["end"] == "final"
heads = [r["invocation"] for r in t["rows"] if "invocation" in r]
assert sorted(heads) == sorted(c["expected"]["columns"]), heads
acts = [r for r in t["rows"] if "action" in r]
assert acts and all(r["file"].endswith(".java") and r["line"] > 0 and r["class"] and r["method"]
                    and r["thread"] in t["columns"] for r in acts), acts[:3]
assert any(r["kind"] == "read" and "value" in r for r in acts), acts
assert any("invocation" in r and r.get("file", "").endswith(".java") for r in t["rows"])
assert any(r["kind"] == "call" and r["field"] == "lock" and r["result"] == "" for r in acts), acts
assert [r["step"] for r in t["rows"]] == sorted(r["step"] for r in t["rows"])
PY

# ---- --replay reproduces a reported violation
expect 1 --jar "$jar" --spec "$bug_spec" --client "$bug_client" --json out.json --no-minimize
want=$(sed -n 's/^violation 1: unexpected outcome \(([^)]*)\).*/\1/p' out.txt)
schedule=$(field schedule)
expect 1 --jar "$jar" --spec "$bug_spec" --client "$bug_client" --replay "$schedule"
grep -qxF "result: an end state with outcome $want: UNEXPECTED (a violation)" out.txt ||
    fail "replay of $schedule: $(grep result: out.txt), expected outcome $want"
grep -q "^  | main  *| T0  *| T1  *|$" out.txt || fail "replay: no table"
expect 2 --jar "$jar" --spec "$bug_spec" --client "$bug_client" --replay 0,7
one_line_error "porcheck check: --client:1: step 2 of the schedule: thread 7 cannot run"
expect 2 --jar "$jar" --spec "$bug_spec" --client "$bug_client" --replay 'x'
one_line_error "porcheck check: --replay: malformed schedule 'x'"

# ---- the interleaving table: one column per thread, invocations with results, actions
expect 1 --jar "$jar" --spec "$specs/LazyListSetBuggy.json" --client "${buggy[LazyListSetBuggy]}"
grep -q '^  | T0  *| T1  *| T2  *|$' out.txt || fail "table: no T0/T1/T2 header"
grep -q '^  | add(1): true  *|' out.txt || fail "table: no invocation with its result"
grep -q '^  |   head.lock.lock()  *|' out.txt || fail "table: the lock call is not named by its field"
awk '/^  \|/ && length > 120 {exit 1}' out.txt || fail "table: wider than 120 columns"
expect 1 --jar "$jar" --spec "$specs/LazyListSetBuggy.json" --client "${buggy[LazyListSetBuggy]}" \
    --trace-format list
grep -q '^  T0   add(1): true at LazyListSetBuggy.add(LazyListSetBuggy.java:31)$' out.txt ||
    fail "list: an invocation row without the line where its method starts"
grep -q '^  T[0-2]     head.lock.lock() at LazyListSetBuggy.add(LazyListSetBuggy.java:37)$' out.txt ||
    fail "list: lock not shown as the call on its field with Class.method(File.java:line)"
grep -q '^  T[0-2]     write head.next = Node@[0-9]* at LazyListSetBuggy.add(LazyListSetBuggy.java:43)$' out.txt ||
    fail "list: no field write with its value"
grep -q '^  T[0-2]       read head.next.marked -> false at LazyListSetBuggy.validate(LazyListSetBuggy.java:26)$' out.txt ||
    fail "list: no field read with the value read, nested in validate"
grep -q '^  T[0-2]     validate(Node@[0-9]*, Node@[0-9]*): true at LazyListSetBuggy.add(LazyListSetBuggy.java:41)$' out.txt ||
    fail "list: no nested call of validate with its arguments, result and call site"
grep -q '#' out.txt && fail "list: an internal object id is shown: $(grep -m1 '#' out.txt)"
grep -q 'monitorDepth\|monitorEnter\|Sync\.' out.txt && fail "table: internal bookkeeping shown"
expect 1 --jar "$jar" --spec "$specs/RWLockListSetBuggy.json" --client "${buggy[RWLockListSetBuggy]}" \
    --trace-format list
grep -q '^  T[01]     WriteLock@[0-9]*.lock() \[[0-9]* steps\] at RWLockListSetBuggy' out.txt ||
    fail "list: the steps of one lock call are not merged into one row"
grep -q 'Object@\|ReentrantReadWriteLock@' out.txt && fail "table: the lock's internals are shown"
expect 1 --jar "$jar" --spec "$specs/CoarseHashMapBuggy.json" --client "${buggy[CoarseHashMapBuggy]}" \
    --trace-format list
grep -q '^  T[01]     write buckets\[0\] = Entry@[0-9]* at CoarseHashMapBuggy.put(CoarseHashMapBuggy.java:52)$' out.txt ||
    fail "list: array elements not shown as buckets[index] with the value"
[ "$(grep -c '     write size = 1 at' out.txt)" = 2 ] || fail "list: the lost update of size is not shown"
expect 1 --jar "$jar" --spec "$specs/TreiberStackBuggy.json" --max-traces 1 --trace-format list \
    --no-minimize --client '{ push(0); pop() } || { pop(); pop() } || { push(0); peek(); isEmpty(); peek(); push(0) }'
grep -q '^  T0     top.compareAndSet(Node@[0-9]*, null): \(true\|false\) at TreiberStackBuggy.pop' out.txt ||
    fail "list: a CAS without its arguments and result"
[ "$(grep -c '^violation' out.txt)" -ge 1 ] && [ "$(grep -c '^  T0   push(0)' out.txt)" = 1 ] ||
    fail "--max-traces 1: not one table"
expect 1 --jar "$jar" --spec "$specs/TreiberStackBuggy.json" --max-traces 0 --no-minimize \
    --client '{ push(0); pop() } || { pop(); pop() } || { push(0); peek(); isEmpty(); peek(); push(0) }'
grep -q '^  |' out.txt && fail "--max-traces 0: a table was printed"
grep -q '^violation 1' out.txt || fail "--max-traces 0: the violation is not reported"
# a pop that throws: Throwable's synchronized fillInStackTrace takes the monitor of an exception
# no other thread can reach, which is no step of its own and no row of a table
expect 1 --jar "$jar" --spec "$specs/TreiberStackBuggy.json" --no-minimize --max-traces 9 \
    --client '{ pop(); pop() } || { push(1); peek() } || { push(0) }'
grep -q '^  |.*EmptyStackException' out.txt || fail "no table shows the EmptyStackException"
grep -q 'fillInStackTrace' out.txt && fail "a table shows fillInStackTrace's lock: $(grep -m1 fillInStackTrace out.txt)"

# ---- minimising (issue 19): a 3 x 4 client of a buggy set (45 K states; a 3 x 5 one, 564 K, took
# 18 s of the sanitizer build) shrinks to at most 2 threads and 4 invocations that still fail;
# the smallest client comes first, then the original
big='{ add(0); add(1); remove(0); add(2) } || { add(1); remove(1); add(0); contains(0) } || { remove(2); add(3); contains(3); add(1) }'
expect 1 --jar "$jar" --spec "$specs/CoarseListSetBuggy.json" --client "$big" --json out.json
line=$(grep '^minimised: ' out.txt)
[[ $line =~ ^minimised:\ ([0-9]+)\ threads?,\ ([0-9]+)\ invocations?\ \(the\ client\ has\ 3,\ 12\):\ (.*)$ ]] &&
    ((BASH_REMATCH[1] <= 2 && BASH_REMATCH[2] <= 4)) ||
    fail "minimise: not at most 2 threads and 4 invocations: '$line'"
small=${BASH_REMATCH[3]}
[ "$(grep -n '^client 1: ' out.txt | sed -n 2p)" = "$(grep -n "^client 1: $small\$" out.txt)" ] &&
    [ "$(grep -n '^verdict:' out.txt | head -1 | cut -d: -f1)" -lt "$(grep -n '^the original client:' out.txt | cut -d: -f1)" ] ||
    fail "minimise: the smallest client's report does not come before the original's"
[ "$(field minimised)" = "$small" ] || fail "minimise: --json lacks the smallest client"
sed -n '/^the original client:/,$p' out.txt >original.txt
[ "$(grep -c '^violation [0-9]*:' original.txt)" = 3 ] && grep -q '^\.\.\. and [0-9]* more violations' original.txt ||
    fail "a client with many violations does not show 3 and count the rest"
expect 1 --jar "$jar" --spec "$specs/CoarseListSetBuggy.json" --client "$small" --no-minimize
grep -q '^verdict: VIOLATION' out.txt || fail "minimise: '$small' does not fail on its own"
grep -q '^minimised' out.txt && fail "--no-minimize: minimised anyway"
grep -q '^\.\.\. and [0-9]* more violations' out.txt && fail "the small client has few violations"

# ---- results of every kind, exceptions, a throwing constructor, never returning, deadlock
odd_cp=$jar:$drivers odd=$test_specs/oddities.json
expect 0 --jar "$odd_cp" --spec "$odd" --json out.json \
    --client '{ set(3); twice(); letter(); half(); boxed(); text(); fail() }'
grep -qx '  (void, 6, d, 1.5, 3, v=3, java.lang.IllegalStateException)   \[1 end state\]' out.txt ||
    fail "oddities: results of every kind: $(grep -A1 '^outcomes observed' out.txt)"
outcomes_are "oddities json" '["void",6,"d","1.5",3,"v=3",{"exception":"java.lang.IllegalStateException"}]'
expect 0 --jar "$odd_cp" --spec "$odd" --json out.json \
    --client '{ echo(null); echo(7); sum([1,2]); sumMap([2=3]); flag(true); addLong(5) }'
outcomes_are "oddities arguments" '[null,7,3,6,false,5]'
expect 0 --jar "$odd_cp" --spec "$odd" --client '{ boxed() } || { set(2) }' --json out.json
outcomes_are "oddities boxed or null" '[2,"void"] [null,"void"]'
sed 's/"default_parameters": \[0\]/"default_parameters": [-1]/' "$odd" >negative.json
expect 2 --jar "$odd_cp" --spec negative.json --client '{ twice() }'
one_line_error "porcheck check: negative.json: the constructor threw java.lang.IllegalArgumentException: negative start -1"
# spin() goes round 1, 2, 4 for ever after set(1), and round 0 before it: no order completes, and
# the concurrent runs go round too (a loop that changes its state for ever is an error row:
# awaitCounting below)
expect 0 --jar "$odd_cp" --spec "$odd" --client '{ set(1) } || { spin() }' --json out.json
outcomes_are "oddities spin" '["void",{"blocked":true}]'
grep -qx "  of which blocked (some invocations wait for ever): 1 (no order completes)" out.txt ||
    fail "spin: the expected blocked outcome is not counted: $(grep -A1 '^expected' out.txt)"
# a method that always blocks: its one outcome is blocked, and the run blocks as it does
expect 0 --jar "$odd_cp" --spec "$odd" --client '{ block() }' --json out.json
grep -qx "  of which blocked (some invocations wait for ever): 1 (no order completes)" out.txt ||
    fail "block: the expected blocked outcome is not counted: $(grep -A1 '^expected' out.txt)"
outcomes_are "block" '[{"blocked":true}]'
# the waits' checks run under every algorithm; in the sanitizer build, which is there for
# memory errors, under a stateful search and a stateless one (their livelock detectors differ)
wait_algos=$algos
[ "$quick" = 1 ] && wait_algos="dl-s-por optimal-dpor"
# Waiting for ever in a cycle (a poll with a timed wait, or a wait() in a helper that a loop
# calls, whose spurious wake-ups check explores) is a livelock: no end state follows, but no
# invocation returns either, so the client sees the invocations blocked; that is a violation only
# when no linearization leaves them blocked. It was one whatever the spec said (a correct
# polling buffer's lone take() was a "livelock" violation), under every algorithm alike.
for a in $wait_algos; do
    for c in '{ poll() } || { poll() }' '{ awaitLooped() } || { awaitLooped() }'; do
        expect 0 --jar "$odd_cp" --spec "$odd" --client "$c" --algo "$a" --json out.json
        outcomes_are "$c under $a" '[{"blocked":true},{"blocked":true}]'
        json 'd["clients"][0]["statistics"]["livelocks"] == 1'
        # counted as a cycle, not as an end state (the statistics count none)
        grep -qx "  (blocked, blocked)   \[1 cycle\]" out.txt ||
            fail "$c under $a: $(grep -A2 '^outcomes observed' out.txt)"
        json 'd["clients"][0]["observed"]["outcomes"][0]["cycles"] == 1'
        grep -q "no end state was reached" out.txt && fail "$c under $a: warned of no end state"
    done
    expect 0 --jar "$odd_cp" --spec "$odd" --client '{ poll() } || { set(3) }' --algo "$a" \
        --json out.json
    outcomes_are "poll and set under $a" '[3,"void"]'
    # a wait() under an if returns 0 when it wakes up spuriously
    expect 1 --jar "$odd_cp" --spec "$odd" --client '{ awaitOnce() } || { set(1) }' --algo "$a" \
        --json out.json
    [ "$(field observed)" = '[0,"void"] [1,"void"]' ] ||
        fail "awaitOnce under $a: observed $(field observed)"
    # so does a LockSupport.park() under an if, with no unpark
    expect 1 --jar "$odd_cp" --spec "$odd" --client '{ parkOnce() } || { wake(2) }' --algo "$a" \
        --json out.json --no-minimize
    [ "$(field observed)" = '[0,"void"] [2,"void"]' ] ||
        fail "parkOnce under $a: observed $(field observed)"
done
expect 1 --jar "$odd_cp" --spec "$odd" --client '{ parkOnce() }'
grep -q '^  |   LockSupport.park(): wakes up spuriously (no unpark) (Oddities.java:[0-9]*) *|$' out.txt ||
    fail "parkOnce: the table does not show the spurious wake-up: $(grep '|' out.txt)"
grep -q "outside any loop" err.txt && fail "parkOnce: a warning: $(cat err.txt)"
# a livelock whose blocked invocations no linearization explains stays a violation, with its
# outcome (a lost update leaves 0, so the suffix's poll() waits for ever, where every sequential
# order leaves 1); its replay ends there and says so
lost='{ addLong(1) } || { addLong(1) } ; { addLong(-1); poll() }'
expect 1 --jar "$odd_cp" --spec "$odd" --client "$lost" --no-minimize --json out.json
grep -q "^violation [0-9]*: livelock: no end state can be reached from here: main runs for ever at " out.txt ||
    fail "unexplained livelock: $(grep ^violation out.txt)"
grep -qx "  outcome (1, 1, 0, blocked): no linearization leaves these invocations blocked" out.txt ||
    fail "unexplained livelock: the outcome is not printed: $(grep -A1 ^violation out.txt)"
livelock_schedule=$("$py" -c 'import json, sys
c = json.load(open(sys.argv[1]))["clients"][0]
print([v["schedule"] for v in c["violations"] if v["kind"] == "livelock"][0])' out.json)
expect 1 --jar "$odd_cp" --spec "$odd" --client "$lost" --replay "$livelock_schedule"
grep -q "^result: livelock: .*, outcome (1, 1, 0, blocked): no linearization explains it (a violation)$" out.txt ||
    fail "unexplained livelock replay: $(grep result: out.txt)"

# ---- results that are arrays or objects print as Violat records them, never as identity hashes
res=$test_specs/results.json
expect 0 --jar "$odd_cp" --spec "$res" --client '{ set(1) } || { arr() }' --json out.json
outcomes_are "int[] result" '["void","[0, 1]"] ["void","[1, 2]"]'
grep -qx "verdict: ok" out.txt || fail "int[] result: not ok"
expect 0 --jar "$odd_cp" --spec "$res" --client '{ set(1); arr(); grid(); names(); list(); point() }'
grep -qx '  (void, \[1, 2\], \[\[1\], \[\], \[1, 2\]\], \[v1, null\], \[1, 7\], (1, 2))   \[1 end state\]' out.txt ||
    fail "array, list and toString results: $(grep -A1 '^outcomes observed' out.txt)"
expect 0 --jar "$odd_cp" --spec "$res" --client '{ set(2) } || { nodes(); opaque() }'
# the model's ArrayList stores an element before it counts it, as the JDK's does: a reader of a
# single writer's appends never sees the new size with no element (it read null there and threw
# NullPointerException, an outcome that no interleaving of the JDK's ArrayList has)
expect 0 --jar "$odd_cp" --spec "$test_specs/append-log.json" --client '{ append(1); append(2) } || { last() }'
grep -qx "verdict: ok" out.txt || fail "append log: $(grep -A4 '^outcomes observed' out.txt)"
# java.util.ArrayDeque is the JDK's: iterating one while another thread pushes throws
# ConcurrentModificationException, as on the JVM (the model's never did, and check said ok)
expect 1 --jar "$odd_cp" --spec "$test_specs/racy-collections.json" --client '{ dqSum(); dqPush(1) } || { dqSum() }' --algo dfs
grep -q '^  (0, void, java.util.ConcurrentModificationException)   \[[0-9]* end states\?\]   UNEXPECTED$' out.txt ||
    fail "racy ArrayDeque: $(grep -A4 '^outcomes observed' out.txt)"
# a text result that would read as another value shows as a Java string literal: the string
# "null" flicker lets word() see is unexpected, and the report must not show it as null
expect 1 --jar "$odd_cp" --spec "$res" --client '{ flicker() } || { word() }'
grep -qx '  (void, "null")   \[1 end state\]   UNEXPECTED' out.txt ||
    fail "a string result \"null\": $(grep -A3 '^outcomes observed' out.txt)"
grep -qx '  (void, null)   \[[0-9]* end states\?\]' out.txt || fail "a null result: $(grep -A3 '^outcomes observed' out.txt)"
# An Object result without a toString of its own, met run sequentially (the oracle), inside a
# list, and only in an interleaving (the search): a bad spec naming the method, exit 2.
expect 2 --jar "$odd_cp" --spec "$res" --client '{ set(5) } || { opaque() }'
one_line_error "porcheck check: $res: \$.methods[8]: 'opaque' returned a porcheck.testing.Results\$Node, whose class does not override toString: the result would be an identity hash, not a value"
expect 2 --jar "$odd_cp" --spec "$res" --client '{ set(1) } || { nodes() }'
one_line_error "porcheck check: $res: \$.methods[9]: 'nodes' returned a value holding a porcheck.testing.Results\$Node, whose class does not override toString: the result would be an identity hash, not a value"
expect 2 --jar "$odd_cp" --spec "$res" --client '{ flicker() } || { opaque() }'
one_line_error "porcheck check: $res: 'opaque' returned a porcheck.testing.Results\$Node, whose class does not override toString: the result would be an identity hash, not a value"

# ---- the spec is resolved against the class when it is loaded: every method, whether or not a
# client calls it; "void" must agree with the return type; results must print as values
sed 's/"name": "nodes"/"name": "node"/' "$res" >node.json
expect 2 --jar "$odd_cp" --spec node.json --client '{ get() }'
one_line_error "porcheck check: node.json: \$.methods[9]: 'node' returns porcheck.testing.Results\$Node, whose class does not override toString: its results would be identity hashes, not values"
sed 's/"name": "arr", "parameters": \[\], "void": false/"name": "arr", "parameters": [], "void": true/' "$res" >arrvoid.json
expect 2 --jar "$odd_cp" --spec arrvoid.json --client '{ get() }'
one_line_error "porcheck check: arrvoid.json: \$.methods[3]: 'arr' is void in the spec but returns int[] in porcheck.testing.Results"
sed 's/"name": "set", "parameters": \["int"\], "void": true/"name": "set", "parameters": ["int"], "void": false/' "$res" >setvalue.json
expect 2 --jar "$odd_cp" --spec setvalue.json --client '{ get() }'
one_line_error "porcheck check: setvalue.json: \$.methods[0]: 'set' is void in porcheck.testing.Results but the spec does not say \"void\": true"
sed 's/"name": "flicker", "parameters": \[\], "void": true, /"name": "flicker", "parameters": [], /' "$res" >noflag.json
expect 2 --jar "$odd_cp" --spec noflag.json --client '{ get() }'
one_line_error "porcheck check: noflag.json: \$.methods[1]: 'flicker' is void in porcheck.testing.Results but the spec does not say \"void\": true"
"$porcheck" outcomes --jar "$odd_cp" --spec arrvoid.json --client '{ get() }' >out.txt 2>err.txt
[ $? = 2 ] || fail "outcomes --jar does not resolve the spec"
one_line_error "porcheck outcomes: arrvoid.json: \$.methods[3]: 'arr' is void in the spec but returns int[] in porcheck.testing.Results"
"$porcheck" outcomes --oracle adt --spec "$set_spec" --client '{ add(1) }' >out.txt 2>err.txt ||
    fail "outcomes --oracle adt without a jar must not need the class"

# ---- unknown keys are errors naming the JSON path; Violat's ignored keys are warnings
sed 's/"name": "arr", "parameters": \[\], "void": false, "readonly": true/"name": "arr", "parameters": [], "void": false, "raedonly": true/' "$res" >typo.json
expect 2 --jar "$odd_cp" --spec typo.json --client '{ get() }'
one_line_error "porcheck check: typo.json: \$.methods[3].raedonly: unknown key (did you mean \"readonly\"?)"
sed 's/"name": "arr", "parameters": \[\], "void": false, "readonly": true/"name": "arr", "parameters": [], "void": false, "readonly": true, "nonAtomic": true/' "$res" >ignored.json
expect 0 --jar "$odd_cp" --spec ignored.json --client '{ set(1) } || { arr() }'
one_line_error "porcheck check: ignored.json: \$.methods[3].nonAtomic: ignored (porcheck does not use it)"
grep -qx "verdict: ok" out.txt || fail "ignored key: not ok"
for s in "$specs"/*.json; do
    "$porcheck" check --jar "$jar" --spec "$s" --client '{ }' >out.txt 2>err.txt
    # (the buggy buffer's wait under an if is the one warning, tested below)
    ! grep -v "BoundedBufferBuggy.take (BoundedBufferBuggy.java:20) calls wait() outside any loop" err.txt ||
        fail "$s: bundled specs resolve against their classes without a word: $(cat err.txt)"
done

# ---- a blocking structure: an end state where every unfinished thread is blocked is a violation
# only when no linearization leaves exactly those invocations blocked (a blocked outcome: the
# invocations after a blocked one are not run)
buffer=$specs/BoundedBuffer.json buggy_buffer=$specs/BoundedBufferBuggy.json
expect 0 --jar "$jar" --spec "$buffer" --json out.json \
    --client '{ take() } || { take() } || { put(1); put(2) }'
outcomes_are "bounded buffer" '[1,2,"void","void"] [2,1,"void","void"]'
expect 0 --jar "$jar" --spec "$buffer" --client '{ put(1); put(2); put(3) } || { take() }' \
    --json out.json
outcomes_are "bounded buffer, full" '["void","void","void",1]'
# T0's take waits for ever in the orders where T2 takes the one item first: every search finds
# that blocked outcome, accepts it, and --first-error does not stop there
blocking='{ take(); put(2) } || { put(1) } || { take() }'
for a in $(every_other 0 $algos); do # quick: half here, the other half check the stale take
    expect 0 --jar "$jar" --spec "$buffer" --client "$blocking" --algo "$a" --first-error --json out.json
    outcomes_are "blocked take under $a" '[1,"void","void",2] [{"blocked":true},{"not_run":true},"void",1]'
    grep -q "^stopped" out.txt && fail "blocked take under $a: the search stopped at a blocked outcome"
done
grep -qx "  of which blocked (some invocations wait for ever): 1" out.txt ||
    fail "blocked take: the expected blocked outcome is not counted"
grep -q '^  (blocked, not run, void, 1)   \[[0-9]* end states\?\]$' out.txt ||
    fail "blocked take: the blocked outcome is not printed: $(grep -A3 '^outcomes observed' out.txt)"
expect 0 --jar "$jar" --spec "$buffer" --client "$blocking" --replay '0*3,1,2,3,1*3,2*10,3*11,1*3'
grep -qx "result: no thread can run, some are blocked, outcome (blocked, not run, void, 1): a linearizable blocked outcome" out.txt ||
    fail "blocked take replay: $(grep result: out.txt)"
grep -q '^  | take(): blocked  *|' out.txt || fail "blocked take replay: the table does not say blocked"
# the main thread blocked in the prefix (no thread starts) or in the suffix
expect 0 --jar "$jar" --spec "$buffer" --client '{ take(); put(1) } ; { put(2) } || { take() }' \
    --json out.json
outcomes_are "blocked prefix" '[{"blocked":true},{"not_run":true},{"not_run":true},{"not_run":true}]'
expect 0 --jar "$jar" --spec "$buffer" --client '{ put(1) } || { take() } ; { take(); put(3) }' \
    --json out.json
outcomes_are "blocked suffix" '["void",1,{"blocked":true},{"not_run":true}]'
# no order completes (one take always waits): the blocked outcomes are the expected ones
expect 0 --jar "$jar" --spec "$buffer" --client '{ take() } || { take() } || { put(1) }' --json out.json
outcomes_are "two takers, one item" '[1,{"blocked":true},"void"] [{"blocked":true},1,"void"]'
grep -qx "  of which blocked (some invocations wait for ever): 2 (no order completes)" out.txt ||
    fail "two takers, one item: no note that no order completes"
# the buggy take does not re-check the buffer when woken: a taker woken after the other one
# emptied the buffer, or by a spurious wake-up, takes a slot that holds nothing and leaves the
# count wrong; the correct buffer passes, and every algorithm finds the same outcomes
stale='{ put(5); take() } ; { take() } || { take() } || { put(1); put(2); take() }'
expect 0 --jar "$jar" --spec "$buffer" --client "$stale" --json out.json
[ "$(field observed)" = "$(field expected)" ] || fail "stale take, correct buffer: $(field observed)"
reports=()
for a in $(every_other 1 $algos); do
    expect 1 --jar "$jar" --spec "$buggy_buffer" --client "$stale" --algo "$a" --json "stale-$a.json" \
        $(minimise_flag "$a")
    reports+=("stale-$a.json")
done
[ "$(report_lines "${reports[@]}" | cut -d'|' -f2-5 | sort -u | wc -l)" = 1 ] ||
    fail "stale take: the algorithms report different outcome sets"
# Its take() waits under an if, so a spurious wake-up (which the JVM allows) returns with the
# buffer empty: check explores it (no warning any more), and a lone take() that the sequential
# run leaves waiting for ever returns a slot that holds nothing; the correct buffer, which waits
# in a while loop, blocks as the sequential run does, and no algorithm says otherwise.
for a in $wait_algos; do
    expect 1 --jar "$jar" --spec "$buggy_buffer" --client '{ take() }' --algo "$a" --json out.json
    grep -q "outside any loop" err.txt && fail "spurious take under $a: a warning: $(cat err.txt)"
    grep -qx "  (0)   \[1 end state\]   UNEXPECTED" out.txt ||
        fail "spurious take under $a: $(grep -A2 '^outcomes observed' out.txt)"
    expect 0 --jar "$jar" --spec "$buffer" --client '{ take() }' --algo "$a" --json out.json
    outcomes_are "blocked take under $a" '[{"blocked":true}]'
done
expect 1 --jar "$jar" --spec "$buggy_buffer" --client '{ take() }' --json out.json
grep -q '^  |   wait(): wakes up spuriously (no notify) (BoundedBufferBuggy.java:20) *|$' out.txt ||
    fail "spurious take: the table does not show the spurious wake-up: $(grep '|' out.txt)"
expect 1 --jar "$jar" --spec "$buggy_buffer" --client '{ take() }' --replay "$(field schedule)"
grep -qx "result: an end state with outcome (0): UNEXPECTED (a violation)" out.txt ||
    fail "spurious take replay: $(grep result: out.txt)"
"$porcheck" check --jar "$jar" --spec "$buffer" --client '{ take() } || { put(1) }' >/dev/null 2>good-err.txt
! grep -q "outside any loop" good-err.txt || fail "BoundedBuffer: a warning on a looped wait: $(cat good-err.txt)"
expect 0 --jar "$jar" --spec "$buffer" --oracle adt --json out.json \
    --client '{ take() } || { take() } || { put(1); put(2) }'
outcomes_are "bounded buffer, adt" '[1,2,"void","void"] [2,1,"void","void"]'
grep -qx "run sequentially, the implementation agrees with the adt model" out.txt ||
    fail "bounded buffer: the adt model and the buffer should agree"
expect 0 --jar "$jar" --spec "$buffer" --oracle adt --client '{ put(1); put(2); put(3) } || { take() }'
grep -qx "warning: run sequentially, the implementation disagrees with the adt model (implementation vs adt): T0.put(1), T0.put(2), T0.put(3): waits for ever vs void" out.txt ||
    fail "bounded buffer: a full buffer's put should disagree with the unbounded model"
expect 0 --jar "$jar" --spec "$buffer" --oracle adt --client '{ take() } || { take() }' --json out.json
outcomes_are "adt, two takers, no item" '[{"blocked":true},{"blocked":true}]'
grep -qx "run sequentially, the implementation agrees with the adt model" out.txt ||
    fail "two takers: the buffer and the model both block, so they agree"
# a lost wake-up (notify wakes the other taker, not the waiting putter): the values are right,
# but put(2) waits on an empty buffer, which no linearization explains
notify_one=$test_specs/notify-one-buffer.json
expect 1 --jar "$odd_cp" --spec "$notify_one" --client '{ put(1); put(2) } || { take() } || { take() }' \
    --json out.json
"$py" - out.json <<'PY' || fail "lost wake-up: the JSON report of the deadlock"
import json, sys
c = json.load(open(sys.argv[1]))["clients"][0]
d = [v for v in c["violations"] if v["kind"] == "deadlock"]
assert d and all(v["reproduced"] for v in d), d
outcomes = [v["outcome"] for v in d]
assert ["void", {"blocked": True}, 1, {"blocked": True}] in outcomes, outcomes
assert all(o in c["unexpected"] for o in outcomes)
heads = [r for r in d[0]["table"]["rows"] if r.get("result") == {"blocked": True}]
assert "T0.put(2)" in [r["invocation"] for r in heads] and len(heads) == 2, heads
assert d[0]["table"]["end"] == "deadlock"
PY
grep -q "^violation [0-9]*: deadlock: T0 blocked at wait(): waits (NotifyOneBuffer.java:14); T[12] blocked at wait(): waits (NotifyOneBuffer.java:21)   \[1 end state\]$" out.txt ||
    fail "lost wake-up: no deadlock violation: $(grep ^violation out.txt)"
grep -qx "  outcome (void, blocked, 1, blocked): no linearization leaves these invocations blocked" out.txt ||
    fail "lost wake-up: the deadlock's outcome is not printed"
# a timed wait ends by its timeout in a sequential run (peek alone is no blocked outcome), and
# until then notify() may pick it: open()'s one notification goes to the peeking thread, and
# the passing thread waits for ever (under every search); openAll() wakes both
gate=$test_specs/timed-gate.json
expect 0 --jar "$odd_cp" --spec "$gate" --client '{ peek() }' --json out.json
outcomes_are "timed gate, peek alone" '[false]'
for a in $(every_other 1 $algos); do
    expect 1 --jar "$odd_cp" --spec "$gate" --client '{ pass() } || { peek() } || { open() }' \
        --algo "$a" --json out.json --no-minimize
    [ "$(field unexpected)" = '[{"blocked":true},true,"void"]' ] ||
        fail "timed gate under $a: unexpected $(field unexpected)"
    grep -q "^violation 1: deadlock: T0 blocked at wait(): waits (TimedGate.java:19)   \[[0-9]* end states\?\]$" out.txt ||
        fail "timed gate under $a: no deadlock violation: $(grep ^violation out.txt)"
done
expect 0 --jar "$odd_cp" --spec "$gate" --client '{ pass() } || { peek() } || { openAll() }' \
    --json out.json
outcomes_are "timed gate, openAll" '[true,false,"void"] [true,true,"void"]'
# an interrupt ends a wait: cancel() interrupts the thread waiting in take(), which answers -1,
# an outcome no sequential run has (every search used to say ok: interrupts woke no thread)
cancel=$test_specs/cancel-gate.json
for a in $(every_other 0 $algos); do
    expect 1 --jar "$odd_cp" --spec "$cancel" --client '{ take() } || { cancel() }' --algo "$a" \
        --json out.json --no-minimize
    [ "$(field unexpected)" = '[-1,0]' ] || fail "cancel gate under $a: unexpected $(field unexpected)"
done
grep -q "interrupt Thread\[T0\]" out.txt || fail "cancel gate: no interrupt step: $(cat out.txt)"
grep -qF "wait(): wakes up interrupted (InterruptedException)" out.txt ||
    fail "cancel gate: the wait does not wake up interrupted: $(grep 'wait()' out.txt)"
# a method that forks a helper thread and joins it: the sequential runs run the helper while
# the method waits for it (they used to leave it unstarted, so sum() blocked for ever there and
# every outcome of it was unexpected), and no note says a structure thread never runs
fork=$test_specs/fork-join-sum.json
expect 0 --jar "$odd_cp" --spec "$fork" --client '{ sum() }' --json out.json
outcomes_are "fork-join sum alone" '[0]'
grep -q "never run" out.txt && fail "fork-join sum: $(grep 'never run' out.txt)"
for a in $(every_other 0 $algos); do
    expect 0 --jar "$odd_cp" --spec "$fork" --client '{ add(1) } || { sum() } || { add(2) }' \
        --algo "$a" --json out.json
    outcomes_are "fork-join sum under $a" '["void",0,"void"] ["void",1,"void"] ["void",2,"void"] ["void",3,"void"]'
done
# a helper forked and not waited for (sumLater) still never runs in the sequential runs
expect 0 --jar "$odd_cp" --spec "$fork" --client '{ add(1); sumLater() } || { sum() }' --json out.json
outcomes_are "fork-join sum after sumLater" '["void","void",0] ["void","void",1]'
# an invocation that spins on a flag nobody sets in a sequential run goes round the same states
# for ever there: a blocked outcome, as a wait that never ends (it used to be an error row,
# "does not return within 1000000 steps"); one whose spinning changes its state still is one
spin=$test_specs/spin-flag.json
expect 0 --jar "$odd_cp" --spec "$spin" --client '{ awaitOpen() }' --json out.json
outcomes_are "spin alone" '[{"blocked":true}]'
for a in $(every_other 1 $algos); do
    expect 0 --jar "$odd_cp" --spec "$spin" --client '{ awaitOpen() } || { open() }' --algo "$a" \
        --json out.json
    outcomes_are "spin and open under $a" '[true,"void"]'
done
expect 2 --jar "$odd_cp" --spec "$spin" --client '{ awaitCounting() } || { open() }'
grep -q "T0.awaitCounting() run sequentially: does not return within 1000000 steps" out.txt ||
    fail "counting spin: $(grep error out.txt)"
# a real deadlock: two monitors taken in opposite orders
lock_order=$test_specs/lock-order.json
for a in $(every_other 0 $algos); do
    expect 1 --jar "$odd_cp" --spec "$lock_order" --client '{ ab() } || { ba() }' --algo "$a" \
        --json out.json $(minimise_flag "$a")
    [ "$(field unexpected)" = '[{"blocked":true},{"blocked":true}]' ] ||
        fail "lock order under $a: unexpected $(field unexpected)"
done
grep -q "^violation 1: deadlock: T0 blocked at lock b (LockOrder.java:14), held by T1; T1 blocked at lock a (LockOrder.java:22), held by T0   \[1 end state\]$" out.txt ||
    fail "lock order: no deadlock violation: $(grep ^violation out.txt)"
grep -q '|   blocked: lock b (held by T1) (LockOrder.java:14) *|' out.txt ||
    fail "lock order: the table does not show the blocked lock with its holder"
# calls of the structure's own methods: one more indented level each (at most 3), with their
# results; a helper that overwrites its parameter shows no arguments, since its frame no longer
# holds them
helper=$test_specs/helper-counter.json
expect 1 --jar "$odd_cp" --spec "$helper" --client '{ inc(1) } || { inc(2); deep() }' --no-minimize \
    --json out.json
for row in '|   read(): 0 (HelperCounter.java:13) ' '|     read value -> 0 (HelperCounter.java:23) ' \
    '|   store(...) (HelperCounter.java:14) ' '|   one(1): [12] (HelperCounter.java:19) ' \
    '|     two(2): [12] (HelperCounter.java:32) ' '|       three(3): [12] (HelperCounter.java:36) ' \
    '|         read value -> [12] (HelperCounter.java:44) ' '|     write value = [12] (HelperCounter.java:28) '; do
    grep -q -- "$row" out.txt || fail "nested calls: no row '$row'"
done
grep -qF '|   store(...) (HelperCounter.java:14) ' out.txt ||
    fail "nested calls: a helper that overwrites its parameter is shown with arguments"
grep -q 'four(' out.txt && fail "nested calls: more than 3 levels shown"
"$py" - out.json <<'PY' || fail "nested calls: the JSON rows"
import json, sys
rows = json.load(open(sys.argv[1]))["clients"][0]["violations"][0]["table"]["rows"]
calls = [r for r in rows if r.get("nested_call")]
assert {(r["action"], r["nest"]) for r in calls} >= {("read()", 0), ("store(...)", 0)}, calls
assert all(r["result"] == "0" for r in calls if r["action"] == "read()"), calls
inner = [r for r in rows if r.get("kind") == "read" and r["field"] == "value" and r["method"] == "read"]
assert inner and all(r["nest"] == 1 for r in inner), inner
PY
# A lock hold() keeps blocks take() in another thread for ever, as it does when the two run
# sequentially, each on its own thread (the oracle's way): an expected blocked outcome. Run on
# one thread, the reentrant lock let take() return, and the deadlock was a violation.
expect 0 --jar "$odd_cp" --spec "$odd" --client '{ hold() } || { take() }' --json out.json
grep -qx "  of which blocked (some invocations wait for ever): 1" out.txt &&
    grep -qx "  (void, blocked)   \[1 end state\]" out.txt ||
    fail "held lock: no expected blocked outcome: $(grep -A3 '^expected' out.txt)"
expect 1 --jar "$odd_cp" --spec "$odd" --client '{ swap() } || { swapBack() }' --json out.json
grep -q "^violation 1: deadlock: T0 blocked at other.lock() (Oddities.java:85), held by T1; T1 blocked at lock.lock() (Oddities.java:93), held by T0   \[1 end state\]$" out.txt ||
    fail "deadlock: no deadlock violation: $(grep ^violation out.txt)"
grep -q '|   blocked: lock.lock() (held by T0) (Oddities.java:93) *|$' out.txt ||
    fail "deadlock: the table does not show the blocked lock"
expect 1 --jar "$odd_cp" --spec "$odd" --client '{ swap() } || { swapBack() }' --replay "$(field schedule)"
grep -qx "result: no thread can run, some are blocked, outcome (blocked, blocked): deadlock, no linearization explains it (a violation)" out.txt ||
    fail "deadlock replay: $(grep result: out.txt)"

# ---- a spec in Violat's format for a model-library class
violat_clq=$test_specs/violat-ConcurrentLinkedQueue.json
expect 0 --jar "$jar" --spec "$violat_clq" --json out.json --client '{ offer(1) } || { poll() } || { isEmpty() }'
[ "$(field observed)" = "$(field expected)" ] || fail "violat CLQ: observed is not expected"
[ "$(field expected)" = '[true,1,false] [true,1,true] [true,null,false] [true,null,true]' ] ||
    fail "violat CLQ: expected $(field expected)"
expect 0 --jar "$jar" --spec "$violat_clq" --client '{ add(1); remove(1) } || { contains(1); size() }'

# ---- --oracle adt: agreement, and where the implementation disagrees with the ADT
expect 0 --jar "$jar" --spec "$set_spec" --client '{ add(1) } || { remove(1) }' --oracle adt
grep -qx "expected outcomes (adt model): 2 .*" out.txt || fail "oracle adt: no adt count"
grep -qx "run sequentially, the implementation agrees with the adt model" out.txt ||
    fail "oracle adt: no agreement line"
expect 1 --jar "$jar" --spec "$test_specs/stack-as-deque.json" --client '{ push(1) } || { pop() }' \
    --oracle adt --json out.json
grep -q "^warning: run sequentially, the implementation disagrees with the adt model .*EmptyStackException.*NoSuchElementException" out.txt ||
    fail "oracle adt: disagreement not reported: $(grep -i adt out.txt)"
"$py" -c 'import json,sys; d=json.load(open("out.json")); sys.exit(not d["clients"][0]["expected"]["adt_disagreement"])' ||
    fail "oracle adt: no adt_disagreement in the JSON report"

expect 2 --jar "$jar" --spec "$violat_clq" --client '{ offer(1) }' --oracle adt
[ "$(grep -c ": ignored (porcheck does not use it)$" err.txt)" = 3 ] ||
    fail "violat CLQ: no warning for each ignored key: $(cat err.txt)"
[ "$(tail -n 1 err.txt)" = "porcheck check: $violat_clq: the spec names no \"adt\" reference model" ] ||
    fail "violat CLQ: the error is not the last line: $(cat err.txt)"

# ---- bad input: one line naming what is wrong, exit 2
printf '{"class": ' >bad.json
expect 2 --jar "$jar" --spec bad.json --client '{ add(1) }'
one_line_error "porcheck check: bad.json:1:10: unexpected token near end of file"
sed 's/CoarseListSet"/Nope"/' "$set_spec" >nope.json
expect 2 --jar "$jar" --spec nope.json --client '{ add(1) }'
one_line_error "porcheck check: nope.json: \$.class: class porcheck.structures.Nope is not on the class path"
# A nested class named with dots, as Java source names it, gets the binary name as a hint.
sed 's/CoarseListSet"/CoarseListSet.Node"/' "$set_spec" >nested.json
expect 2 --jar "$jar" --spec nested.json --client '{ add(1) }'
one_line_error "porcheck check: nested.json: \$.class: class porcheck.structures.CoarseListSet.Node is not on the class path (a nested class is named with '\$': porcheck.structures.CoarseListSet\$Node)"
sed 's/"name": "contains"/"name": "frob"/' "$set_spec" >frob.json
expect 2 --jar "$jar" --spec frob.json --client '{ frob(1) }'
one_line_error "porcheck check: frob.json: \$.methods[2]: porcheck.structures.CoarseListSet has no method frob(int)"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ push(1) }'
one_line_error "porcheck check: --client:1:3: unknown method 'push' (the spec declares add, remove, contains)"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1, 2) }'
one_line_error "porcheck check: --client:1:3: add takes 1 argument, found 2"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(true) }'
one_line_error "porcheck check: --client:1:7: add expects int for argument 1, found 'true'"
printf '{ add(1) }\n# comment\n{ add(x) }\n' >clients.txt
expect 2 --jar "$jar" --spec "$set_spec" --clients clients.txt
grep -q "^porcheck check: clients.txt:3:7: " err.txt && [ "$(wc -l <err.txt)" = 1 ] ||
    fail "bad client in a file: $(cat err.txt)"
printf '# only a comment\n\n' >empty.txt
expect 2 --jar "$jar" --spec "$set_spec" --clients empty.txt
one_line_error "porcheck check: empty.txt: no clients"
echo garbage >corrupt.jar
expect 2 --jar corrupt.jar --spec "$set_spec" --client '{ add(1) }'
one_line_error "porcheck check: corrupt.jar: not a jar (no zip header)"
expect 2 --jar missing.jar --spec "$set_spec" --client '{ add(1) }'
one_line_error "porcheck check: missing.jar: cannot open the jar"
expect 2 --jar "$jar" --spec missing.json --client '{ add(1) }'
one_line_error "porcheck check: missing.json: cannot open file"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' --algo magic
one_line_error "porcheck check: unknown algorithm 'magic' (dfs, jpf, s-por, de-s-por, dl-s-por, de-jpf, dl-jpf, dpor, source-dpor, optimal-dpor, o-dpor, cartesian)"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' --order magic
one_line_error "porcheck check: unknown order 'magic' (expected seq:PERM or random:SEED)"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' --order seq:1,1
one_line_error "porcheck check: order seq: thread 1 listed twice"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' --classifier magic
one_line_error "porcheck check: unknown classifier 'magic' (safe or jpf)"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' --oracle magic
one_line_error "porcheck check: unknown oracle 'magic' (impl or adt)"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' --max-states -3
one_line_error "porcheck check: --max-states: expected a non-negative number, got '-3'"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' --bogus 1
one_line_error "porcheck check: unknown option '--bogus' (see porcheck check --help)"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' extra
one_line_error "porcheck check: unexpected argument 'extra' (see porcheck check --help)"
expect 2 --jar "$jar" --spec "$set_spec" --client '{ add(1) }' --json /nonexistent/x.json
one_line_error "porcheck check: cannot write /nonexistent/x.json: No such file or directory"
[ -s out.txt ] && fail "--json /nonexistent: something was checked before the error"
expect 2 --jar "$jar" --spec "$set_spec"
one_line_error "porcheck check: missing --client C or --clients FILE (usage: porcheck check --jar J --spec S (--client C | --clients FILE) [options])"

# ---- help lists every option
expect 0 --help
for o in --jar --spec --client --clients --algo --classifier --order --first-error --stateless \
    --oracle --max-states --timeout --max-memory --json --replay --progress; do
    grep -q -- "^  *$o\b" out.txt || fail "check --help does not describe $o"
done
grep -q "blocked outcome" out.txt || fail "check --help does not say when a deadlock is ok"
"$porcheck" help check >help.txt 2>&1
cmp -s help.txt out.txt || fail "porcheck help check differs from porcheck check --help"

finish "porcheck check"
