#!/usr/bin/env bash
# hotspot.sh JAVA JAR NAME SOURCE OUT: runs golden program NAME from JAR on HotSpot (JAVA) and
# writes what it printed to OUT.out and OUT.err and its exit status to OUT.status, the last (via
# a rename: a run cut short leaves no status, so the build runs it again). SOURCE's line
# "// golden-flags: FLAG", if any, passes FLAG. The serial collector and the C1 compiler alone
# change nothing a program prints and cost a quarter less of its start-up. HotSpot's runs are
# build products, like the jars: test_vm_golden compares porcheck exec with them, and the
# sanitizer build gets them copied with the jars (scripts/test) instead of running them again.
set -uo pipefail
java=$1 jar=$2 name=$3 source=$4 out=$5
flag=$(sed -n 's|.*// golden-flags: *\([^ ]*\).*|\1|p' "$source" | head -n 1)
mkdir -p "$(dirname "$out")"
timeout 120 "$java" -Dfile.encoding=UTF-8 -Xshare:auto -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
  ${flag:+"$flag"} -cp "$jar" "$name" >"$out.out" 2>"$out.err"
echo $? >"$out.status.new"
mv "$out.status.new" "$out.status"
