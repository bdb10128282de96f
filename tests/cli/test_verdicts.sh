#!/usr/bin/env bash
# Verdicts and exit statuses shared by check, run, toy and outcomes: a search stopped by a limit
# is incomplete (exit 3), SIGINT/SIGTERM/SIGHUP print what was gathered and exit 128 + signal,
# check prints each client's header before its search, the progress line on stderr (forced on,
# erased at the end; off without a terminal), error rows for bad clients of a clients file, the
# precedence of the statuses (1 > 2 > 3 > 0), --json files that cannot be opened (exit 2 before
# the search) or written (/dev/full: the verdict's status, one line on stderr), and bench/plot
# counting no stopped run as finished; run and check agreeing on the default classifier, on
# a deadlock's counts and on the schedule syntax.
# usage: test_verdicts.sh PORCHECK BUILD_DIR SOURCE_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 build=$2 src=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
jar=$build/structures.jar specs=$src/specs
concurrent=$build/tests/vm/concurrent.jar

# has LINE [FILE]: FILE (default out.txt) has the exact line LINE (a grep -x pattern).
has() { grep -qx -- "$1" "${2:-out.txt}" || fail "no line /$1/ in ${2:-out.txt}: $(head -c 2000 "${2:-out.txt}")"; }


# A client of LockFreeBSTSet whose search takes far longer than the tests wait, then a small one.
grep -v '^#' "$src/bench/corpus/correct/LockFreeBSTSet.clients" | head -1 >bst.txt
echo '{ add(1) } || { remove(1) }' >>bst.txt
bst=(check --jar "$jar" --spec "$specs/LockFreeBSTSet.json" --clients bst.txt)
# A toy program with 17 million interleavings when searched without state matching.
printf 'shared a, b, c\n' >long.toy
for t in 0 1 2; do printf 'thread T%s { a = 1; b = 1; c = 1; a = 2; b = 2; c = 2 }\n' $t >>long.toy; done
long_toy=(toy long.toy --algo dfs --stateless)

# ---- SIGINT during check: the header came before the search; the client is reported, the rest
# are not checked, the summary and --json are written, exit 130.
: >out.txt
"$porcheck" "${bst[@]}" --json out.json >out.txt 2>err.txt &
pid=$!
for _ in $(seq 500); do grep -q '^columns:' out.txt && break; sleep 0.02; done
sleep 1
kill -0 $pid 2>/dev/null || fail "check on the long client ended within a second"
grep -q '^client 1: { add(0); add(1) }' out.txt || fail "check: no client header before the search"
grep -q '^verdict' out.txt && fail "check: a verdict before the search ended"
kill -INT $pid
wait $pid
status=$?
[ $status = 130 ] || fail "check after SIGINT exited $status, expected 130"
has "verdict: incomplete (stopped by SIGINT after [0-9.]* s: not every interleaving was explored)"
has "statistics (partial: the search was stopped by a signal):"
has "summary: 2 clients, 0 ok, 0 with a violation, 1 incomplete, 0 errors, 1 not checked (stopped by SIGINT)"
json 'd["summary"]["not_checked"] == 1 and d["signal"] == "SIGINT" and len(d["clients"]) == 1'
json 'd["clients"][0]["verdict"] == "incomplete" and d["clients"][0]["statistics"]["stop"] == "signal"'
[ -s err.txt ] && fail "check after SIGINT wrote to stderr: $(cat err.txt)"

# ---- SIGTERM during run, SIGHUP during toy: exit 143 and 129 with the partial report. The
# signal is sent once the progress line shows the search running (a loaded machine may take
# longer than a fixed delay to get there).
# signal_searching SIG COMMAND ARGS...: runs porcheck COMMAND --progress ARGS..., sends SIG after
# its first progress line; the exit status in $status, output in out.txt/err.txt.
signal_searching() {
    local sig=$1
    shift
    : >err.txt # the previous command's stderr must not pass for this one's progress line
    "$porcheck" "$1" --progress "${@:2}" >out.txt 2>err.txt &
    local pid=$!
    for _ in $(seq 1500); do [ -s err.txt ] && break; sleep 0.02; done
    [ -s err.txt ] || fail "porcheck $* drew no progress line in 30 s"
    kill -"$sig" $pid
    wait $pid
    status=$?
}
signal_searching TERM run --classpath "$concurrent" --algo dfs --stateless --json out.json LockFreeListSet
[ $status = 143 ] || fail "run after SIGTERM exited $status, expected 143; stderr: $(od -c err.txt | head -3)"
has "verdict: incomplete (stopped by SIGTERM after [0-9.]* s: not every interleaving was explored)"
json 'd["verdict"] == "incomplete" and d["stop"] == "signal"'
signal_searching HUP "${long_toy[@]}"
[ $status = 129 ] || fail "toy after SIGHUP exited $status, expected 129; stderr: $(od -c err.txt | head -3)"
has "verdict: incomplete (stopped by SIGHUP after [0-9.]* s: not every interleaving was explored)"

