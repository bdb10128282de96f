#!/usr/bin/env bash
# porcheck campaign end to end: the CSV schema, verdicts that agree across algorithms, --orders
# expansion, exact shards whose CSVs concatenate, resume after deleted and unfinished rows and
# after SIGINT, timeouts (the search's own and a killed process), a run stopped by SIGTERM, out
# of memory, one-line errors.
# usage: test_campaign.sh PORCHECK BUILD_DIR SOURCE_DIR WORK_DIR
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1
sample_leaks
build=$2
src=$3
work=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work/tmp"
export TMPDIR=$work/tmp
jar=$build/structures.jar
spec=$src/specs/CoarseListSetBuggy.json
clients=$here/clients.txt
header='client_id,client,algorithm,order,verdict,states_new,states_visited,transitions,retraversed,seconds,wall_seconds,peak_rss_kb,peak_alloc_bytes,timed_out,message'

# campaign ARGS...: porcheck campaign on the test clients of CoarseListSetBuggy.
campaign() {
  "$porcheck" campaign --jar "$jar" --spec "$spec" "$@"
}

# fields CSV: one line per record: its field count, then its fields, tab-separated.
fields() {
  awk -f "$here/csv.awk" "$1"
}

# rows CSV: the data records of CSV (header lines dropped), as fields prints them.
rows() {
  fields "$1" | awk -F'\t' '$2 != "client_id"'
}

# keys CSV: the sorted keys (client id, algorithm, order) of the data rows of CSV.
keys() {
  rows "$1" | cut -f2,4,5 | sort
}

# verdicts CSV: the sorted keys of CSV with each row's verdict.
verdicts() {
  rows "$1" | cut -f2,4,5,6 | sort
}

# expect_error PATTERN ARGS...: campaign ARGS must exit 2 with one stderr line matching PATTERN.
expect_error() {
  local pattern=$1
  shift
  campaign "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [[ $got -ne 2 ]]; then
    fail "campaign $* exited $got, expected 2"; head -3 "$work/err"
  elif [[ $(wc -l <"$work/err") -ne 1 ]]; then
    fail "campaign $*: the error is not one line:"; cat "$work/err"
  elif ! grep -qE -- "$pattern" "$work/err"; then
    fail "campaign $*: the error lacks /$pattern/:"; cat "$work/err"
  fi
}

# ---- Bad arguments: one line, exit 2 ----------------------------------------------------------
start=$SECONDS
base=(--clients "$clients" --algos s-por,dl-s-por --csv "$work/bad.csv")
"$porcheck" campaign --spec "$spec" "${base[@]}" >"$work/out" 2>"$work/err"
[[ $? -eq 2 && $(wc -l <"$work/err") -eq 1 ]] && grep -q 'missing --jar' "$work/err" ||
  fail "campaign without --jar: $(cat "$work/err")"
"$porcheck" campaign >"$work/out" 2>"$work/err"
[[ $? -eq 2 && $(wc -l <"$work/err") -eq 1 ]] || fail "campaign without arguments: not a one-line error"
expect_error "unknown option '--bogus'" "${base[@]}" --bogus
expect_error 'missing --csv OUT' --clients "$clients" --algos s-por
expect_error 'missing --algos' --clients "$clients" --csv "$work/bad.csv"
expect_error '--timeout needs a value' "${base[@]}" --timeout
expect_error "unexpected argument 'stray'" "${base[@]}" stray
expect_error 'nope' --clients "$clients" --algos s-por,nope --csv "$work/bad.csv"
expect_error "algorithm 's-por' listed twice" --clients "$clients" --algos s-por,s-por --csv "$work/bad.csv"
for shard in 0/3 4/3 1/0 x/3 1-3 1/3/ /3 2/ -1/3 +1/3; do
  expect_error "^porcheck campaign: bad --shard '.*' \\(expected K/N" "${base[@]}" --shard "$shard"
