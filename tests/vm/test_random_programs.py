#!/usr/bin/env python3
"""The differential test of the searches on random Java programs (random_programs.py).

usage: test_random_programs.py [--interrupts] PORCHECK JAVAC WORK_DIR FIRST COUNT [ALGO...]

Compiles programs FIRST .. FIRST+COUNT-1 with JAVAC and runs `porcheck run --all` on each under
both classifiers: every search (or the ALGOs given) must find exactly dfs's outcomes (the set of
standard outputs of the end states) and the same kinds of violations (deadlock, livelock,
uncaught exception); so must, in turn, dfs, s-por or dl-s-por with the visible set narrowed to
the program's class (`--visible R<seed>`). With --interrupts the programs interrupt their threads
too (random_programs.py --interrupts). Prints one line per disagreement with the command
that shows it, and exits 1 if there is any. PORCHECK_TEST_QUICK=1 (the sanitizer build) runs the
first half of the programs, each under dfs and one other search in turn."""
import json
import os
import subprocess
import sys

# the searches that run, in turn, with the visible set narrowed to the program's class: the race
# check must widen it wherever the program's threads share what it leaves out (the atomic)
NARROWED = ["dfs", "s-por", "dl-s-por"]
ALGOS = ["jpf", "s-por", "de-s-por", "dl-s-por", "de-jpf", "dl-jpf", "dpor", "source-dpor",
         "optimal-dpor", "o-dpor", "cartesian"]


def summary(porcheck, work, name, classifier, algo, options=()):
    """Returns (outcomes, violation kinds) of one run, or an error string."""
    cmd = [porcheck, "run", "-cp", work, "--classifier", classifier, "--algo", algo, "--all",
           "--timeout", "60", "--json", "-", *options, name]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        return f"exit {r.returncode}: {r.stderr.strip()[:300]}", cmd
    doc = json.loads(r.stdout)
    if doc.get("stop") not in (None, "complete"):
        return f"incomplete ({doc.get('stop')})", cmd
    outs = sorted(o["output"] for o in doc["outcomes"])
    kinds = sorted({v.get("kind", str(v)[:40]) for v in doc["violations"]})
    return (outs, kinds), cmd


def main():
    args = sys.argv[1:]
    interrupts = args[:1] == ["--interrupts"]
    args = args[interrupts:]
    porcheck, javac, work = args[0], args[1], args[2]
    first, count = int(args[3]), int(args[4])
    algos = args[5:] or ALGOS
    quick = os.environ.get("PORCHECK_TEST_QUICK") == "1"
    if quick:
        count = max(1, count // 2)
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(work, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(here, "random_programs.py")]
                   + (["--interrupts"] if interrupts else []) + [work, str(first), str(count)],
                   check=True)
    prefix = "RI" if interrupts else "R"
    names = [f"{prefix}{s}" for s in range(first, first + count)]
    subprocess.run([javac, "-nowarn", "-d", work] + [f"{work}/{n}.java" for n in names],
                   check=True)
    failures = 0
    for i, name in enumerate(names):
        for k, classifier in enumerate(["jpf", "safe"]):
            ref, _ = summary(porcheck, work, name, classifier, "dfs")
            if isinstance(ref, str):
                print(f"{name} {classifier} dfs: {ref}")
                failures += 1
                continue
            turn = [algos[(i * 2 + k) % len(algos)]] if quick else algos
            for algo in turn:
                got, cmd = summary(porcheck, work, name, classifier, algo)
                if got != ref:
                    print(f"{name} {classifier} {algo}: {got} where dfs has {ref}\n  {' '.join(cmd)}")
                    failures += 1
            if classifier == "safe":  # the visible set narrowed to the program's class
                algo = NARROWED[i % len(NARROWED)]
                got, cmd = summary(porcheck, work, name, "safe", algo, ["--visible", name])
                if got != ref:
                    print(f"{name} narrowed {algo}: {got} where dfs has {ref}\n  {' '.join(cmd)}")
                    failures += 1
    print(f"{len(names)} programs, {failures} disagreement(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
