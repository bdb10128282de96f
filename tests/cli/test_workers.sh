#!/usr/bin/env bash
# --workers N, the parallel search (issue 20, part 2), end to end: under 2 and 4 workers every toy
# example, every golden concurrent program (porcheck run --all) and every bundled structure (one
# generated client each, porcheck check) gives exactly the sequential search's verdict, outcomes,
# violations, deadlocks and livelocks, under dfs, jpf and s-por. dfs expands every state it
# claims, so it also stores the sequential search's states, end states and transitions, where the
# states are a function of the path's end alone: a toy program's always; a VM program's under
# --heap-symmetry, which each dfs case runs once more to compare them. (Without it, an object's
# name also depends on the garbage its thread left behind on the way, which a worker passing
# through a state another one claimed may have left otherwise: explore/ids.c, the README on
# object names.) Under check and run the workers after the first build their VMs on their own
# threads and join when ready, so on the smallest programs the first may do it all; the larger
# ones (LockFreeListSet, whose searches grow the shared table) and test_por_parallel's late
# workers cover the others joining. Then: the title and JSON name the workers, a replay
# command leaves them out, a limit gives an incomplete verdict, and bad --workers values or
# combinations are one line, exit 2.
# usage: test_workers.sh PORCHECK BUILD_DIR SOURCE_DIR WORK_DIR
# PORCHECK_TEST_QUICK=1 (the sanitizer build): 2 workers only; the toy examples under dfs and
# s-por, half of the VM programs and structures (and LockFreeListSet) under dfs or s-por in turn;
# counts compared on the toy examples only (a VM program's take three more searches each).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 build=$2 src=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
jar=$build/structures.jar specs=$src/specs concurrent=$build/tests/vm/concurrent.jar
workers="2 4" algos="dfs jpf s-por"
[ "$quick" = 1 ] && workers="2" algos="dfs s-por"

# same KIND ONE PAR COUNTS LABEL: queues the check that the JSON reports ONE (sequential) and
# PAR (parallel) of porcheck KIND agree on what was found, and with COUNTS = 1 also on the
# counts of states, end states and transitions; check_pairs runs them all in one Python process
# (one per pair took half the script's time).
same() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >>pairs.txt; }

# check_pairs: runs the checks same queued; a failure per pair that disagrees.
check_pairs() {
    local out line
    out=$(python3 - pairs.txt 2>&1 <<'PY'
import json, sys
def found(kind, d):
    if kind == "check":
        return (d["verdict"], sorted(json.dumps(o["values"]) for o in d["observed"]["outcomes"]),
                sorted(map(json.dumps, d["unexpected"])),
                sorted((v["kind"], v.get("message", "")) for v in d["violations"]))
    if kind == "run":
        return (d["verdict"], sorted(o["output"] for o in d["outcomes"]),
                sorted((v["kind"], v["message"]) for v in d["violations"]))
    return (d["verdict"], sorted(o["outcome"] for o in d["outcomes"]),
            sorted(v["violation"] for v in d["violations"]))
keys = ("states_new", "end_states", "transitions", "deadlocks")
for line in open(sys.argv[1]):
    kind, one, par, counts, label = line.rstrip("\n").split("\t")
    a, b = (json.load(open(p)) for p in (one, par))
    if kind == "check":
        a, b = a["clients"][0], b["clients"][0]
    fa, fb = found(kind, a), found(kind, b)
    n, joined = int(label.rsplit("--workers ", 1)[1]), b["statistics"].get("workers_searched")
    if "workers_searched" in a["statistics"]:
        print("%s: the sequential search reports workers_searched" % label)
    elif joined is None or not 1 <= joined <= n:
        print("%s: workers_searched %r of %d" % (label, joined, n))
    elif joined != n and (kind == "toy" or "LockFreeListSet" in label):
        print("%s: %d of %d workers searched (a toy's all start at once; LockFreeListSet takes "
              "0.5 s)" % (label, joined, n))
    elif fa != fb:
        print("%s: found %r, sequential %r" % (label, fb, fa))
    elif b["statistics"]["stop"] != "complete":
        print("%s: stopped: %r" % (label, b["statistics"]["stop"]))
    elif counts == "1":
        ca, cb = ({k: d["statistics"][k] for k in keys} for d in (a, b))
        if ca != cb:
            print("%s: counts %r, sequential %r" % (label, cb, ca))
PY
    ) || fail "the comparison failed: $out"
    [ -n "$out" ] && while IFS= read -r line; do fail "$line"; done <<<"$out"
    [ -s pairs.txt ] || fail "no parallel search was compared"
}

# compare KIND NAME LAST ARGS...: porcheck KIND ARGS... LAST under every algorithm with 1 and then
# more workers, the findings equal; under dfs also the counts (a VM program's with --heap-symmetry).
compare() {
    local kind=$1 name=$2 last=$3 these=$algos
    shift 3
    if [ "$kind" != toy ]; then
        turn=$((turn + 1))
        # quick: half of them (two turns in four: dfs, then s-por), and always the largest
        # program, whose searches grow the shared table
        [ "$quick" = 1 ] && [ $((turn % 4)) -ge 2 ] && [ "$name" != LockFreeListSet ] && return
        these=$(in_turn $turn $algos)
    fi
    for algo in $these; do
        local counts=0
        [ "$algo" = dfs ] && [ "$kind" = toy ] && counts=1
        compare_one "$kind" "$last" "$counts" "$kind $name --algo $algo" "$@" --algo "$algo"
        if [ "$algo" = dfs ] && [ "$kind" != toy ] && [ "$quick" != 1 ]; then
            compare_one "$kind" "$last" 1 "$kind $name --algo $algo --heap-symmetry" "$@" \
                --algo "$algo" --heap-symmetry
        fi
    done
}