done
expect_error '--timeout expects a positive number' "${base[@]}" --timeout 0
expect_error '--timeout expects a positive number' "${base[@]}" --timeout abc
expect_error '--max-memory expects a positive number' "${base[@]}" --max-memory -5
expect_error '--jobs expects a whole number' "${base[@]}" --jobs 1.5
expect_error '--jobs expects a positive number' "${base[@]}" --jobs 0
expect_error 'thread 0 listed twice' "${base[@]}" --orders seq:0,0
expect_error 'random:K needs K >= 1' "${base[@]}" --orders random:0
expect_error "unknown order 'sideways'" "${base[@]}" --orders seq,sideways
expect_error 'empty order' "${base[@]}" --orders seq,,random:1
expect_error 'bad seed range 5..2' "${base[@]}" --orders random:5..2
expect_error 'nonexistent.txt' --clients "$work/nonexistent.txt" --algos s-por --csv "$work/bad.csv"
printf '{ add(1) } || { frobnicate(2) }\n' >"$work/badclient.txt"
expect_error 'badclient.txt:1' --clients "$work/badclient.txt" --algos s-por --csv "$work/bad.csv"
"$porcheck" campaign --jar "$work/none.jar" --spec "$spec" "${base[@]}" >"$work/out" 2>"$work/err"
[[ $? -eq 2 && $(wc -l <"$work/err") -eq 1 ]] || fail "a missing jar: not a one-line error"
printf 'name,value\nx,1\n' >"$work/foreign.csv"
expect_error 'not a porcheck campaign CSV' --clients "$clients" --algos s-por --csv "$work/foreign.csv"
[[ $(cat "$work/foreign.csv") == $'name,value\nx,1' ]] || fail "a foreign CSV was changed"
printf 'no line end' >"$work/foreign2.csv"
expect_error 'not a porcheck campaign CSV' --clients "$clients" --algos s-por --csv "$work/foreign2.csv"
[[ $(cat "$work/foreign2.csv") == 'no line end' ]] || fail "a foreign CSV without a line end was changed"
# a CSV that reads without end, or a FIFO, is refused before any run (/dev/full used to hang
# while memory grew); so are a clients file or spec that is not a regular file (issue 22)
# (ASan reserves terabytes of address space: no ulimit -v there, the timeout bounds it)
vlimit=1000000
[[ ${PORCHECK_SANITIZED:-0} == 1 ]] && vlimit=unlimited
for csv in /dev/full /dev/zero; do # bounded: a regression must fail here, not eat the machine
  (ulimit -v "$vlimit"; timeout 20 "$porcheck" campaign --jar "$jar" --spec "$spec" --clients "$clients" \
    --algos s-por --csv "$csv") >"$work/out" 2>"$work/err"
  [[ $? -eq 2 && $(cat "$work/err") == "porcheck campaign: $csv: not a regular file" ]] ||
    fail "campaign --csv $csv: $(head -c 300 "$work/err")"
done
rm -f "$work/fifo" && mkfifo "$work/fifo" || fail "mkfifo"
for opt in --csv --clients; do
  args=(--clients "$clients" --algos s-por --csv "$work/bad.csv")
  [[ $opt == --csv ]] && args[5]=$work/fifo || args[1]=$work/fifo
  timeout 20 "$porcheck" campaign --jar "$jar" --spec "$spec" "${args[@]}" >"$work/out" 2>"$work/err"
  [[ $? -eq 2 && $(cat "$work/err") == "porcheck campaign: $work/fifo: not a regular file" ]] ||
    fail "campaign $opt FIFO: $(cat "$work/err")"
done
truncate -s 1100M "$work/huge.csv" # sparse: refused by its size, before anything is read
expect_error "^porcheck campaign: .*huge.csv: larger than 1073741824 bytes\$" --clients "$clients" \
  --algos s-por --csv "$work/huge.csv"
rm -f "$work/huge.csv"
printf '{ add(1) }\0 || { remove(1) }\n' >"$work/nul.txt"
expect_error "^porcheck campaign: .*nul.txt:1:11: NUL byte \(not allowed in a text file\)\$" \
  --clients "$work/nul.txt" --algos s-por --csv "$work/bad.csv"
[[ -e $work/bad.csv ]] && fail "a rejected command line created its CSV"
echo "errors: $((SECONDS - start)) s"

# ---- A campaign: schema, ids, verdicts agree across algorithms ----------------------------------
start=$SECONDS
a=$work/a.csv
campaign --clients "$clients" --algos s-por,dl-s-por --jobs 2 --timeout 120 --csv "$a" \
  >"$work/a.out" 2>"$work/a.err"
