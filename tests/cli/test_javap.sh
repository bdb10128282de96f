#!/usr/bin/env bash
# porcheck javap from the command line: output, exit statuses and one-line errors.
# usage: test_javap.sh PORCHECK BUILD_DIR WORK_DIR
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1
sample_leaks
build=$2
work=$3
rm -rf "$work" && mkdir -p "$work"

# expect STATUS PATTERN CMD...: runs CMD, checks its exit status and that PATTERN matches its
# stderr (for status 2, also that stderr is exactly one line) or stdout (for status 0).
expect() {
  local want=$1 pattern=$2
  shift 2
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  local stream=$work/out
  [[ $want -ne 0 ]] && stream=$work/err
  if [[ $got -ne $want ]]; then
    echo "FAIL: '$*' exited $got, expected $want"; head -3 "$work/err"; failures=$((failures + 1))
  elif ! grep -qE -- "$pattern" "$stream"; then
    echo "FAIL: '$*' output lacks /$pattern/:"; head -5 "$stream"; failures=$((failures + 1))
  elif [[ $want -eq 2 && $(wc -l <"$work/err") -ne 1 ]]; then
    echo "FAIL: '$*' error is not one line:"; cat "$work/err"; failures=$((failures + 1))
  fi
}

jar=$build/structures.jar
expect 0 '^public class porcheck.structures.CoarseListSet \{' \
  "$porcheck" javap --classpath "$jar" porcheck.structures.CoarseListSet
expect 0 'invokevirtual +#[0-9]+ +// Method java/util/concurrent/locks/ReentrantLock.lock:\(\)V' \
  "$porcheck" javap -cp "$jar" porcheck/structures/CoarseListSet
expect 0 'class porcheck.structures.LazyListSetBuggy\$Node' \
  "$porcheck" javap --classpath "$jar" porcheck.structures.CoarseListSet 'porcheck.structures.LazyListSetBuggy$Node'

(cd "$work" && jar xf "$jar")
class=$work/porcheck/structures/CoarseListSet.class
expect 0 'Compiled from "CoarseListSet.java"' "$porcheck" javap "$class"

head -c 100 "$class" >"$work/Truncated.class"
expect 2 'Truncated.class: offset [0-9]+: file truncated' "$porcheck" javap "$work/Truncated.class"
printf 'not a class' >"$work/Text.class"
expect 2 'Text.class: offset 0: bad magic' "$porcheck" javap "$work/Text.class"
expect 2 'class no/such/Thing not found on class path' "$porcheck" javap --classpath "$jar" no.such.Thing
expect 2 'class path entry /nonexistent.jar' "$porcheck" javap --classpath /nonexistent.jar Foo
printf 'PK not really' >"$work/bad.jar"
expect 2 'bad.jar: not a valid jar' "$porcheck" javap --classpath "$work/bad.jar" Foo
expect 2 'usage: porcheck javap' "$porcheck" javap
expect 2 "unknown option '--bogus' \\(see porcheck javap --help\\)" "$porcheck" javap --bogus X
expect 2 "unknown command 'frobnicate'" "$porcheck" frobnicate
expect 0 'javap' "$porcheck" help
expect 0 '^porcheck [0-9]+\.[0-9]+' "$porcheck" --version

finish "porcheck javap"
