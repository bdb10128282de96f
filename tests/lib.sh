# Shared by the end-to-end test scripts (source it first, then set $porcheck and call
# sample_leaks): failures are counted, not fatal, so one run reports every broken check.
failures=0

# The Python interpreter that runs the scripts' JSON checks, chosen once: Debian's, which
# scripts/setup --test installs, or else the one python3 in PATH runs. A version manager's python3
# (pyenv's shim is a shell script) takes 0.3 s to start, against 0.03 s, and the scripts call
# Python a few thousand times in the suite: most of cli_workers' time went there.
if [ -x /usr/bin/python3 ]; then
    PYTHON=/usr/bin/python3
else
    PYTHON=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) || PYTHON=python3
fi

# python3 ARGS...: runs the interpreter found above (exported, so child bash scripts have it too).
python3() { command "$PYTHON" "$@"; } # command: never this function again, if PYTHON=python3
export PYTHON
export -f python3

# 1 in the sanitizer build (ctest sets PORCHECK_TEST_QUICK there), whose tests check a smaller
# sample: it is there to catch memory errors, and the normal build checks every case.
quick=${PORCHECK_TEST_QUICK:-0}

# in_turn K ITEM...: the ITEMs case K is checked under: all of them, or quick, the (K mod their
# number)th, so that consecutive cases take each ITEM in turn.
in_turn() {
    local k=$1
    shift
    if [ "$quick" = 1 ]; then
        local list=("$@")
        echo "${list[$k % ${#list[@]}]}"
    else
        echo "$@"
    fi
}

# The directory of this file and of sampled-leaks.sh.
tests_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# sample_leaks: call it once $porcheck is set. In the sanitizer build with leak detection on,
# "$porcheck" then runs through sampled-leaks.sh, which keeps LeakSanitizer's exit-time scan in one
# run of four (it costs 40 ms per process); $porcheck_binary is the binary's path in every build.
sample_leaks() {
    porcheck_binary=$porcheck
    if [ "$quick" = 1 ] && [[ ${ASAN_OPTIONS:-} == *detect_leaks=1* ]]; then
        export PORCHECK_BINARY=$porcheck
        porcheck=$tests_dir/sampled-leaks.sh
    fi
}

# every_other K ITEM...: all the ITEMs, or quick, those at the places of K's parity (0, 2, 4...
# for an even K), so that two loops with different K take every ITEM between them.
every_other() {
    local k=$1 i=0
    shift
    if [ "$quick" = 1 ]; then
        for item in "$@"; do
            [ $((i % 2)) = $((k % 2)) ] && echo "$item"
            i=$((i + 1))
        done
    else
        echo "$@"
    fi
}

# minimise_flag ALGO: --no-minimize unless ALGO is dfs. The loops that check a failing client
# under every algorithm minimise it under dfs alone: a minimisation runs a search per candidate
# client (3.5 times the check's own time on a buggy set), and the minimiser has tests of its own.
minimise_flag() { [ "$1" = dfs ] || echo --no-minimize; }

# fail MESSAGE: counts a failure and prints it.
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# A command that does not exist (a helper another script defines, a misspelt name) is a failure,
# not a message on stderr beside "all passed": a check that calls it never ran. Bash runs this
# handler in a subshell, so it leaves a line in a file that finish counts.
missing_log=${TMPDIR:-/tmp}/porcheck-test-missing.$$
rm -f "$missing_log"
command_not_found_handle() {
    echo "FAIL: no command '$1' (${BASH_SOURCE[1]:-?}, line ${BASH_LINENO[0]:-?})" | tee -a "$missing_log"
    return 127
}

# json EXPR [FILE]: the Python expression EXPR over the JSON document d of FILE (default
# out.json) is true.
json() {
    python3 -c 'import json, sys; d = json.load(open(sys.argv[2])); sys.exit(not eval(sys.argv[1]))' \
        "$1" "${2:-out.json}" || fail "JSON: not $1: $(head -c 600 "${2:-out.json}")"
}

# expect STATUS ARGS...: runs porcheck ARGS..., checks the exit status; output in out.txt/err.txt.
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

# finish NAME: exits 1 with the number of failures, or says that NAME passed and exits 0.
finish() {
    if [ -f "$missing_log" ]; then
        failures=$((failures + $(wc -l <"$missing_log")))
        rm -f "$missing_log"
    fi
    if [ "$failures" != 0 ]; then
        echo "$failures failure(s)"
        exit 1
    fi
    echo "$1: all passed"
    exit 0
}
