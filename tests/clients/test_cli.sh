#!/usr/bin/env bash
# porcheck generate and porcheck outcomes end to end: output, determinism, exit statuses (0 ok,
# 2 bad input) and one-line errors.
# usage: test_cli.sh PORCHECK SPECS_DIR TEST_SPECS_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 specs=$2 test_specs=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2

set_spec=$specs/CoarseListSet.json

# ---- generate
expect 2 generate
one_line_error "porcheck generate: missing --spec S (usage: porcheck generate --spec S [options])"
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
expect 0 generate --spec "$test_specs/violat-ConcurrentLinkedQueue.json"
[ "$(wc -l <err.txt)" = 3 ] &&
    grep -qx "porcheck generate: $test_specs/violat-ConcurrentLinkedQueue.json: \$.methods\[7\].visibility: ignored (porcheck does not use it)" err.txt ||
    fail "generate: no warning for each ignored key: $(cat err.txt)"
expect 2 generate --spec missing.json
one_line_error "porcheck generate: missing.json: cannot open file"
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
one_line_error "porcheck outcomes: bad-clients.txt:4:3: unknown method 'push' (the spec declares add, remove, contains)"
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
one_line_error "porcheck outcomes: --client and --clients together (usage: porcheck outcomes --spec S (--client C | --clients FILE) (--jar J | --oracle adt) [options])"
printf '{"class": "A", "methods": [{"name": "m", "parameters": ["double"]}]}' >bad.json
expect 2 outcomes --spec bad.json --client '{ m(1) }' --oracle adt
one_line_error "porcheck outcomes: bad.json: \$.methods[0].parameters[0]: unsupported type 'double' (porcheck passes int, long, boolean, java.lang.Integer, java.lang.Long, java.lang.Object, collections [\"int\"] and maps {\"int\": \"int\"}: change the type or remove the method)"
expect 2 outcomes --spec "$test_specs/violat-ConcurrentLinkedDeque.json" --client '{ offerFirst(1) }' --oracle adt
# Violat's keys that porcheck ignores: one warning line each (file and JSON path), then the error.
[ "$(grep -c ": ignored (porcheck does not use it)$" err.txt)" = 6 ] &&
    grep -qx "porcheck outcomes: $test_specs/violat-ConcurrentLinkedDeque.json: \$.methods\[4\].nonAtomic: ignored (porcheck does not use it)" err.txt ||
    fail "outcomes: no warning for each ignored key: $(cat err.txt)"
[ "$(tail -n 1 err.txt)" = "porcheck outcomes: $test_specs/violat-ConcurrentLinkedDeque.json: the spec names no \"adt\" reference model" ] ||
    fail "outcomes: the error is not the last line: $(cat err.txt)"

# ---- blocked outcomes: listed after the others, clearly marked, typed in JSON
buffer=$specs/BoundedBuffer.json
expect 0 outcomes --spec "$buffer" --client '{ take(); put(2) } || { put(1) } || { take() }' \
    --oracle adt --json out.json