# ---- Limits: incomplete, exit 3, in check, run and toy.
expect 3 "${long_toy[@]}" --max-states 1000 --json out.json
has "verdict: incomplete (stopped by --max-states after [0-9.]* s: not every interleaving was explored)"
json 'd["verdict"] == "incomplete"'
expect 3 run --classpath "$concurrent" --algo dfs --stateless --max-states 500 LockFreeListSet
has "verdict: incomplete (stopped by --max-states after [0-9.]* s: not every interleaving was explored)"
# run samples heap symmetry's potential as check does (here from the first fingerprint on) and
# gives the sample in its JSON report.
PORCHECK_SAMPLE_AFTER=0 expect 3 run --classpath "$concurrent" --algo s-por --max-states 50000 \
    --json out.json LockFreeListSet
json 'd["symmetry_sample"]["states"] > 100 and d["symmetry_sample"]["merged"] >= 0'
expect 0 run --classpath "$concurrent" LockedCounter
has "verdict: ok"
! grep -q "outside any loop" err.txt || fail "LockedCounter: a warning on waits: $(cat err.txt)"
# A wait under an if in the program's classes: run explores its spurious wake-up (a consumer
# alone takes from the empty slot), so stderr has no warning about it any more.
expect 1 run --classpath "$concurrent" ProducerConsumerIf
! grep -q "outside any loop" err.txt || fail "ProducerConsumerIf: a warning on the wait: $(cat err.txt)"
grep -q '^uncaught exception in thread "Thread-[12]": java.lang.NullPointerException$' out.txt ||
    fail "ProducerConsumerIf: no NullPointerException: $(grep -A2 '^violations' out.txt)"
# --max-memory, with and without the exact states' arena (which counts in it: it once had a
# fixed 4 GiB bound of its own, an error instead of an incomplete verdict).
for exact in "" --exact-states; do
    expect 3 check --jar "$jar" --spec "$specs/LockFreeBSTSet.json" --client "$(head -1 bst.txt)" \
        --algo dfs --max-memory 25 $exact --json out.json
    has "verdict: incomplete (stopped by --max-memory after [0-9.]* s: not every interleaving was explored)"
    json 'd["clients"][0]["verdict"] == "incomplete" and d["clients"][0]["statistics"]["stop"] == "max-memory"'
done
# The default --max-memory: a search with no end (one thread counting for ever, every step a new
# state on one path) under ulimit -v stops as incomplete, by the default limit taken within the
# address-space limit; it once died of a failed allocation (exit 2), and without ulimit the
# kernel killed it with nothing printed. Not under the sanitizers, whose shadow memory needs
# terabytes of address space.
printf 'shared count\nthread A {\n  loop:\n  r = count\n  local n = r + 1\n  count = n\n  goto loop\n}\n' >grow.toy
if ! ldd "$porcheck_binary" 2>/dev/null | grep -q libasan; then
    (ulimit -v 1500000 && exec "$porcheck_binary" toy grow.toy --algo dfs) >out.txt 2>err.txt
    status=$?
    [ "$status" = 3 ] || fail "toy grow.toy under ulimit -v: exit $status: $(head -c 300 err.txt)"
    has "verdict: incomplete (stopped by --max-memory after [0-9.]* s: not every interleaving was explored)"
fi
# An endless path is named as the likely cause; a search stopped early on bounded paths is not.
expect 3 toy grow.toy --algo dfs --max-memory 200
has "  note: the search went [0-9]* steps deep: a loop that never comes back to a state it was in (a counter, a clock, a growing collection) makes every path endless"
expect 3 "${long_toy[@]}" --max-states 1000
! grep -q "note: the search went" out.txt || fail "long.toy: an endless path noted: $(grep note out.txt)"

