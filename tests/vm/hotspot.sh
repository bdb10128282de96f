#!/usr/bin/env bash
# hotspot.sh JAVA JAR NAME SOURCE OUT: runs golden program NAME from JAR on HotSpot (JAVA) and
# writes what it printed to OUT.out and OUT.err and its exit status to OUT.status, the last (via
# a rename: a run cut short leaves no status, so the build runs it again). SOURCE's line
# "// golden-flags: FLAG", if any, passes FLAG. The interpreter alone, the serial collector and
# no performance counters change nothing a program prints (the 142 runs gave byte for byte what
# C1 gave) and take 0.24 s of CPU per program against C1's 0.31. HotSpot's runs are build
# products, like the jars: test_vm_golden compares porcheck exec with them, and the sanitizer
# build gets them copied with the jars (scripts/test) instead of running them again.
set -uo pipefail
java=$1 jar=$2 name=$3 source=$4 out=$5
flag=$(sed -n 's|.*// golden-flags: *\([^ ]*\).*|\1|p' "$source" | head -n 1)
mkdir -p "$(dirname "$out")"
timeout 120 "$java" -Dfile.encoding=UTF-8 -Xshare:auto -XX:+UseSerialGC -Xint -XX:-UsePerfData \
  ${flag:+"$flag"} -cp "$jar" "$name" >"$out.out" 2>"$out.err"
echo $? >"$out.status.new"
mv "$out.status.new" "$out.status"
