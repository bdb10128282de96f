#!/usr/bin/env bash
# How spec methods bind to the class under test, end to end, on structures of our own
# (tests/clients/java/porcheck/testing): Overloads has containsKey(Integer) (a lookup),
# containsKey(Object) (always false) and an inherited containsKey(Number) (always true), so the
# outcomes show which one ran. The check header (and outcomes, and the JSON's "bindings") names
# the overload chosen for each spec parameter type; a method's "descriptor" pins another one;
# a bad descriptor is one line, exit 2. IntSet and IntSetBuggy name their methods
# addInt/removeInt/containsInt, which a method's "adt" maps onto the set model for --oracle adt.
# usage: test_bindings.sh PORCHECK DRIVERS_JAR WORK_DIR
set -u
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
porcheck=$1 jar=$2 work=$3
sample_leaks
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2

client='{ put(1) } || { containsKey(1) }'

# overloads_spec FILE FIELDS: writes a spec of Overloads whose containsKey has FIELDS (JSON
# members, each followed by a comma) besides its name.
overloads_spec() {
    cat >"$1" <<EOF
{
  "class": "porcheck.testing.Overloads",
  "methods": [
    {"name": "put", "parameters": ["int"], "void": true},
    {"name": "containsKey", $2 "readonly": true}
  ]
}
EOF
}

# header_is NAME LINE: the report's overload line (the only one) is LINE.
header_is() {
    [ "$(grep '^overload: ' out.txt)" = "$2" ] ||
        fail "$1: overload line '$(grep '^overload: ' out.txt)', want '$2'"
}

# observed_is NAME TEXT: the outcomes the check observed, one per line, are TEXT.
observed_is() {
    local got
    got=$(sed -n 's/^  \((.*)\)   \[.*/\1/p' out.txt)
    [ "$got" = "$2" ] || fail "$1: observed $(echo $got), want $(echo $2)"
}

# ---- the header names the overload chosen for each spec parameter type
fits='1 of 3 overloads that fit ("descriptor" pins another)'
overloads_spec object.json '"parameters": ["java.lang.Object"],'
expect 0 check --jar "$jar" --spec object.json --client "$client" --json out.json
header_is object "overload: containsKey(java.lang.Object) -> containsKey(Ljava/lang/Object;)Z, $fits"
observed_is object '(void, false)'
bindings=$(python3 -c 'import json; print(json.load(open("out.json")).get("bindings"))')
[ "$bindings" = "[{'method': 'put(int)', 'descriptor': '(I)V', 'overloads': 1, 'pinned': False}, \
{'method': 'containsKey(java.lang.Object)', 'descriptor': '(Ljava/lang/Object;)Z', 'overloads': 3, \
'pinned': False}]" ] || fail "object: JSON bindings $bindings"
overloads_spec integer.json '"parameters": ["java.lang.Integer"],'
expect 0 check --jar "$jar" --spec integer.json --client "$client"
header_is integer "overload: containsKey(java.lang.Integer) -> containsKey(Ljava/lang/Integer;)Z, $fits"
observed_is integer '(void, false)
(void, true)'
expect 0 outcomes --jar "$jar" --spec integer.json --client "$client"
header_is "outcomes" "overload: containsKey(java.lang.Integer) -> containsKey(Ljava/lang/Integer;)Z, $fits"

# ---- "descriptor" pins one, inherited ones too; without "parameters" it gives them
pinned='pinned by "descriptor" (1 of 3 overloads that fit)'
overloads_spec pin-integer.json '"parameters": ["java.lang.Object"], "descriptor": "(Ljava/lang/Integer;)Z",'
expect 0 check --jar "$jar" --spec pin-integer.json --client "$client"
header_is pin-integer "overload: containsKey(java.lang.Object) -> containsKey(Ljava/lang/Integer;)Z, $pinned"
observed_is pin-integer '(void, false)
(void, true)'
overloads_spec pin-number.json '"parameters": ["java.lang.Integer"], "descriptor": "(Ljava/lang/Number;)Z",'
expect 0 check --jar "$jar" --spec pin-number.json --client "$client" --json out.json
header_is pin-number "overload: containsKey(java.lang.Integer) -> containsKey(Ljava/lang/Number;)Z, $pinned"
observed_is pin-number '(void, true)'
pins=$(python3 -c 'import json; b=(json.load(open("out.json")).get("bindings") or [{}, {}])[1]; print(b.get("descriptor"), b.get("pinned"))')
[ "$pins" = "(Ljava/lang/Number;)Z True" ] || fail "pin-number: JSON binding $pins"
overloads_spec pin-object.json '"descriptor": "(Ljava/lang/Object;)Z",'
expect 0 check --jar "$jar" --spec pin-object.json --client "$client"
header_is pin-object "overload: containsKey(java.lang.Object) -> containsKey(Ljava/lang/Object;)Z, $pinned"
observed_is pin-object '(void, false)'