status=$?
[[ $status -eq 0 ]] || { fail "campaign exited $status"; cat "$work/a.err"; }
[[ $(head -1 "$a") == "$header" ]] || fail "header is $(head -1 "$a")"
[[ $(wc -l <"$a") -eq 11 ]] || fail "expected 10 rows and a header, found $(wc -l <"$a") lines"
bad=$(fields "$a" | awk -F'\t' '$1 != 15' | wc -l)
[[ $bad -eq 0 ]] || fail "$bad records do not have 15 fields"
[[ $(rows "$a" | cut -f2 | sort -u | tr '\n' ' ') == '4 5 7 8 9 ' ]] || fail "client ids are not the line numbers 4 5 7 8 9"
rows "$a" | cut -f2,3 | sort -u >"$work/texts"
grep -vE '^(#|$)' "$clients" | paste <(echo 4 5 7 8 9 | tr ' ' '\n') - | sort >"$work/texts.want"
cmp -s "$work/texts" "$work/texts.want" || fail "client texts differ from the clients file"
[[ $(rows "$a" | cut -f5 | sort -u | tr '\n' ' ') == 'seq ' ]] || fail "the default order is not seq"
# Each client: one verdict under both algorithms; the buggy set has both kinds of client.
[[ $(rows "$a" | cut -f2,6 | sort -u | wc -l) -eq 5 ]] || fail "verdicts differ across algorithms: $(rows "$a" | cut -f2,4,6)"
rows "$a" | cut -f2,6 | sort -u | tr '\t\n' ': ' >"$work/v"
[[ $(cat "$work/v") == '4:violation 5:ok 7:violation 8:violation 9:violation ' ]] || fail "verdicts are $(cat "$work/v")"
# Statistics: counts, times and RSS present; not timed out; no message.
bad=$(rows "$a" | awk -F'\t' '!($7 ~ /^[1-9][0-9]*$/ && $8 ~ /^[0-9]+$/ && $9 ~ /^[1-9][0-9]*$/ &&
  $10 ~ /^[0-9]+$/ && $11 ~ /^[0-9.]+$/ && $12 ~ /^[0-9.]+$/ && $13 ~ /^[1-9][0-9]*$/ &&
  $14 ~ /^[1-9][0-9]*$/ && $15 == "0" && $16 == "")' | wc -l)
[[ $bad -eq 0 ]] || fail "$bad rows with bad statistics: $(rows "$a" | head -2)"
[[ $(rows "$a" | awk -F'\t' '$4 == "s-por" && $10 != 0' | wc -l) -eq 0 ]] || fail "s-por re-traversed"
grep -q 'porcheck campaign: 10 rows written' "$work/a.out" || fail "no summary: $(cat "$work/a.out")"
grep -qE '^  dl-s-por +5 +1 +4 ' "$work/a.out" || fail "no per-algorithm totals: $(cat "$work/a.out")"
[[ $(grep -c '\] line' "$work/a.err") -eq 10 ]] || fail "expected 10 progress lines on stderr"
# Quoting: an order with commas is one quoted field.
campaign --clients "$clients" --algos s-por --orders 'seq:0,3,2,1' --shard 1/5 --jobs 1 --csv "$work/q.csv" \
  >/dev/null 2>&1 || fail "campaign with --orders seq:0,3,2,1 failed"
[[ $(sed -n 2p "$work/q.csv") == '4,{ add(1); add(0) } || { contains(1); contains(1); add(1) } || { add(1); remove(1); add(1) },s-por,"seq:0,3,2,1",violation,'* ]] ||
  fail "quoted row is $(sed -n 2p "$work/q.csv")"
# Quoting: a client with commas is one quoted field.
printf '{ put(0,0) } || { replace(0,1,0); remove(1,1) }\n' >"$work/map.txt"
"$porcheck" campaign --jar "$jar" --spec "$src/specs/ConcurrentHashMap.json" --clients "$work/map.txt" \
  --algos dl-s-por --csv "$work/map.csv" >/dev/null 2>&1 || fail "map campaign failed"
[[ $(sed -n 2p "$work/map.csv") == '1,"{ put(0,0) } || { replace(0,1,0); remove(1,1) }",dl-s-por,seq,ok,'* ]] ||
  fail "quoted client row is $(sed -n 2p "$work/map.csv")"
[[ $(rows "$work/map.csv" | cut -f1,3) == $'15\t{ put(0,0) } || { replace(0,1,0); remove(1,1) }' ]] ||
  fail "quoted client does not read back"
echo "campaign: $((SECONDS - start)) s"

# ---- Heap symmetry: every run gets it; the verdicts stay, s-por stores fewer states -------------
start=$SECONDS
plain=$work/plain.csv sym=$work/sym.csv
for csv in "$plain" "$sym"; do
  extra=()
  [[ $csv == "$sym" ]] && extra=(--heap-symmetry)
  campaign --clients "$clients" --algos s-por,dl-s-por --jobs 2 --timeout 120 --csv "$csv" "${extra[@]}" \
    >"$work/sym.out" 2>"$work/sym.err" || { fail "campaign ${extra[*]} exited $?"; cat "$work/sym.err"; }