# compare_one KIND LAST COUNTS LABEL ARGS...: porcheck KIND ARGS... LAST with 1 worker and then
# each number of $workers, queued for check_pairs (the counts too when COUNTS is 1).
compare_one() {
    local kind=$1 last=$2 counts=$3 label=$4
    shift 4
    pair=$((pair + 1))
    "$porcheck" "$kind" "$@" --json "one-$pair.json" "$last" >/dev/null 2>&1
    local want=$?
    [ "$counts" = 1 ] && counted=$((counted + 1))
    for w in $workers; do
        expect "$want" "$kind" "$@" --workers "$w" --json "par-$pair-$w.json" "$last"
        same "$kind" "one-$pair.json" "par-$pair-$w.json" "$counts" "$label --workers $w"
    done
}

counted=0 # the cases whose counts were compared
pair=0    # the sequential searches compared so far (their reports' numbers)
turn=0    # quick: the VM programs and structures compared so far

# ---- toy: every example
for f in "$src"/toy/examples/*.toy; do
    compare toy "$(basename "$f")" "$f"
done

# ---- run: every golden concurrent program, to the end
for java in "$src"/tests/vm/concurrent/*.java; do
    name=$(basename "$java" .java)
    compare run "$name" "$name" -cp "$concurrent" --all
done

# ---- check: every bundled structure, one generated client each
for spec in "$specs"/*.json; do
    name=$(basename "$spec" .json)
    client=$("$porcheck" generate --spec "$spec" --threads 2 --calls 2 --seed 3)
    compare check "$name" --no-minimize --jar "$jar" --spec "$spec" --client "$client"
done
check_pairs

# ---- what the reports say
client='{ add(1); remove(1) } || { add(2); contains(2) }'
expect 1 check --jar "$jar" --spec "$specs/LazyListSetBuggy.json" --client "$client" --workers 2 \
    --algo dfs --json out.json
grep -q '^porcheck check: .*(algorithm dfs on 2 workers, classifier' out.txt ||
    fail "check: the title does not name the workers: $(head -1 out.txt)"
python3 -c 'import json; d = json.load(open("out.json")); assert d["workers"] == 2, d["workers"]' ||
    fail "check --json: no \"workers\": 2"
grep '^  replay: ' out.txt | grep -q -- '--workers' && fail "check: a replay command keeps --workers"
expect 0 run -cp "$concurrent" --workers 2 --algo dfs --json out.json LockedCounter
grep -q '(algorithm dfs on 2 workers, classifier' out.txt || fail "run: no workers in the title"
grep -Eq '^  workers that searched +[12] of 2$' out.txt || fail "run: no line of the workers that searched"
python3 -c 'import json; assert json.load(open("out.json"))["workers"] == 2' ||
    fail "run --json: no \"workers\": 2"
expect 0 toy "$src/toy/examples/counter.toy" --workers 2
grep -q 'stateful, 2 workers$' out.txt || fail "toy: no workers in the header: $(head -1 out.txt)"

expect 0 run -cp "$concurrent" --algo dfs LockedCounter
grep -q 'workers that searched' out.txt && fail "run: a sequential search names workers that searched"

# ---- a limit stops every worker, and says the result is incomplete
expect 3 run -cp "$concurrent" --workers 2 --algo dfs --all --max-states 100 LockFreeListSet
grep -q 'incomplete' out.txt || fail "run --max-states with workers: not incomplete"

# ---- bad values and combinations: one line, exit 2
bad() {
    local text=$1
    shift
    expect 2 "$@"
    one_line_error "$text"
}
bad "porcheck toy: --workers: expected a whole number from 1 to 64, got '0'" \
    toy "$src/toy/examples/counter.toy" --workers 0
bad "porcheck toy: --workers: expected a whole number from 1 to 64, got '65'" \
    toy "$src/toy/examples/counter.toy" --workers 65
bad "porcheck toy: --workers: expected a whole number from 1 to 64, got 'two'" \
    toy "$src/toy/examples/counter.toy" --workers two
bad "porcheck toy: --workers 2 with --algo de-s-por: a parallel search runs dfs, jpf and s-por" \
    toy "$src/toy/examples/counter.toy" --workers 2 --algo de-s-por
bad "porcheck run: --workers 2 with --algo dfs --stateless: a stateless search has no state set to share" \
    run -cp "$concurrent" --workers 2 --stateless LockedCounter
bad "porcheck check: --workers 3 with --algo portfolio: a portfolio runs whole searches at once; --workers splits one" \
    check --jar "$jar" --spec "$specs/LazyListSet.json" --client "$client" --workers 3 --algo portfolio
bad "porcheck check: --workers with --exact-states: exact states are told apart per worker, not across them" \
    check --jar "$jar" --spec "$specs/LazyListSet.json" --client "$client" --workers 2 --algo dfs --exact-states
bad "porcheck run: --workers with --exact-states: exact states are told apart per worker, not across them" \
    run -cp "$concurrent" --workers 2 --exact-states LockedCounter

echo "dfs counts compared on $counted cases"
finish test_workers.sh
