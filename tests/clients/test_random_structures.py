#!/usr/bin/env python3
"""The differential test of `porcheck check` on random structures (random_structures.py).

usage: test_random_structures.py PORCHECK JAVAC WORK_DIR FIRST COUNT [ALGO...]

Compiles structures FIRST .. FIRST+COUNT-1 with JAVAC into one jar and checks two random clients of
each (`porcheck generate`: 2 or 3 threads of 1 or 2 calls; the second one's first or last of three
threads made a prefix or a suffix that runs alone) with `dfs` under the jpf classifier, the
reference: every linearizable outcome must be observed (each is a sequential run of the client, an
interleaving too), and every other search (or the ALGOs given) under both classifiers must observe
exactly its outcomes (values, blocked invocations, exceptions) and find the same kinds of
violations. So must a safe visible set narrowed to the structure's own class (its races on the
helper object, the atomic, the lock's internals and the JDK's list widen it), and in turn
`--heap-symmetry`, `--workers 2` and a portfolio (whose verdict is its winner's search), and where
a structure uses a lock, the JDK's classes for them (`--jdk-locks`, `--explore-jdk-locks`); a
search in turn with `--first-error` finds a violation exactly when dfs does. Prints one line per disagreement with the command that shows it, and exits 1
if there is any. A search out of time (30 s: a stateless DPOR unrolls every loop, DE re-traverses)
is named on a line of its own and counted, not compared, and so is a client that dfs does not
finish in 10 s.
PORCHECK_TEST_QUICK=1 (the sanitizer build) checks the second half of the structures, each
client under one other search in turn and the variants."""
import json
import os
import shutil
import subprocess
import sys

REFERENCE_TIMEOUT = 10  # seconds for dfs; a client it cannot finish is not compared
ALGOS = ["jpf", "s-por", "de-s-por", "dl-s-por", "de-jpf", "dl-jpf", "dpor", "source-dpor",
         "optimal-dpor", "o-dpor", "cartesian"]
# the visible set narrowed to the structure's class, on every client under a search in turn
NARROWED = (["--classifier", "safe", "--visible", "{cls}"], ["dfs", "s-por", "dl-s-por"])
# (options, searches) checked in turn, one per client: each against the reference
VARIANTS = [(["--heap-symmetry"], ["dfs", "s-por", "dl-s-por", "de-s-por"]),
            (["--workers", "2"], ["dfs", "jpf", "s-por"]),
            (["--jobs", "2"], ["portfolio", "portfolio:de-s-por,s-por,dl-s-por@random:1"])]
# on every client of a structure with a ReentrantLock or a read-write lock: the JDK's classes for
# them instead of the model's, each call one step or explored, in turn
JDK_LOCKS = ([["--jdk-locks"]] * 3 + [["--explore-jdk-locks"]], ["dfs", "s-por", "dl-s-por"])
LOCK_USES = ("R.lock()", "RW.")


def run_check(porcheck, jar, spec, client, options, timeout=30):
    """Runs one check; returns its process result and the command as a shell would take it."""
    cmd = [porcheck, "check", "--jar", jar, "--spec", spec, "--client", client, "--no-minimize",
           "--timeout", str(timeout)] + options
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r, " ".join(c if " " not in c else f"'{c}'" for c in cmd)


def summary(porcheck, jar, spec, client, options, timeout=30):
    """Returns (observed outcomes, violation kinds, unobserved) of one check, or an error."""
    r, shown = run_check(porcheck, jar, spec, client, options + ["--json", "-"], timeout)
    if r.returncode == 3:
        return "incomplete", shown
    if r.returncode not in (0, 1):
        return f"exit {r.returncode}: {r.stderr.strip()[:300]}", shown
    c = json.loads(r.stdout)["clients"][0]
    if not c.get("complete", True):
        return "incomplete", shown
    outs = sorted(json.dumps(o["values"]) for o in c["observed"]["outcomes"])
    kinds = sorted({v.get("kind", "?") for v in c["violations"]})
    return (outs, kinds, c.get("unobserved") or []), shown


def verdict_status(porcheck, jar, spec, client, options):
    """Returns the exit status of one check (1: a violation, 0: ok, 3: out of time)."""
    r, shown = run_check(porcheck, jar, spec, client, options)
    return r.returncode, shown


def with_prefix_or_suffix(client, seed):
    """Returns [client] with its first thread run before the others (a prefix) or its last after
    them (a suffix), by [seed]'s parity, when it has three threads; else [client]."""
    threads = client.split(" || ")
    if len(threads) != 3:
        return client
    if seed % 2:
        return f"{threads[0]} ; {threads[1]} || {threads[2]}"
    return f"{threads[0]} || {threads[1]} ; {threads[2]}"