done
[[ $(rows "$sym" | cut -f2,6 | sort) == $(rows "$plain" | cut -f2,6 | sort) ]] ||
  fail "heap symmetry changed verdicts: $(rows "$sym" | cut -f2,6 | tr '\t\n' ': ')"
states() { rows "$1" | awk -F'\t' '{ n += $7 } END { print n + 0 }'; }
(($(states "$sym") < $(states "$plain"))) ||
  fail "heap symmetry did not reach the runs: $(states "$sym") states against $(states "$plain")"
[[ $(rows "$sym" | cut -f4 | sort -u | tr '\n' ' ') == "dl-s-por+symmetry s-por+symmetry " ]] ||
  fail "the CSV does not say the runs had heap symmetry: $(rows "$sym" | cut -f4 | sort -u | tr '\n' ' ')"
# A+symmetry: one campaign runs s-por both ways, each row as the campaign of its setting did
mixed=$work/mixed.csv
campaign --clients "$clients" --algos s-por,s-por+symmetry --jobs 2 --timeout 120 --csv "$mixed" \
  >"$work/sym.out" 2>"$work/sym.err" || { fail "campaign --algos s-por,s-por+symmetry exited $?"; cat "$work/sym.err"; }
states_of() { rows "$1" | awk -F'\t' -v a="$2" '$4 == a { print $2, $6, $7 }' | sort; }
[[ $(states_of "$mixed" s-por) == $(states_of "$plain" s-por) && -n $(states_of "$plain" s-por) ]] ||
  fail "s-por in a mixed campaign differs from the plain campaign's"
[[ $(states_of "$mixed" s-por+symmetry) == $(states_of "$sym" s-por+symmetry) && -n $(states_of "$sym" s-por+symmetry) ]] ||
  fail "s-por+symmetry in a mixed campaign differs from the --heap-symmetry campaign's"
campaign --clients "$clients" --algos s-por+symmetry,s-por --csv "$mixed" --dry-run >"$work/out" 2>/dev/null
[[ ! -s $work/out ]] || fail "a rerun of the mixed campaign plans runs again: $(head -2 "$work/out")"
expect_error "--heap-symmetry does not go with dpor" --clients "$clients" --algos s-por,dpor+symmetry --csv "$work/e.csv"
expect_error "algorithm 's-por\+symmetry' listed twice" --clients "$clients" --algos s-por+symmetry,s-por --heap-symmetry --csv "$work/e.csv"
expect_error "unknown algorithm '\\+symmetry'" --clients "$clients" --algos +symmetry --csv "$work/e.csv"
echo "heap symmetry: $((SECONDS - start)) s"

# ---- --orders expansion and shards (planned runs, --dry-run) -------------------------------------
start=$SECONDS
plan() {
  campaign --clients "$clients" --algos s-por,dl-s-por --csv "$work/plan.csv" --dry-run "$@" 2>/dev/null
}
plan --orders seq:all >"$work/all.plan" || fail "dry run failed"
[[ $(wc -l <"$work/all.plan") -eq 60 ]] || fail "seq:all: expected 5 clients x 2 x 6 runs, found $(wc -l <"$work/all.plan")"
[[ $(grep -c $'^4\ts-por\tseq:0,' "$work/all.plan") -eq 6 ]] || fail "seq:all: not 6 orders per client"
[[ $(grep -c $'^4\ts-por\tseq:0,3,2,1$' "$work/all.plan") -eq 1 ]] || fail "seq:all lacks seq:0,3,2,1"
[[ -e $work/plan.csv ]] && fail "--dry-run created the CSV"
[[ $(plan --orders random:3 | grep -c $'^7\tdl-s-por\trandom:[123]$') -eq 3 ]] || fail "random:3 is not seeds 1..3"
[[ $(plan --orders 'seq:2,1,0,random:7,random:1..2,seq' | awk -F'\t' '$1 == 9 && $2 == "s-por" {print $3}' | tr '\n' ' ') == \
  'seq:2,1,0 random:7 random:1 random:2 seq ' ]] || fail "an order list expands wrongly"