# ---- a bad descriptor: one line naming the spec, the method and what is wrong, exit 2
# bad_descriptor NAME FIELDS MESSAGE: the spec with containsKey FIELDS fails with MESSAGE.
bad_descriptor() {
    overloads_spec "$1.json" "$2"
    expect 2 check --jar "$jar" --spec "$1.json" --client "$client"
    one_line_error "porcheck check: $1.json: \$.methods[1].descriptor: $3"
}
bad_descriptor malformed '"parameters": ["java.lang.Integer"], "descriptor": "(Ljava/lang/Integer)Z",' \
    "malformed method descriptor '(Ljava/lang/Integer)Z' (write it as javap -s prints it, e.g. \"(Ljava/lang/Integer;)Z\")"
bad_descriptor missing '"parameters": ["java.lang.Integer"], "descriptor": "(Ljava/lang/Long;)Z",' \
    "porcheck.testing.Overloads has no method containsKey(Ljava/lang/Long;)Z (its containsKey methods with 1 parameter: (Ljava/lang/Integer;)Z, (Ljava/lang/Object;)Z, (Ljava/lang/Number;)Z)"
bad_descriptor return '"parameters": ["java.lang.Integer"], "descriptor": "(Ljava/lang/Integer;)I",' \
    "porcheck.testing.Overloads has no method containsKey(Ljava/lang/Integer;)I (its containsKey methods with 1 parameter: (Ljava/lang/Integer;)Z, (Ljava/lang/Object;)Z, (Ljava/lang/Number;)Z)"
bad_descriptor type '"parameters": ["boolean"], "descriptor": "(Ljava/lang/Integer;)Z",' \
    "\"parameters\" gives parameter 1 as boolean, which cannot be passed as the descriptor's java.lang.Integer"
bad_descriptor arity '"parameters": ["java.lang.Integer", "int"], "descriptor": "(Ljava/lang/Integer;)Z",' \
    "(Ljava/lang/Integer;)Z takes 1 parameter but \"parameters\" lists 2"
cat >null.json <<'EOF'
{"class": "porcheck.testing.Overloads",
 "methods": [{"name": "put", "parameters": ["java.lang.Integer"], "descriptor": "(I)V", "void": true}]}
EOF
expect 2 check --jar "$jar" --spec null.json --client '{ put(1) }'
one_line_error "porcheck check: null.json: \$.methods[0].descriptor: \"parameters\" gives parameter 1 as java.lang.Integer, which may be null and so cannot be passed as the descriptor's int"

# ---- a method's "adt" maps it onto the ADT model
# intset_spec FILE CLASS ADD: writes a set spec of CLASS whose addInt maps onto ADD.
intset_spec() {
    cat >"$1" <<EOF
{
  "class": "porcheck.testing.$2",
  "adt": "set",
  "methods": [
    {"name": "addInt", "parameters": ["int"], "adt": "$3"},
    {"name": "removeInt", "parameters": ["int"], "adt": "remove"},
    {"name": "containsInt", "parameters": ["int"], "readonly": true, "adt": "contains"}
  ]
}
EOF
}
intset_spec intset.json IntSet add
expect 0 check --jar "$jar" --spec intset.json --oracle adt \
    --client '{ addInt(1) } || { addInt(1); removeInt(1) } || { containsInt(1) }'
grep -qx "expected outcomes (adt model): 6 .*" out.txt || fail "intset: $(grep expected out.txt)"
grep -qx "run sequentially, the implementation agrees with the adt model" out.txt ||
    fail "intset: no agreement line"
grep -qx "verdict: ok" out.txt || fail "intset: no ok verdict"
intset_spec buggy.json IntSetBuggy add
expect 1 check --jar "$jar" --spec buggy.json --oracle adt --client '{ addInt(1) } || { addInt(1) }' \
    --no-minimize
grep -qx "violation 1: unexpected outcome (true, true)   \[1 end state\]" out.txt ||
    fail "intset buggy: no violation (true, true)"
intset_spec frob.json IntSet frob
expect 2 check --jar "$jar" --spec frob.json --oracle adt --client '{ addInt(1) }'
one_line_error "porcheck check: frob.json: \$.methods[0].adt: the set model has no method 'frob' (it has add, remove, size, isEmpty, clear, contains)"
intset_spec size.json IntSet size
expect 2 check --jar "$jar" --spec size.json --client '{ addInt(1) }'
one_line_error "porcheck check: size.json: \$.methods[0].adt: the set model's size takes 0 parameters, addInt has 1"
grep -v '"adt": "set"' intset.json >nomodel.json
expect 2 outcomes --spec nomodel.json --oracle adt --client '{ addInt(1) }'
one_line_error "porcheck outcomes: nomodel.json: \$.methods[0].adt: maps 'addInt' onto the ADT model's 'add', but the spec names no \"adt\" model"
sed 's/, "adt": "add"//' intset.json >unmapped.json
expect 2 outcomes --spec unmapped.json --oracle adt --client '{ addInt(1) }'
one_line_error "porcheck outcomes: --client:1: unmapped.json: \$.methods[0]: the set model has no method addInt with 1 parameter (map the method onto one with \"adt\": \"NAME\")"

finish cli_bindings