# ---- The progress line: forced on, about once a second, erased at the end; off by default
# without a terminal, and with --no-progress. A loaded machine may draw the first line a little
# after 1.0 s; the timeout leaves room for it.
expect 3 "${long_toy[@]}" --timeout 2.5 --progress
grep -qE $'^\r +1\\.[0-9] s  [0-9.]+ [KM]? ?states  [0-9.]+ [KM]? ?tr/s  depth [0-9]+  [0-9]+ MB\e\\[K(\r +2\\.[0-9] s  [^\r]*\e\\[K)?\r\e\\[K$' err.txt ||
    fail "toy --progress: stderr is $(od -c err.txt | head -5)"
expect 3 "${bst[@]}" --timeout 2.5 --progress
grep -qE $'^\r +1\\.[0-9] s  .* states  .* tr/s  depth [0-9]+  [0-9]+ MB\e\\[K' err.txt ||
    fail "check --progress: stderr is $(od -c err.txt | head -5)"
has "verdict: incomplete (stopped by --timeout after [0-9.]* s: not every interleaving was explored)"
has "summary: 2 clients, 1 ok, 0 with a violation, 1 incomplete, 0 errors"
expect 3 "${long_toy[@]}" --timeout 1.2
[ -s err.txt ] && fail "toy without a terminal drew a progress line: $(od -c err.txt | head -3)"
expect 3 "${long_toy[@]}" --timeout 1.2 --progress --no-progress
[ -s err.txt ] && fail "toy --no-progress drew a progress line"

# ---- Error rows: the other clients are checked; the summary counts the errors; exit 2.
buffer=$specs/BoundedBuffer.json
printf '{ take() } || { put(1) }\n{ take() } || { tak() }\n{ put(1, 2) }\n# c\n{ put(2) } || { take() }\n' >buf.txt
expect 2 check --jar "$jar" --spec "$buffer" --clients buf.txt --json out.json
has "client 2 (line 2): error: buf.txt:2:17: unknown method .tak. .*"
has "client 3 (line 3): error: buf.txt:3:3: put takes 1 argument, found 2"
has "client 4: { put(2) } || { take() }"
has "summary: 4 clients, 2 ok, 0 with a violation, 0 incomplete, 2 errors"
[ "$(wc -l <err.txt)" = 2 ] || fail "error rows: stderr is not two lines: $(cat err.txt)"
json '[c["verdict"] for c in d["clients"]] == ["ok", "error", "error", "ok"]'
json 'd["summary"]["errors"] == 2 and d["clients"][2]["line"] == 3 and "put takes" in d["clients"][2]["message"]'
expect 2 outcomes --spec "$buffer" --oracle adt --clients buf.txt --json out.json
has "client 3 (line 3): error: buf.txt:3:3: put takes 1 argument, found 2"
has "client 4: { put(2) } || { take() }"
json '[c.get("verdict") for c in d["clients"]] == [None, "error", "error", None]'

# ---- Precedence: a violation (1) beats an error row (2), which beats incomplete (3).
buggy=$specs/CoarseListSetBuggy.json
printf '{ add(0) } || { add(1) } ; { contains(0); contains(1) }\n{ add(x) }\n' >viol.txt
expect 1 check --jar "$jar" --spec "$buggy" --clients viol.txt
has "summary: 2 clients, 0 ok, 1 with a violation, 0 incomplete, 1 error"
printf '{ add(1) } || { remove(1) } || { contains(1) }\n{ add(x) }\n' >inc.txt
expect 2 check --jar "$jar" --spec "$specs/CoarseListSet.json" --clients inc.txt --max-states 5
has "summary: 2 clients, 0 ok, 0 with a violation, 1 incomplete, 1 error"
# A violation found before the limit stops the search still exits 1.
expect 1 check --jar "$jar" --spec "$buggy" --client '{ add(0) } || { add(1) } ; { contains(0); contains(1) }' \
    --algo dfs --max-states 80 --json out.json
has "verdict: VIOLATION (then stopped by --max-states after [0-9.]* s: not every interleaving was explored)"
has "summary: 1 client, 0 ok, 1 with a violation, 0 incomplete, 0 errors"
json 'd["clients"][0]["verdict"] == "violation" and not d["clients"][0]["complete"]'

