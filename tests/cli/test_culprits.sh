#!/usr/bin/env bash
# Start-up errors name the culprit (issue 21): a class of the application that needs a JDK class
# porcheck does not have (here under --model-library, which lacks java.util.concurrent's Callable,
# ConcurrentSkipListMap and ConcurrentNavigableMap) stops check and run with one line naming the
# class and member whose loading needed it (a superinterface, a superclass two levels up, the
# return type of a spec method), not "(called from <vm start-up>)"; a method body and a static
# initialiser are named by where they run; a field's type alone is never loaded.
# usage: test_culprits.sh PORCHECK JAVAC SOURCE_DIR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 javac=$2 src=$3 work=$4
sample_leaks
rm -rf "$work" && mkdir -p "$work/classes" && cd "$work" || exit 2
dir=$src/tests/cli/culprits
"$javac" -nowarn -d classes "$dir"/culprit/*.java || exit 2
"$(dirname "$javac")/jar" cf culprit.jar -C classes culprit || exit 2

# check_error SPEC CLIENT MESSAGE: check --model-library exits 2 with the one line MESSAGE.
check_error() {
    expect 2 check --model-library --jar culprit.jar --spec "$dir/$1" --client "$2"
    one_line_error "porcheck check: $3"
}

check_error Callback.json '{ put(1) } || { get() }' \
    "$dir/Callback.json: \$: unsupported: java/util/concurrent/Callable, needed as a superinterface of culprit/Callback"
check_error SkipSet.json '{ put(1) } || { get() }' \
    "$dir/SkipSet.json: \$: unsupported: java/util/concurrent/ConcurrentSkipListMap, needed as the superclass of culprit/SkipBase, itself the superclass of culprit/SkipSet"
check_error Views.json '{ put(1) } || { view() }' \
    "$dir/Views.json: \$.methods[1]: unsupported: java/util/concurrent/ConcurrentNavigableMap, needed as the return type of culprit/Views.view()Ljava/util/concurrent/ConcurrentNavigableMap;"
check_error Lazy.json '{ put(1); put(2) }' \
    "--client:1: T0.put(2) run sequentially: unsupported: java/util/concurrent/ConcurrentSkipListMap (called from culprit.Lazy.put(Lazy.java:11))"
check_error Lazy.json '{ put(1) } || { get() }' \
    "--client:1: T1.get() run sequentially: unsupported: java/util/concurrent/ConcurrentSkipListMap (called from culprit.Lazy\$Table.<clinit>(Lazy.java:21))"

# A field of an unsupported type that no code uses is never loaded: the register is checked.
expect 0 check --model-library --jar culprit.jar --spec "$dir/Register.json" --client '{ put(1) } || { get() }'
grep -qx "verdict: ok" out.txt || fail "Views as a register: no ok verdict"

# run: the main class loads SkipSet while it runs, which names both the chain and the line.
expect 2 run --model-library --classpath culprit.jar culprit.Main
one_line_error "porcheck run: unsupported: java/util/concurrent/ConcurrentSkipListMap, needed as the superclass of culprit/SkipBase, itself the superclass of culprit/SkipSet (called from culprit.Main.main(Main.java:7))"
expect 2 run --model-library --classpath culprit.jar culprit.SkipSet
one_line_error "porcheck run: unsupported: java/util/concurrent/ConcurrentSkipListMap, needed as the superclass of culprit/SkipBase, itself the superclass of culprit/SkipSet"

finish "start-up errors that name the culprit"
