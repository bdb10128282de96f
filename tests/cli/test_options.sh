#!/usr/bin/env bash
# The command line of every command (issue 19): -h/--help on stdout with exit 0, the GNU option
# forms (--opt=value, prefixes, --), one-line errors with a "did you mean", '-' for stdin and
# stdout, --version with the git commit, the README's option lists equal to the option tables,
# the bash completion, and what `cmake --install` puts where.
# usage: test_options.sh PORCHECK BUILD_DIR SOURCE_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 build=$2 source=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
commands=(javap exec toy run generate outcomes check campaign completion)
jar=$build/structures.jar spec=$source/specs/CoarseListSet.json toy=$source/toy/examples

# ---- help: every command, both spellings, stdout, exit 0, the same as `porcheck help CMD`
for c in "${commands[@]}"; do
    for h in --help -h; do
        expect 0 "$c" "$h"
        head -1 out.txt | grep -q "^usage: porcheck $c " || fail "$c $h: no usage line: $(head -1 out.txt)"
        grep -q '^options:$' out.txt || fail "$c $h: no option list"
        grep -q -- '^  -h, --help ' out.txt || fail "$c $h: does not list --help"
        [ -s err.txt ] && fail "$c $h: wrote to stderr: $(cat err.txt)"
    done
    cp out.txt help.txt
    expect 0 help "$c"
    cmp -s out.txt help.txt || fail "porcheck help $c differs from porcheck $c --help"
done
expect 0 help
for c in "${commands[@]}"; do grep -q "^  $c " out.txt || fail "porcheck help does not list $c"; done

# ---- one-line errors, anywhere on the line, before any work
base=(--jar "$jar" --spec "$spec" --client '{ add(1) } || { remove(1) }')
expect 2 check "${base[@]}" --statless
one_line_error "porcheck check: unknown option '--statless' (did you mean '--stateless'?)"
expect 2 check --statless "${base[@]}"
one_line_error "porcheck check: unknown option '--statless' (did you mean '--stateless'?)"
expect 2 check "${base[@]}" --ma 5
one_line_error "porcheck check: ambiguous option '--ma' (--max-states, --max-memory, --max-threads, --max-traces)"
expect 2 check "${base[@]}" --algo
one_line_error "porcheck check: --algo needs a value (A)"
expect 2 check "${base[@]}" --stateless=yes
one_line_error "porcheck check: --stateless takes no value"
expect 2 check "${base[@]}" --max-instructions 5
one_line_error "porcheck check: unknown option '--max-instructions' (an option of porcheck run; see porcheck check --help)"
expect 2 toy "$toy/counter.toy" --algo=dfs --tiemout 5
one_line_error "porcheck toy: unknown option '--tiemout' (did you mean '--timeout'?)"
expect 2 campaign --jbos 2
one_line_error "porcheck campaign: unknown option '--jbos' (did you mean '--jobs'?)"
expect 2 generate --spec "$spec" --count 3 --sed 4
one_line_error "porcheck generate: unknown option '--sed' (did you mean '--seed'?)"
expect 2 outcomes --oracel adt
one_line_error "porcheck outcomes: unknown option '--oracel' (did you mean '--oracle'?)"
expect 2 exec --clspath . Main
one_line_error "porcheck exec: unknown option '--clspath' (did you mean '--classpath'?)"
expect 2 run -x Main
one_line_error "porcheck run: unknown option '-x' (see porcheck run --help)"
expect 2 javap --classpaht . Foo
one_line_error "porcheck javap: unknown option '--classpaht' (did you mean '--classpath'?)"
expect 2 completion fish
one_line_error "porcheck completion: unknown shell 'fish' (bash)"
expect 2 check --jar "$jar" --spec "$spec"
one_line_error "porcheck check: missing --client C or --clients FILE (usage: porcheck check --jar J --spec S (--client C | --clients FILE) [options])"
expect 2 chek
one_line_error "porcheck: unknown command 'chek' (did you mean 'check'?)"

# ---- the GNU forms give the same run as the spelled-out one
expect 0 toy "$toy/counter.toy" --algo dpor --order seq:1,0
cp out.txt spelled.txt
expect 0 toy --algo=dpor "$toy/counter.toy" --ord=seq:1,0
diff <(grep -v time out.txt) <(grep -v time spelled.txt) >/dev/null ||
    fail "toy: --algo=dpor --ord=... differs from --algo dpor --order ..."