# ---- --json that cannot be opened: one line, exit 2, nothing done; that cannot be written
# (/dev/full): the report, the verdict's status and one line on stderr.
set_spec=$specs/CoarseListSet.json
expect 2 run --classpath "$concurrent" --json /nonexistent/dir/x.json LockedCounter
has "porcheck run: cannot write /nonexistent/dir/x.json: No such file or directory" err.txt
[ -s out.txt ] && fail "run: searched although --json cannot be written"
expect 2 outcomes --spec "$set_spec" --oracle adt --client '{ add(1) }' --json /nonexistent/dir/x.json
has "porcheck outcomes: cannot write /nonexistent/dir/x.json: No such file or directory" err.txt
[ -s out.txt ] && fail "outcomes: computed although --json cannot be written"
full_line() { has "porcheck $1: /dev/full was not written (No space left on device); the report above stands" err.txt; }
expect 0 check --jar "$jar" --spec "$set_spec" --client '{ add(1) } || { remove(1) }' --json /dev/full
full_line check
has "summary: 1 client, 1 ok, 0 with a violation, 0 incomplete, 0 errors"
expect 1 check --jar "$jar" --spec "$buggy" --client '{ add(0) } || { add(1) } ; { contains(0); contains(1) }' --json /dev/full
full_line check
expect 1 toy "$src/toy/examples/lost_update.toy" --json /dev/full
full_line toy
expect 0 run --classpath "$concurrent" --json /dev/full LockedCounter
full_line run
expect 0 outcomes --spec "$set_spec" --oracle adt --client '{ add(1) }' --json /dev/full
full_line outcomes

# ---- run and check agree (#16): the default classifier of every algorithm, the counts of a
# deadlock (a violating end state in the statistics as in the verdict), one schedule syntax.
for algo in dfs jpf s-por de-s-por dl-s-por de-jpf dl-jpf dpor source-dpor optimal-dpor o-dpor cartesian; do
    "$porcheck" run --classpath "$concurrent" --algo "$algo" --max-states 1 --json run.json \
        LockedCounter >out.txt 2>err.txt
    "$porcheck" check --jar "$jar" --spec "$specs/CoarseListSet.json" --client '{ add(1) }' \
        --algo "$algo" --max-states 1 --json check.json >out.txt 2>err.txt
    run_k=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["classifier"])' run.json)
    check_k=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["classifier"])' check.json)
    [ -n "$run_k" ] && [ "$run_k" = "$check_k" ] ||
        fail "--algo $algo: run's default classifier '$run_k', check's '$check_k'"
done
expect 1 run --classpath "$concurrent" --algo dl-s-por --all --json out.json DiningPhilosophers
has "verdict: VIOLATION"
has "  deadlocks  *1"
has "  violating end states  *1"
json 'd["statistics"]["violations"] == d["statistics"]["deadlocks"] == 1'
expect 1 run --classpath "$concurrent" --algo dl-s-por DiningPhilosophers
grep -q "^  violating end states  *0$" out.txt && fail "run: a deadlock but no violating end state"
for bad in '0,' '+0' ' 0'; do
    expect 2 run --classpath "$concurrent" --replay "$bad" DiningPhilosophers
    has "porcheck run: --replay: malformed schedule '$bad'" err.txt
    expect 2 check --jar "$jar" --spec "$specs/CoarseListSet.json" --client '{ add(1) }' \
        --replay "$bad"
    has "porcheck check: --replay: malformed schedule '$bad'" err.txt
done

# ---- bench/plot: only ok runs and violations without a timeout are finished.
python3 - "$src/bench/plot" <<'PY' || fail "bench/plot counts a stopped run as finished"
import importlib.machinery, sys
plot = importlib.machinery.SourceFileLoader("plot", sys.argv[1]).load_module()
rows = {"ok": ("ok", "0"), "viol": ("violation", "0"), "viol-late": ("violation", "1"),
        "timeout": ("timeout", "1"), "oom": ("out-of-memory", "0"), "err": ("error", "0"),
        "inc": ("incomplete", "0")}
got = {k: plot.finished({"verdict": v, "timed_out": t}) for k, (v, t) in rows.items()}
assert got == {"ok": True, "viol": True, "viol-late": False, "timeout": False, "oom": False,
               "err": False, "inc": False}, got
PY

finish verdicts
