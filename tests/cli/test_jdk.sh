#!/usr/bin/env bash
# The JDK's own classes behind the model library (issue #17): structures built on the JDK's
# TreeMap and AtomicIntegerArray, which the model library lacks, and on a VarHandle, are checked
# (correct: ok; buggy: violation) under several algorithms; --model-library turns the JDK off (exit 2, one line naming the class and its
# caller); --jdk DIR chooses the JDK and a DIR without lib/modules is bad input; campaign passes
# the choice on to its runs.
# usage: test_jdk.sh PORCHECK JAVAC SOURCE_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 javac=$2 src=$3 work=$4
rm -rf "$work" && mkdir -p "$work/classes" && cd "$work" || exit 2
jdk_dir=$src/tests/cli/jdk
"$javac" -nowarn -d classes "$jdk_dir"/zoo/*.java || exit 2
"$(dirname "$javac")/jar" cf zoo.jar -C classes zoo || exit 2
jdk_home=$(dirname "$(dirname "$(readlink -f "$javac")")")

client='{ record(1); best() } || { record(1); size() }'
for algo in dfs jpf s-por dl-s-por; do
    expect 0 check --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client" --algo "$algo"
    grep -qx "verdict: ok" out.txt || fail "Ranking under $algo: no ok verdict"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/ranking-buggy.json" --client "$client" --algo "$algo"
    grep -q "(1, 1, 1, 1) .*UNEXPECTED" out.txt || fail "RankingBuggy under $algo: lost update not found"
done

# A structure of the application's own written with a VarHandle (a Treiber stack; the buggy pop
# reads and then sets the top), and one on the JDK's AtomicIntegerArray (array-element
# VarHandles inside the JDK; the buggy vote reads and then sets its count).
stack='{ push(1); push(2) } ; { pop() } || { pop() } || { push(3) }'
tally='{ vote(1); count(1) } || { vote(1) } || { vote(0); count(0) }'
for algo in dfs jpf s-por dl-s-por; do
    expect 0 check --jar zoo.jar --spec "$jdk_dir/vhstack.json" --client "$stack" --algo "$algo"
    grep -qx "verdict: ok" out.txt || fail "VhStack under $algo: no ok verdict"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/vhstack-buggy.json" --client "$stack" --algo "$algo"
    grep -q "(void, void, 2, 2, void) .*UNEXPECTED" out.txt || fail "VhStackBuggy under $algo: double pop not found"
    grep -q "setRelease: write VhStackBuggy#0.[0-9]*.top (VhStackBuggy.java:39)" out.txt ||
        fail "VhStackBuggy under $algo: the table does not show the VarHandle write"
    expect 0 check --jar zoo.jar --spec "$jdk_dir/tally.json" --client "$tally" --algo "$algo"
    grep -qx "verdict: ok" out.txt || fail "Tally under $algo: no ok verdict"
    expect 1 check --jar zoo.jar --spec "$jdk_dir/tally-buggy.json" --client "$tally" --algo "$algo"
    grep -q "(1, 1, 1, 1, 1) .*UNEXPECTED" out.txt || fail "TallyBuggy under $algo: lost vote not found"
done

# --model-library: the model library alone, which has no TreeMap.
expect 2 check --model-library --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client"
[ "$(tail -1 err.txt)" = "porcheck check: --client:1: unsupported: java/util/TreeMap (called from zoo.Ranking.<init>(Ranking.java:8))" ] ||
    fail "--model-library: $(cat err.txt)"

# --jdk DIR: a real JDK is used; a directory without lib/modules is one line and exit 2.
expect 0 check --jdk "$jdk_home" --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client"
expect 2 check --jdk "$work" --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client"
one_line_error "porcheck check: JDK given by --jdk: $work has no lib/modules (a JDK 9 or later is needed)"
expect 2 run --jdk=/nonexistent --classpath zoo.jar zoo.Ranking
one_line_error "porcheck run: JDK given by --jdk: /nonexistent: No such file or directory"
expect 0 check --model-library --jdk "$jdk_home" --jar zoo.jar --spec "$jdk_dir/ranking.json" --client "$client"

# campaign hands the choice to every run: with --model-library each run is an error row.
echo "$client" >clients.txt
expect 0 campaign --jar zoo.jar --spec "$jdk_dir/ranking.json" --clients clients.txt --algos dfs \
    --csv with.csv --jobs 1
grep -q ",ok," with.csv || fail "campaign: the run with the JDK is not ok: $(cat with.csv)"
"$porcheck" campaign --model-library --jar zoo.jar --spec "$jdk_dir/ranking.json" \
    --clients clients.txt --algos dfs --csv without.csv --jobs 1 >out.txt 2>err.txt
grep -q ",ok," without.csv && fail "campaign --model-library: a run was ok: $(cat without.csv)"

finish "porcheck with the JDK's classes"