for k in 1 2 3; do plan --orders seq:all --shard $k/3 >"$work/shard$k.plan"; done
cat "$work"/shard[123].plan | sort >"$work/union.plan"
[[ $(sort -u "$work/union.plan" | wc -l) -eq 60 ]] || fail "planned shards overlap"
sort "$work/all.plan" | cmp -s - "$work/union.plan" || fail "planned shards do not cover the campaign"
[[ $(wc -l <"$work/shard2.plan") -eq 20 ]] || fail "shard 2/3 is not a third"
echo "plan: $((SECONDS - start)) s"

# ---- Shards run: exact partition; the CSVs concatenate into the campaign -------------------------
start=$SECONDS
for k in 1 2 3; do
  campaign --clients "$clients" --algos s-por,dl-s-por --jobs 2 --shard $k/3 --csv "$work/s$k.csv" \
    >/dev/null 2>"$work/s$k.err" || { fail "shard $k/3 failed"; cat "$work/s$k.err"; }
done
cat "$work"/s[123].csv >"$work/cat.csv"
[[ $(keys "$work/cat.csv" | uniq -d | wc -l) -eq 0 ]] || fail "shards overlap"
keys "$a" | cmp -s - <(keys "$work/cat.csv") || fail "shards do not make up the campaign"
verdicts "$a" | cmp -s - <(verdicts "$work/cat.csv") || fail "shards give other verdicts"
for k in 2 3; do [[ $(keys "$work/s1.csv" | comm -12 - <(keys "$work/s$k.csv") | wc -l) -eq 0 ]] || fail "shards 1 and $k share rows"; done
campaign --clients "$clients" --algos s-por,dl-s-por --csv "$work/cat.csv" --dry-run >"$work/out" 2>/dev/null
[[ $? -eq 0 && ! -s $work/out ]] || fail "the concatenated shards are not the whole campaign"
echo "shards: $((SECONDS - start)) s"

# ---- Resume after deleted rows and an unfinished last row ------------------------------------------
start=$SECONDS
r=$work/r.csv
sed '3d;6d' "$a" >"$r"
printf '9,{ remove(1) } || { remo' >>"$r"
campaign --clients "$clients" --algos s-por,dl-s-por --jobs 2 --csv "$r" >"$work/r.out" 2>"$work/r.err" ||
  fail "resume failed: $(cat "$work/r.err")"
grep -q 'dropping an unfinished last row' "$work/r.err" || fail "the unfinished row was not reported"
grep -q '8 already in' "$work/r.err" || fail "resume did not skip the 8 rows: $(head -1 "$work/r.err")"
grep -q 'porcheck campaign: 2 rows written' "$work/r.out" || fail "resume did not write 2 rows"
[[ $(wc -l <"$r") -eq 11 ]] || fail "resumed CSV has $(wc -l <"$r") lines"
keys "$a" | cmp -s - <(keys "$r") || fail "resumed CSV lacks rows or has duplicates"
campaign --clients "$clients" --algos s-por,dl-s-por --jobs 2 --csv "$r" >"$work/r.out" 2>&1
grep -q 'porcheck campaign: 0 rows written' "$work/r.out" || fail "a complete CSV was run again"
# A clients file that changed under the CSV is refused.
sed 's/{ remove(1) } || { remove(1) }/{ remove(0) } || { remove(1) }/' "$clients" >"$work/changed.txt"
expect_error 'is for another client' --clients "$work/changed.txt" --algos s-por,dl-s-por --csv "$r"
echo "resume: $((SECONDS - start)) s"

# ---- SIGINT mid-campaign: finished rows stay, children die, a rerun completes ---------------------
# The two small clients finish at once; the slow one runs for its 2 s timeout when SIGINT comes.
start=$SECONDS
hm=$src/specs/HarrisMichaelListSet.json
i=$work/i.csv
icmd=(campaign --jar "$jar" --spec "$hm" --clients "$here/slow.txt" --algos dfs --timeout 2 --jobs 1
  --csv "$i")
"$porcheck" "${icmd[@]}" >"$work/i.out" 2>"$work/i.err" &
pid=$!
for _ in $(seq 600); do
  [[ -f $i && $(wc -l <"$i") -ge 3 ]] && break
  sleep 0.02
