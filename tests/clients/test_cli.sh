#!/usr/bin/env bash
# porcheck generate and porcheck outcomes end to end: output, determinism, exit statuses (0 ok,
# 2 bad input) and one-line errors.
# usage: test_cli.sh PORCHECK SPECS_DIR TEST_SPECS_DIR WORK_DIR
set -u
porcheck=$1 specs=$2 test_specs=$3 work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect STATUS CMD...: runs porcheck CMD..., checks the exit status; output in out.txt/err.txt.
expect() {
    local want=$1
    shift
    "$porcheck" "$@" >out.txt 2>err.txt
    local got=$?
    [ "$got" = "$want" ] || fail "porcheck $* exited $got, expected $want: $(head -c 300 err.txt)"
}

# one_line_error TEXT: stderr is exactly one line, equal to TEXT.
one_line_error() {
    [ "$(wc -l <err.txt)" = 1 ] || fail "stderr is not one line: $(cat err.txt)"
    [ "$(cat err.txt)" = "$1" ] || fail "stderr '$(cat err.txt)', expected '$1'"
}

set_spec=$specs/CoarseListSet.json

# ---- generate
expect 2 generate
grep -q "^usage: porcheck generate --spec S" err.txt || fail "generate usage not printed"
expect 0 generate --spec "$set_spec" --threads 3 --calls 1..5 --values 2 --count 20 --seed 7
cp out.txt first.txt
[ "$(wc -l <first.txt)" = 20 ] || fail "generate: expected 20 clients, got $(wc -l <first.txt)"
[ "$(sort -u first.txt | wc -l)" = 20 ] || fail "generate: repeated clients"
expect 0 generate --spec "$set_spec" --threads 3 --calls 1..5 --values 2 --count 20 --seed 7
cmp -s out.txt first.txt || fail "generate: the same seed gave other clients"
expect 0 generate --spec "$set_spec" --threads 3 --calls 1..5 --values 2 --count 20 --seed 8
cmp -s out.txt first.txt && fail "generate: another seed gave the same clients"
expect 0 generate --spec "$set_spec" --threads 2..3 --calls 2 --values 3 --count 50 --mutators-only
grep -q contains out.txt && fail "generate --mutators-only drew contains"
grep -q "add(2)" out.txt || fail "generate --values 3 never drew 2"
grep -q "[3-9])" out.txt && fail "generate --values 3 drew a value above 2"
expect 2 generate --spec missing.json
one_line_error "porcheck generate: missing.json: cannot open file"
expect 2 generate --spec "$set_spec" --threads 0
one_line_error "porcheck generate: bad thread range 0..0"
expect 2 generate --spec "$set_spec" --threads x
one_line_error "porcheck generate: --threads: expected N or A..B, got 'x'"
expect 2 generate --spec "$set_spec" --count -1
one_line_error "porcheck generate: --count: expected a number up to 1000000, got '-1'"
expect 2 generate --spec "$set_spec" --threads 1 --calls 1 --values 1 --count 3
[ "$(wc -l <out.txt)" = 2 ] || fail "generate: the two possible clients are printed first"
one_line_error "porcheck generate: no new client after 1000 draws: only 2 distinct clients found under these limits"

# ---- outcomes
expect 0 outcomes --spec "$set_spec" --client '{ add(1) } || { remove(1) }' --oracle adt
grep -qx "columns: T0.add(1), T1.remove(1)" out.txt || fail "outcomes: no columns line"
grep -qx "linearizable outcomes (adt set): 2" out.txt || fail "outcomes: wrong count: $(cat out.txt)"
grep -qx "  (true, false)" out.txt && grep -qx "  (true, true)" out.txt || fail "outcomes: wrong set"
printf '# two clients\n{ add(1) } || { add(1) }\n\n{ push(1) } || { pop() }\n' >bad-clients.txt
expect 2 outcomes --spec "$set_spec" --clients bad-clients.txt --oracle adt
one_line_error "porcheck outcomes: bad-clients.txt:4:3: unknown method 'push' (porcheck.structures.CoarseListSet has add, remove, contains)"
printf '# two clients\n{ add(1) } || { add(1) }\n\n{ add(2) } ; { remove(2) } || { contains(2) }\n' >clients.txt
expect 0 outcomes --spec "$set_spec" --clients clients.txt --oracle adt --json out.json
grep -q "^client 2: { add(2) } ; { remove(2) } || { contains(2) }$" out.txt || fail "outcomes: client 2"
grep -q '"line": 4' out.json || fail "outcomes --json: no line 4"
grep -q '"oracle": "adt"' out.json || fail "outcomes --json: no oracle"
grep -q '"T1.add(1)"' out.json || fail "outcomes --json: no column labels"
expect 0 outcomes --spec "$set_spec" --clients clients.txt --oracle adt --stateless
grep -q "linearizable outcomes (adt set): 2" out.txt || fail "outcomes --stateless"
expect 2 outcomes --spec "$set_spec" --client '{ add(1) }'
one_line_error "porcheck outcomes: the implementation oracle needs --jar J (or use --oracle adt)"
expect 2 outcomes --spec "$set_spec" --client '{ add(1) }' --oracle magic
one_line_error "porcheck outcomes: unknown oracle 'magic' (impl or adt)"
expect 2 outcomes --spec "$set_spec" --client '{ add(true) }' --oracle adt
one_line_error "porcheck outcomes: --client:1:7: add expects int for argument 1, found 'true'"
expect 2 outcomes --spec "$set_spec" --client '{ add(1) }' --clients clients.txt --oracle adt
grep -q "^usage: porcheck outcomes" err.txt || fail "outcomes: --client and --clients together"
printf '{"class": "A", "methods": [{"name": "m", "parameters": ["double"]}]}' >bad.json
expect 2 outcomes --spec bad.json --client '{ m(1) }' --oracle adt
one_line_error "porcheck outcomes: bad.json: \$.methods[0].parameters[0]: unsupported type 'double'"
expect 2 outcomes --spec "$test_specs/violat-ConcurrentLinkedDeque.json" --client '{ offerFirst(1) }' --oracle adt
one_line_error "porcheck outcomes: $test_specs/violat-ConcurrentLinkedDeque.json: the spec names no \"adt\" reference model"

# ---- help lists both commands
"$porcheck" help >out.txt 2>&1
grep -q "^  generate --spec S" out.txt || fail "help does not list generate"
grep -q "^  outcomes --spec S" out.txt || fail "help does not list outcomes"

[ "$failures" = 0 ] && echo "all cli_clients checks passed"
exit $((failures > 0))