cp "$toy/counter.toy" ./-dash.toy
expect 0 toy --algo dpor --order seq:1,0 -- -dash.toy
diff <(grep -v -e time -e memory out.txt | sed 's/-dash.toy/F/') <(grep -v -e time -e memory spelled.txt | sed "s|$toy/counter.toy|F|") >/dev/null ||
    fail "toy -- -dash.toy: not the same run"

# ---- '-': clients from stdin, JSON and CSV to stdout (the text to stderr)
printf '{ add(1) } || { remove(1) }\n{ add(1); bogus() } || { add(2) }\n' >clients.txt
"$porcheck" check --jar "$jar" --spec "$spec" --clients - <clients.txt >out.txt 2>err.txt
[ $? = 2 ] || fail "check --clients -: an error row is exit 2"
grep -q "^summary: 2 clients, 1 ok, 0 with a violation, 0 incomplete, 1 error" out.txt ||
    fail "check --clients -: $(tail -1 out.txt)"
grep -q "^porcheck check: <stdin>:2:11: unknown method 'bogus'" err.txt ||
    fail "check --clients -: the bad line is not named <stdin>:2:11: $(cat err.txt)"
expect 0 check "${base[@]}" --json -
python3 -c 'import json,sys; d=json.load(open("out.txt")); sys.exit(d["summary"]["ok"] != 1)' ||
    fail "check --json -: stdout is not the JSON report"
grep -q "^verdict: ok" err.txt || fail "check --json -: the text report is not on stderr"
expect 0 toy "$toy/counter.toy" --json -
python3 -c 'import json; json.load(open("out.txt"))' || fail "toy --json -: not JSON"
head -1 clients.txt >good.txt && echo '{ add(2) } || { contains(2) }' >>good.txt
expect 0 campaign --jar "$jar" --spec "$spec" --clients good.txt --algos dfs --csv - --jobs 1
head -1 out.txt | grep -q '^client_id,client,algorithm,' || fail "campaign --csv -: no CSV header"
[ "$(wc -l <out.txt)" = 3 ] || fail "campaign --csv -: expected a header and 2 rows: $(cat out.txt)"
grep -q "rows written to -" err.txt || fail "campaign --csv -: the summary is not on stderr"

# ---- --version names the commit of the source it was built from
expect 0 --version
grep -Eq '^porcheck [0-9]+\.[0-9]+\.[0-9]+ \(git [0-9a-f]{12}(-dirty)?\)$' out.txt ||
    fail "--version: $(cat out.txt)"
if commit=$(git -C "$source" rev-parse --short=12 HEAD 2>/dev/null); then
    grep -q "(git $commit" out.txt || fail "--version: $(cat out.txt), the source is at $commit"
fi

# ---- the README's headings and option lists are the option tables'
"$source/scripts/readme-options" --check "$porcheck" 2>readme.txt ||
    fail "README.md and the option tables differ: $(head -20 readme.txt)"

# ---- bash completion, from the same tables
completion=$build/completions/porcheck
[ -s "$completion" ] || fail "the build wrote no $completion"
"$porcheck" completion bash | cmp -s - "$completion" || fail "$completion is stale"
complete_words() {
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _porcheck
             echo "${COMPREPLY[*]}"' _ "$completion" "$@"
}
[ "$(complete_words porcheck chec)" = check ] || fail "completion: porcheck chec"
[ "$(complete_words porcheck check --heap)" = --heap-symmetry ] || fail "completion: check --heap"
[ "$(complete_words porcheck check --algo o-)" = o-dpor ] || fail "completion: check --algo o-"
[ "$(complete_words porcheck check --oracle '')" = "impl adt" ] || fail "completion: --oracle"
[ "$(complete_words porcheck run --max-th)" = --max-threads ] || fail "completion: run --max-th"

# ---- cmake --install: porcheck finds model.jar beside itself through the bin link
cmake --install "$build" --prefix "$work/inst" >/dev/null || fail "cmake --install failed"
[ -f "$work/inst/share/bash-completion/completions/porcheck" ] || fail "no installed completion"
"$work/inst/bin/porcheck" toy "$toy/counter.toy" >/dev/null || fail "installed porcheck: toy"
"$work/inst/bin/porcheck" outcomes --jar "$jar" --spec "$spec" --client '{ add(1) }' >out.txt 2>err.txt ||
    fail "installed porcheck does not find model.jar: $(cat err.txt)"

finish "porcheck options"
