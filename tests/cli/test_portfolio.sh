#!/usr/bin/env bash
# --algo portfolio for check, run and toy (issue 20): the portfolio finds exactly the outcomes and
# violations of one search; the report says which member gives the verdict and how every member
# ended; --first-error ends all members at the first violation; --jobs sets the default members;
# a signal stops every member; bad member lists and --jobs values are one line, exit 2.
# usage: test_portfolio.sh PORCHECK BUILD_DIR SOURCE_DIR WORK_DIR
# PORCHECK_TEST_QUICK=1 (the sanitizer build): the same with a smaller largest program.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 build=$2 src=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
jar=$build/structures.jar specs=$src/specs


# ---- toy: every example, the portfolio against dfs
for f in "$src"/toy/examples/*.toy; do
    name=$(basename "$f")
    "$porcheck" toy "$f" --json dfs.json >/dev/null 2>&1
    want=$?
    expect "$want" toy "$f" --algo portfolio:s-por,dl-s-por,jpf,dl-s-por@random:3 --json out.json
    python3 - dfs.json out.json <<'PY' || fail "toy $name: the portfolio differs from dfs"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
texts = lambda d: sorted(v["violation"] for v in d["violations"])
outs = lambda d: sorted(o["outcome"] for o in d["outcomes"])
assert outs(a) == outs(b) and texts(a) == texts(b), (a, b)
p = b["portfolio"]
assert len(p["members"]) == 4 and p["winner"] in [m["member"] for m in p["members"]], p
won = [m for m in p["members"] if m["member"] == p["winner"]][0]
assert won["statistics"]["stop"] == "complete", won
PY
    grep -q "^portfolio: 4 members at once; .* ended first with a verdict and gives it$" out.txt ||
        fail "toy $name: no line naming the member that gives the verdict"
    [ "$(grep -c '   <- verdict$' out.txt)" = 1 ] || fail "toy $name: not one member marked"
done

# ---- check: a correct and a buggy structure, the portfolio against dl-s-por
client='{ add(1); remove(1) } || { add(2); contains(2) } || { remove(2) }'
for s in LazyListSet LazyListSetBuggy CoarseListSetBuggy; do
    "$porcheck" check --jar "$jar" --spec "$specs/$s.json" --client "$client" --no-minimize \
        --json one.json >/dev/null 2>&1
    want=$?
    expect "$want" check --jar "$jar" --spec "$specs/$s.json" --client "$client" --no-minimize \
        --algo portfolio --jobs 3 --json out.json
    python3 - one.json out.json <<'PY' || fail "check $s: the portfolio differs from dl-s-por"
import json, sys
a, b = (json.load(open(p))["clients"][0] for p in sys.argv[1:])
obs = lambda c: sorted(json.dumps(o["values"]) for o in c["observed"]["outcomes"])
assert a["verdict"] == b["verdict"] and obs(a) == obs(b), (a["verdict"], b["verdict"])
assert sorted(map(json.dumps, a["unexpected"])) == sorted(map(json.dumps, b["unexpected"]))
names = [m["member"] for m in b["portfolio"]["members"]]
assert names == ["s-por", "dl-s-por", "dl-s-por@random:1"], names
PY
    grep -q '^algorithm\|^porcheck check: .*(algorithm portfolio,' out.txt ||
        fail "check $s: the title does not name the portfolio"
done

# ---- run: programs of the VM tests, the portfolio against dfs (the default), every outcome; the
# largest, whose members are stopped mid-search, is LockListSet in the sanitizer build
# (LockFreeListSet took 37 of its 40 CPU seconds there)
concurrent=$build/tests/vm/concurrent.jar
largest=LockFreeListSet
[ "$quick" = 1 ] && largest=LockListSet
for m in LockedCounter RacyCounter DiningPhilosophers ProducerConsumer $largest; do
    "$porcheck" run --classpath "$concurrent" --all --json one.json "$m" >/dev/null 2>&1
    want=$?
    expect "$want" run --classpath "$concurrent" --all --algo portfolio:dfs,s-por,dl-s-por,dpor \
        --json out.json "$m"
    python3 - one.json out.json <<'PY' || fail "run $m: the portfolio differs from dfs"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
outs = lambda d: sorted(o["output"] for o in d["outcomes"])
kinds = lambda d: sorted(v["kind"] + ": " + v.get("message", "") for v in d["violations"])
assert a["verdict"] == b["verdict"] and outs(a) == outs(b) and kinds(a) == kinds(b), (a, b)
assert len(b["portfolio"]["members"]) == 4
PY
    grep -q '^  dpor ' out.txt || fail "run $m: the member table lacks dpor"
done

# ---- the HTML report shows the members
expect 0 check --jar "$jar" --spec "$specs/LazyListSet.json" --client "$client" --algo portfolio \
    --jobs 2 --html out.html
grep -q '<h3>Portfolio</h3>' out.html || fail "the HTML report has no portfolio table"
grep -q '<b>\(s-por\|dl-s-por\) (verdict)</b>' out.html || fail "the HTML report marks no member"
if grep -q '<td>not started</td>' out.html; then # a member it beats within its head start
    grep -q '<td>not started</td><td class="num">-</td><td class="num">-</td>' out.html ||
        fail "the HTML report counts for a member that never searched"
fi

# ---- --first-error: the first violation ends every member
expect 1 check --jar "$jar" --spec "$specs/LazyListSetBuggy.json" --client "$client" \
    --no-minimize --first-error --algo portfolio:dl-s-por,dfs --json out.json
json 'd["clients"][0]["statistics"]["stop"] == "first-error"'
json 'any((m["statistics"] or {}).get("stop") == "first-error" for m in d["clients"][0]["portfolio"]["members"])'
grep -q '^  dfs  *\(stopped\|first-error\|not started\) ' out.txt || fail "first error: dfs not shown stopped"
# the replay command printed for a portfolio's violation replays it
replay=$(python3 -c 'import json; print(json.load(open("out.json"))["clients"][0]["violations"][0]["replay"])')
case $replay in *--algo*) fail "the replay command names the portfolio: $replay" ;; esac
bash -c "$replay" >replay.txt 2>&1
grep -q 'UNEXPECTED (a violation)' replay.txt || fail "the portfolio's replay command: $(tail -2 replay.txt)"

# ---- a client the first member decides within its head start: the others never start (how
# long a tiny check takes depends on the machine's load, so the text and JSON reports are held to
# each other whichever happened; tests/por/test_portfolio.c tests the head start itself)
expect 0 check --jar "$jar" --spec "$specs/TreiberStack.json" --client '{ push(1) } || { pop() }' \
    --algo portfolio --jobs 3 --json out.json
python3 - out.json out.txt <<'PY' || fail "a portfolio with members that did not start: $(cat out.txt)"
import json, re, sys
d = json.load(open(sys.argv[1]))["clients"][0]
text = open(sys.argv[2]).read()
p = d["portfolio"]
assert p["winner"] in [m["member"] for m in p["members"] if m["started"]], p
unstarted = sum(not m["started"] for m in p["members"])
said = re.search(r"^(\d+) of them did not start: the portfolio ended within the first member's "
                 r"20 ms head start$", text, re.M)
assert (int(said.group(1)) if said else 0) == unstarted, (unstarted, text)
for m in p["members"]:
    line = re.search(r"^  %s +(.*)$" % re.escape(m["member"]), text, re.M).group(1)
    if m["started"]:
        assert m["statistics"] is not None and not line.startswith("not started"), (m, line)
    else:
        assert m["statistics"] is None and not m["failed"], m
        assert re.fullmatch(r"not started +- +- +-", line), line
PY

# ---- a signal stops every member; the report says so
grep -v '^#' "$src/bench/corpus/correct/LockFreeBSTSet.clients" | head -1 >bst.txt
"$porcheck" check --jar "$jar" --spec "$specs/LockFreeBSTSet.json" --clients bst.txt \
    --algo portfolio --jobs 2 --json out.json >out.txt 2>err.txt &
pid=$!
for _ in $(seq 500); do grep -q '^columns:' out.txt && break; sleep 0.02; done
sleep 1
kill -INT $pid
wait $pid
status=$?
[ $status = 130 ] || fail "portfolio after SIGINT exited $status, expected 130"
json 'd["clients"][0]["verdict"] == "incomplete"'
json 'all(m["statistics"]["stop"] == "signal" for m in d["clients"][0]["portfolio"]["members"])'

# ---- bad input: one line, exit 2
base=(check --jar "$jar" --spec "$specs/LazyListSet.json" --client '{ add(1) } || { add(1) }')
expect 2 "${base[@]}" --algo portfolio:s-por,nope
one_line_error "porcheck check: --algo portfolio:s-por,nope: unknown algorithm 'nope' (dfs, jpf, s-por, de-s-por, dl-s-por, de-jpf, dl-jpf, dpor, source-dpor, optimal-dpor, o-dpor, cartesian)"
expect 2 "${base[@]}" --algo portfolio --jobs 0
one_line_error "porcheck check: --jobs: expected a whole number from 1 to 64, got '0'"
expect 2 "${base[@]}" --algo portfolio:s-por,dl-s-por --heap-symmetry --stateless
grep -q "^porcheck check: --heap-symmetry does not go with a stateless dl-s-por search" err.txt ||
    fail "heap symmetry with a stateless DL member: $(cat err.txt)"
expect 2 "${base[@]}" --algo portfolio:s-por,dpor --visible porcheck.structures
one_line_error "porcheck check: --visible applies to the safe classifier only"
expect 2 toy "$src/toy/examples/counter.toy" --algo portfolio:
one_line_error "porcheck toy: --algo portfolio:: portfolio 'portfolio:': an empty member"

finish test_portfolio