def clients(porcheck, spec, seed):
    """Two random clients of [spec]; the second with a prefix or suffix when it can have one."""
    r = subprocess.run([porcheck, "generate", "--spec", spec, "--threads", "2..3", "--calls",
                        "1..2", "--count", "2", "--seed", str(seed)],
                       capture_output=True, text=True, check=True)
    first, second = r.stdout.split("\n")[:2]
    return [first, with_prefix_or_suffix(second, seed)]


def compile_all(javac, work, names):
    """Compiles rs/<name>.java into WORK/rs.jar."""
    classes = os.path.join(work, "classes")
    subprocess.run([javac, "-nowarn", "-d", classes]
                   + [os.path.join(work, "rs", f"{n}.java") for n in names], check=True)
    jar = os.path.join(os.path.dirname(os.path.realpath(shutil.which(javac))), "jar")
    subprocess.run([jar, "cf", os.path.join(work, "rs.jar"), "-C", classes, "rs"], check=True)
    return os.path.join(work, "rs.jar")


def runs_for(name, source, turn, algos, quick):
    """The options of the checks of client [turn] of structure [name] (Java [source]) that must
    agree with dfs: every search in [algos] under both classifiers (one in turn when [quick]),
    the narrowed visible set, a variant and, where [source] uses a lock, the JDK's locks."""
    runs = [(["--classifier", c, "--algo", a]) for a in algos for c in ("jpf", "safe")]
    if quick:
        runs = [runs[turn % len(runs)]]
    for options, searches in (NARROWED, VARIANTS[turn % len(VARIANTS)]):
        runs.append([o.replace("{cls}", f"rs.{name}") for o in options]
                    + ["--algo", searches[turn // len(VARIANTS) % len(searches)]])
    if any(use in source for use in LOCK_USES):
        options, searches = JDK_LOCKS
        runs.append(options[turn % len(options)] + ["--algo", searches[turn % len(searches)]])
    return runs


def main():
    porcheck, javac, work = sys.argv[1], sys.argv[2], sys.argv[3]
    first, count = int(sys.argv[4]), int(sys.argv[5])
    algos = sys.argv[6:] or ALGOS
    quick = os.environ.get("PORCHECK_TEST_QUICK") == "1"
    if quick:  # the second half
        first, count = first + count // 2, count - count // 2
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(work, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(here, "random_structures.py"), work, str(first),
                    str(count)], check=True)
    names = [f"S{s}" for s in range(first, first + count)]
    jar = compile_all(javac, work, names)
    failures, turn, skipped = 0, 0, 0
    for name in names:
        spec = os.path.join(work, f"{name}.json")
        with open(os.path.join(work, "rs", f"{name}.java")) as f:
            source = f.read()
        for client in clients(porcheck, spec, int(name[1:])):
            turn += 1
            ref, cmd = summary(porcheck, jar, spec, client, ["--algo", "dfs", "--classifier", "jpf"],
                               REFERENCE_TIMEOUT)
            if ref == "incomplete":  # too big a client: the others would take 30 s each
                print(f"not compared (dfs out of time): {cmd}")
                skipped += 1
                continue
            if isinstance(ref, str) or ref[2]:
                why = ref if isinstance(ref, str) else f"linearizable outcomes unobserved: {ref[2]}"
                print(f"{name} {client}: dfs: {why}\n  {cmd}")
                failures += 1
                continue
            for run in runs_for(name, source, turn, algos, quick):
                got, cmd = summary(porcheck, jar, spec, client, run)
                if got == "incomplete":  # out of time: stateless DPOR, DE's re-traversals
                    print(f"not compared (out of time): {cmd}")
                    skipped += 1
                    continue
                if isinstance(got, str) or got[:2] != ref[:2]:
                    print(f"{name} {client} {' '.join(run)}: {got} where dfs has {ref[:2]}\n"
                          f"  {cmd}")
                    failures += 1
            first_error = ["--first-error", "--algo", (["dfs"] + algos)[turn % (len(algos) + 1)]]
            status, cmd = verdict_status(porcheck, jar, spec, client, first_error)
            if status == 3:
                print(f"not compared (out of time): {cmd}")
                skipped += 1
            elif status != (1 if ref[1] else 0):
                print(f"{name} {client} {' '.join(first_error)}: exit {status} where dfs has "
                      f"{ref[:2]}\n  {cmd}")
                failures += 1
    print(f"{len(names)} structures, {turn} clients, {failures} disagreement(s), {skipped} "
          "search(es) not compared (out of time)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
