#!/usr/bin/env python3
"""Random small concurrent structures for the differential test of `porcheck check`.

usage: random_structures.py DIR FIRST COUNT

Writes DIR/rs/S<seed>.java and DIR/S<seed>.json (its spec) for seeds FIRST .. FIRST+COUNT-1.
Each structure has two or three methods over shared state of every kind a structure holds:
plain, volatile, static and atomic fields, nodes published before or after they are filled, a
helper object of another top-level class (rs.Cell<seed>: outside a visible set narrowed to the
structure's class), an array, an unsynchronised java.util.ArrayList, a monitor (synchronized
blocks, wait with and without a timeout under an `if`, notifyAll) and a ReentrantLock; a method
may branch on what it read, loop twice, throw, or yield, and returns a number that encodes what
it read in order (or nothing). Methods take no argument or one int. The same seed always gives
the same structure."""
import json
import os
import random
import sys

FIELDS = ["a", "b"]


def stmt(rng, depth):
    """Returns one statement of a method body (reads fold into the local r)."""
    kinds = ["write", "read", "read", "inc", "volatile", "atomic", "cas", "cell", "cell", "array",
             "sync", "sync", "rlock", "notify", "wait", "branch", "throw", "static", "node"]
    if depth == 0:
        kinds += ["loop", "yield"]
    if rng.random() < 0.03:  # the JDK's list is hundreds of instructions a call: seldom
        kinds = ["list"]
    kind = rng.choice(kinds)
    f = rng.choice(FIELDS)
    k = rng.randint(0, 2)
    i, timeout = rng.randint(0, 1), rng.choice(["5", "5", ""])
    pairs = {  # kind: (a write, a read), one of them at random
        "volatile": (f"v = {k};", "r = r * 3 + v;"),
        "atomic": ("r = r * 3 + n.getAndIncrement();", "r = r * 3 + n.get();"),
        "cell": ("cell.x++;", "r = r * 3 + cell.x;"),
        "array": (f"arr[{i}] = {k};", f"r = r * 3 + arr[{i}];"),
        "static": (f"s = {k};", "r = r * 3 + s;"),
        "list": (f"list.add({k});", "r = r * 3 + list.size();"),
        # publish a node filled before or after it is stored (NODE: its class), or read one
        "node": (rng.choice([f"{{ NODE t = new NODE(); t.v = {k}; head = t; }}",
                             f"{{ NODE t = new NODE(); head = t; t.v = {k}; }}"]),
                 "r = r * 3 + (head == null ? 0 : head.v + 1);"),
    }
    single = {
        "write": f"{f} = {rng.choice([str(k), 'x'])};",
        "read": f"r = r * 3 + {f};",
        "inc": f"{f}++;",
        "cas": f"if (n.compareAndSet({k}, {rng.randint(1, 2)})) r += 1;",
        "yield": "Thread.yield();",
        "throw": f"if ({f} == {k + 1}) throw new IllegalStateException();",
        "notify": "synchronized (L) { L.notifyAll(); }",
        "wait": (f"synchronized (L) {{ if ({f} == 0) {{ try {{ L.wait({timeout}); }} "
                 "catch (InterruptedException e) { r += 7; } } }"),
    }
    if kind in pairs:
        return rng.choice(pairs[kind])
    if kind in single:
        return single[kind]
    if depth >= 2:
        return f"{f} = {k};"
    body = " ".join(stmt(rng, depth + 1) for _ in range(rng.randint(1, 2)))
    if kind == "sync":
        return f"synchronized (L) {{ {body} }}"
    if kind == "rlock":
        return f"R.lock(); try {{ {body} }} finally {{ R.unlock(); }}"
    if kind == "branch":
        return f"if ({f} == {k}) {{ {body} }} else {{ r += 1; }}"
    return f"for (int i = 0; i < 2; i++) {{ {body} }}"  # loop


def structure(seed):
    """Returns (Java source, spec) of structure [seed]."""
    rng = random.Random(seed)
    name = f"S{seed}"
    methods, spec = [], []
    for m in range(rng.randint(2, 3)):
        has_x = rng.random() < 0.4
        void = rng.random() < 0.25
        body = " ".join(stmt(rng, 0) for _ in range(rng.randint(1, 3)))
        body = body.replace("NODE", f"Node{seed}")
        params = "int x" if has_x else ""
        if not has_x:
            body = "int x = 1; " + body
        ret = "" if void else " return r;"
        methods.append(f"    public {'void' if void else 'int'} m{m}({params}) "
                       f"{{ int r = 0; {body}{ret} }}")
        entry = {"name": f"m{m}", "parameters": [{"type": "int"}] if has_x else []}
        if void:
            entry["void"] = True
        spec.append(entry)
    src = f"""package rs;

import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

final class Cell{seed} {{
    int x;
}}

final class Node{seed} {{
    int v;
}}

public class {name} {{
    static int s;
    int a, b;
    volatile int v;
    Node{seed} head;
    final AtomicInteger n = new AtomicInteger();
    final Object L = new Object();
    final ReentrantLock R = new ReentrantLock();
    final Cell{seed} cell = new Cell{seed}();
    final int[] arr = new int[2];
    final ArrayList<Integer> list = new ArrayList<>();

{chr(10).join(methods)}
}}
"""
    return src, {"class": f"rs.{name}", "methods": spec}


def main():
    out, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.makedirs(os.path.join(out, "rs"), exist_ok=True)
    for seed in range(first, first + count):
        src, spec = structure(seed)
        with open(os.path.join(out, "rs", f"S{seed}.java"), "w") as f:
            f.write(src)
        with open(os.path.join(out, f"S{seed}.json"), "w") as f:
            json.dump(spec, f)


if __name__ == "__main__":
    main()