[ "$(sed -n '3,$p' out.txt | grep -v '^statistics')" = "linearizable outcomes (adt queue): 1
  (1, void, void, 2)
blocked outcomes (the invocations marked blocked wait for ever): 1
  (blocked, not run, void, 1)" ] || fail "outcomes: blocked outcomes: $(cat out.txt)"
python3 - out.json <<'PY' || fail "outcomes --json: blocked outcome"
import json, sys
o = json.load(open(sys.argv[1]))["clients"][0]["outcomes"]
assert o == [{"values": [1, "void", "void", 2], "count": 1},
             {"values": [{"blocked": True}, {"not_run": True}, "void", 1], "count": 1,
              "blocked": True}], o
PY
expect 0 outcomes --spec "$buffer" --client '{ take() } || { take() }' --oracle adt
grep -qx "linearizable outcomes (adt queue): 0" out.txt || fail "outcomes: no complete outcome"
grep -qx "  (blocked, blocked)" out.txt || fail "outcomes: two takers on an empty buffer"
grep -qx "warning: no order of the invocations completes (every outcome is blocked)" out.txt ||
    fail "outcomes: no warning when no order completes"
# ---- malformed input (issue 22): one line naming file, line and column; exit 2
# 1. a NUL byte must not truncate a client line (it used to check '{ add(1) }' alone, exit 0);
# other control bytes are refused too, also inside a comment
printf '{ add(1) }\0 || { remove(1) }\n' >nul.clients
expect 2 outcomes --spec "$set_spec" --clients nul.clients --oracle adt
one_line_error "porcheck outcomes: nul.clients:1:11: NUL byte (not allowed in a text file)"
printf '{ add(1) }\n# bell \a\n' >bell.clients
expect 2 outcomes --spec "$set_spec" --clients bell.clients --oracle adt
one_line_error "porcheck outcomes: bell.clients:2:8: control byte 0x07 (not allowed in a text file)"
# 2. the whole spec is parsed: nothing may follow a NUL byte, nor the JSON value
{ cat "$set_spec"; printf '\0 garbage {{{'; } >nul.json
expect 2 outcomes --spec nul.json --client '{ add(1) }' --oracle adt
one_line_error "porcheck outcomes: nul.json:$(($(wc -l <"$set_spec") + 1)):1: NUL byte (not allowed in a text file)"
printf '{"class": "A",\n "methods": [{"name": "a\0b", "parameters": []}]}' >nul2.json
expect 2 generate --spec nul2.json
one_line_error "porcheck generate: nul2.json:2:25: NUL byte (not allowed in a text file)"
{ cat "$set_spec"; printf ' garbage {{{'; } >garbage.json
expect 2 outcomes --spec garbage.json --client '{ add(1) }' --oracle adt
grep -q "^porcheck outcomes: garbage.json:[0-9]*:[0-9]*: end of file expected" err.txt ||
    fail "trailing garbage in a spec: $(cat err.txt)"
# 3. outcomes of no client is bad input, as for check
for text in '' ' ' '# nothing'; do
    expect 2 outcomes --spec "$set_spec" --client "$text" --oracle adt
    one_line_error "porcheck outcomes: --client: no clients"
done
printf '# comments only\n\n   \n' >empty.clients
expect 2 outcomes --spec "$set_spec" --clients empty.clients --oracle adt
one_line_error "porcheck outcomes: empty.clients: no clients"
: >empty2.clients
expect 2 outcomes --spec "$set_spec" --clients empty2.clients --oracle adt
one_line_error "porcheck outcomes: empty2.clients: no clients"
# 5. what is not a regular file is refused at once (a FIFO with no writer used to block in open)
mkfifo fifo || fail "mkfifo"
timeout 10 "$porcheck" outcomes --spec fifo --client '{ add(1) }' --oracle adt >out.txt 2>err.txt
st=$?; [ "$st" = 2 ] || fail "outcomes --spec FIFO: exit $st"
one_line_error "porcheck outcomes: fifo: not a regular file"
timeout 10 "$porcheck" outcomes --spec "$set_spec" --clients fifo --oracle adt >out.txt 2>err.txt
st=$?; [ "$st" = 2 ] || fail "outcomes --clients FIFO: exit $st"
one_line_error "porcheck outcomes: fifo: not a regular file"
timeout 10 "$porcheck" outcomes --spec "$set_spec" --client '{ add(1) }' --jar fifo >out.txt 2>err.txt
st=$?; [ "$st" = 2 ] || fail "outcomes --jar FIFO: exit $st"
one_line_error "porcheck outcomes: fifo: not a regular file"
timeout 10 "$porcheck" generate --spec fifo >out.txt 2>err.txt
st=$?; [ "$st" = 2 ] || fail "generate --spec FIFO: exit $st"
one_line_error "porcheck generate: fifo: not a regular file"
expect 2 outcomes --spec "$set_spec" --clients /dev/zero --oracle adt
one_line_error "porcheck outcomes: /dev/zero: not a regular file"
expect 2 outcomes --spec . --client '{ add(1) }' --oracle adt
one_line_error "porcheck outcomes: .: not a regular file"
# 6. generate's errors name the option, the spec and the method
for bad in "--threads 0:--threads: expected N or A..B within 1..16, got 0" \
           "--threads 65:--threads: expected N or A..B within 1..16, got 65" \
           "--calls 0:--calls: expected N or A..B within 1..64, got 0" \
           "--calls 100000:--calls: expected N or A..B within 1..64, got 100000" \
           "--calls 2..1:--calls: expected N or A..B within 1..64, got 2..1"; do
    expect 2 generate --spec "$set_spec" ${bad%%:*}
    one_line_error "porcheck generate: ${bad#*:}"
done
expect 2 generate --spec "$set_spec" --threads 16 --calls 20
one_line_error "porcheck generate: --threads 16 with --calls 20: up to 320 invocations, at most 256"
long=$(printf 'x%.0s' $(seq 20000))
printf '{"class": "A", "methods": [{"name": "%s", "parameters": ["int"]}]}' "$long" >long.json
expect 2 generate --spec long.json
one_line_error "porcheck generate: long.json: method 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (20000 characters): name too long to draw (at most 1024)"
printf '{"class": "A", "methods": [{"name": "%s", "parameters": ["int"]}]}' "${long:0:1000}" >long2.json
expect 2 generate --spec long2.json --threads 16 --calls 16
one_line_error "porcheck generate: long2.json: a drawn client is longer than 16383 bytes; draw fewer --threads or --calls"

# ---- generate --complete: only clients with a completing order (BoundedBuffer's take waits)
buffer=$specs/BoundedBuffer.json
expect 0 generate --spec "$buffer" --threads 2 --calls 1..2 --count 12 --seed 3
cp out.txt plain.txt
expect 0 outcomes --spec "$buffer" --clients plain.txt --oracle adt
grep -q "no order of the invocations completes" out.txt || fail "seed 3 draws no blocked client"
expect 0 generate --spec "$buffer" --threads 2 --calls 1..2 --count 12 --seed 3 --complete
cp out.txt complete.txt
[ "$(wc -l <complete.txt)" = 12 ] || fail "generate --complete: $(wc -l <complete.txt) clients"
expect 0 outcomes --spec "$buffer" --clients complete.txt --oracle adt
expect 0 generate --spec "$buffer" --threads 2 --calls 1..2 --count 12 --seed 3 --complete \
    --jar "$(dirname "$porcheck_binary")/structures.jar"
cmp -s out.txt complete.txt || fail "generate --complete: the implementation and the adt disagree"
expect 0 outcomes --spec "$buffer" --clients complete.txt --jar "$(dirname "$porcheck_binary")/structures.jar"
expect 2 generate --spec "$buffer" --threads 1 --calls 1 --count 3 --complete
[ "$(wc -l <out.txt)" = 2 ] || fail "generate --complete: the two completing clients come first"
one_line_error "porcheck generate: no new client after 1000 draws: only 3 distinct clients found under these limits, 1 of them discarded (no order completes)"
expect 2 generate --spec "$test_specs/violat-ConcurrentLinkedDeque.json" --complete
one_line_error "porcheck generate: --complete needs --jar J or a spec with an \"adt\" model ($test_specs/violat-ConcurrentLinkedDeque.json has none)"
expect 2 generate --spec "$buffer" --jar nonexistent.jar
one_line_error "porcheck generate: --jar is only used with --complete"
expect 2 generate --spec "$buffer" --complete --jar nonexistent.jar
one_line_error "porcheck generate: nonexistent.jar: cannot open the jar"

# ---- help lists both commands
"$porcheck" help >out.txt 2>&1
grep -q "^  generate --spec S" out.txt || fail "help does not list generate"
grep -q "^  outcomes --spec S" out.txt || fail "help does not list outcomes"

finish cli_clients
