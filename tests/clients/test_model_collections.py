#!/usr/bin/env python3
"""The model library's java.util collections against the JDK's, under races.

usage: test_model_collections.py PORCHECK CLASSPATH SPEC [COUNT]

porcheck runs the model library's ArrayList, HashMap, HashSet, LinkedHashMap, LinkedHashSet,
Vector, Stack and Random ahead of the JDK's (vm/vm.c, jdk_first): a model that reads or writes in
another order than the JDK's code shows other behaviours when threads race on it, and may miss
one, so that check says ok where the JDK's class throws (or, for the thread-safe Random, a
violation where two threads drew one number). For each class of porcheck.testing.RacyCollections
(its methods share a prefix) this checks COUNT generated clients of two threads of one or two
calls and COUNT / 2 of three threads of one call (default 6; 3 with PORCHECK_TEST_QUICK=1; three
threads of two calls on a HashMap take dfs 70 M states) twice under s-por (which observes exactly
dfs's outcomes: test_random_structures.py), with the model's class and with the JDK's
($PORCHECK_JDK_FIRST names it), and requires the same expected and the same observed outcomes.
ArrayDeque and LinkedList come from the JDK ahead of the model (this test found their models'
differences: the JDK's ArrayDeque throws ConcurrentModificationException where the model's never
did); their prefixes check that $PORCHECK_JDK_FIRST changes nothing there. Prints one line per
difference and exits 1 if any."""
import json
import os
import subprocess
import sys

# prefix -> the classes $PORCHECK_JDK_FIRST takes from the JDK for it
FAMILIES = {
    "al": "java/util/ArrayList",
    "hm": "java/util/HashMap",
    "hs": "java/util/HashSet:java/util/HashMap",
    "lhm": "java/util/LinkedHashMap:java/util/HashMap",
    "ve": "java/util/Vector",
    "dq": "java/util/ArrayDeque",
    "ll": "java/util/LinkedList",
    "rn": "java/util/Random",
    "st": "java/util/Stack:java/util/Vector",
    "lhs": "java/util/LinkedHashSet:java/util/HashSet:java/util/LinkedHashMap:java/util/HashMap",
}


def outcomes(porcheck, classpath, spec, client, env):
    """Returns (expected, observed) outcome lists of one complete check, or an error text."""
    r = subprocess.run([porcheck, "check", "--jar", classpath, "--spec", spec, "--client", client,
                        "--algo", "s-por", "--no-minimize", "--timeout", "120", "--json", "-"],
                       capture_output=True, text=True, env={**os.environ, **env})
    if r.returncode not in (0, 1):
        return f"exit {r.returncode}: {r.stderr.strip()[-300:]}"
    c = json.loads(r.stdout)["clients"][0]
    if c["statistics"]["stop"] != "complete":
        return f"incomplete ({c['statistics']['stop']})"
    return tuple(sorted(json.dumps(o["values"]) for o in c[k]["outcomes"])
                 for k in ("expected", "observed"))


def main():
    porcheck, classpath, spec = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    if os.environ.get("PORCHECK_TEST_QUICK") == "1":
        count = max(1, count // 2)
    methods = [m["name"] for m in json.load(open(spec))["methods"]]
    failures = clients = 0
    for prefix, classes in FAMILIES.items():
        names = [m for m in methods if m.startswith(prefix) and m[len(prefix)].isupper()]
        generated = ""
        for threads, calls, n, seed in (("2", "1..2", count, "11"), ("3", "1", count // 2, "12")):
            generated += subprocess.run(
                [porcheck, "generate", "--spec", spec, "--methods", ",".join(names), "--threads",
                 threads, "--calls", calls, "--count", str(max(1, n)), "--seed", seed],
                capture_output=True, text=True, check=True).stdout
        for client in filter(None, generated.split("\n")):
            clients += 1
            model = outcomes(porcheck, classpath, spec, client, {"PORCHECK_JDK_FIRST": ""})
            jdk = outcomes(porcheck, classpath, spec, client, {"PORCHECK_JDK_FIRST": classes})
            if isinstance(model, str) or isinstance(jdk, str) or model != jdk:
                failures += 1
                only = lambda a, b: sorted(set(a[1]) - set(b[1]))[:3] if not (
                    isinstance(a, str) or isinstance(b, str)) else (a, b)
                print(f"{prefix}: {client}: model only {only(model, jdk)}, "
                      f"JDK only {only(jdk, model)}; command: PORCHECK_JDK_FIRST={classes} "
                      f"{porcheck} check --jar {classpath} --spec {spec} --client '{client}' "
                      f"--algo s-por")
    print(f"{clients} clients of {len(FAMILIES)} collections, {failures} difference(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