done
children=$(pgrep -P $pid | tr '\n' ' ')
kill -INT $pid
wait $pid
status=$?
[[ $status -eq 130 ]] || fail "interrupted campaign exited $status, expected 130"
[[ $(keys "$i" | cut -f1 | tr '\n' ' ') == '3 4 ' ]] || fail "interrupted campaign left rows $(keys "$i" | cut -f1)"
[[ $(tail -c 1 "$i" | od -An -c | tr -d ' ') == '\n' ]] || fail "interrupted CSV ends mid-row"
[[ $(fields "$i" | awk -F'\t' '$1 != 15' | wc -l) -eq 0 ]] || fail "interrupted CSV has broken rows"
grep -q 'interrupted' "$work/i.err" || fail "no interruption message"
[[ -n $children ]] || fail "no child was running at the interrupt"
sleep 0.2
for c in $children; do kill -0 "$c" 2>/dev/null && fail "child $c survived the interrupt"; done
[[ -z $(ls "$TMPDIR") ]] || fail "temporary files left: $(ls "$TMPDIR")"
"$porcheck" "${icmd[@]}" >"$work/i.out" 2>"$work/i.err" || fail "rerun after SIGINT failed"
grep -q "2 already in" "$work/i.err" || fail "rerun did not skip the 2 rows"
[[ $(keys "$i" | cut -f1 | tr '\n' ' ') == '3 4 5 ' ]] || fail "rerun rows are $(keys "$i" | cut -f1)"
echo "sigint: $((SECONDS - start)) s"

# ---- Timeouts and memory: rows, not crashes --------------------------------------------------------
start=$SECONDS
t=$work/t.csv
"$porcheck" campaign --jar "$jar" --spec "$hm" --clients "$here/slow.txt" --algos dfs --timeout 1 \
  --shard 3/3 --csv "$t" >"$work/t.out" 2>"$work/t.err" || fail "timed-out campaign failed: $(cat "$work/t.err")"
[[ $(rows "$t" | cut -f2,4,6,15) == $'5\tdfs\ttimeout\t1' ]] || fail "timeout row is $(rows "$t")"
grep -q ' 1 timeout' "$work/t.out" || fail "summary does not count the timeout"
# A run that stops responding is killed at its deadline (--timeout plus a grace period).
k=$work/k.csv
"$porcheck" campaign --jar "$jar" --spec "$hm" --clients "$here/slow.txt" --algos dfs --timeout 1 \
  --shard 3/3 --csv "$k" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 200); do
  child=$(pgrep -P $pid) && break
  sleep 0.02
done
kill -STOP "$child"
wait $pid || fail "campaign with a stopped run failed"
[[ $(rows "$k" | cut -f6,7,14,15,16) == $'timeout\t\t\t1\tkilled after '* ]] || fail "killed row is $(rows "$k")"
# A run whose check gets SIGTERM from elsewhere reports what it gathered: an error row, never ok.
g=$work/g.csv
"$porcheck" campaign --jar "$jar" --spec "$hm" --clients "$here/slow.txt" --algos dfs --timeout 60 \
  --shard 3/3 --csv "$g" >/dev/null 2>"$work/g.err" &
pid=$!
for _ in $(seq 200); do
  child=$(pgrep -P $pid) && break
  sleep 0.02
done
sleep 0.5
kill -TERM "$child"
wait $pid || fail "campaign with a run stopped by SIGTERM failed: $(cat "$work/g.err")"
[[ $(rows "$g" | cut -f2,6,15) == $'5\terror\t0' ]] || fail "SIGTERM row is $(rows "$g")"
rows "$g" | cut -f16 | grep -qE 'stopped by a signal|killed by signal 15' || fail "SIGTERM row does not say a signal stopped it: $(rows "$g")"
m=$work/m.csv
campaign --clients "$clients" --algos dl-s-por --max-memory 1 --shard 1/5 --csv "$m" >/dev/null 2>&1 ||
  fail "campaign with --max-memory 1 failed"
[[ $(rows "$m" | cut -f6,15) == $'out-of-memory\t0' ]] || fail "out-of-memory row is $(rows "$m")"
# A run that check rejects (the class is not in this jar) is an error row with check's message.
e=$work/e.csv
"$porcheck" campaign --jar "$build/model.jar" --spec "$spec" --clients "$clients" --algos s-por \
  --shard 2/5 --csv "$e" >/dev/null 2>&1 || fail "campaign with failing runs failed"
[[ $(rows "$e" | cut -f2,6,7,14,15) == $'5\terror\t\t\t0' ]] || fail "error row is $(rows "$e")"
rows "$e" | cut -f16 | grep -q '^exit status 2: .*not on the class path' || fail "error row lacks check's message"
echo "limits: $((SECONDS - start)) s"

finish campaign
