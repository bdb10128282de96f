#!/usr/bin/env python3
"""Random small concurrent structures for the differential test of `porcheck check`.

usage: random_structures.py DIR FIRST COUNT

Writes DIR/rs/S<seed>.java and DIR/S<seed>.json (its spec) for seeds FIRST .. FIRST+COUNT-1.
Each structure has two or three methods over shared state of every kind a structure holds: plain,
volatile, static and atomic fields, nodes published before or after they are filled, a helper
object of another top-level class (rs.Cell<seed>: outside a visible set narrowed to the structure's
class), an array, an unsynchronised java.util.ArrayList, a monitor (synchronized blocks, wait with
and without a timeout under an `if`, notifyAll) and a ReentrantLock; seldom, a ConcurrentHashMap, a
ConcurrentLinkedQueue, an AtomicIntegerArray, a field updater, a VarHandle, a Semaphore's
tryAcquire, a ReentrantReadWriteLock, LockSupport's park (untimed under an if, or timed) and
unpark, and the monitor of an object locked before it is published (and of a published one); a
method may branch on what it read, loop twice, throw, or yield, and returns a number that encodes
what it read in order (or nothing). Methods take no argument, one int or two. The same seed
always gives the same structure."""
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
    pick = rng.random()
    if pick < 0.03:  # the JDK's list is hundreds of instructions a call: seldom
        kinds = ["list"]
    elif pick < 0.11:  # java.util.concurrent and java.lang.invoke, also long calls
        kinds = ["chm", "queue", "atomic_array", "updater", "handle", "handle_cas", "semaphore",
                 "park", "unpark", "mybox", "theirbox"]
        if depth < 2:
            kinds += ["rwlock"]
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
        "chm": (f"map.merge({k}, 1, Integer::sum);", f"r = r * 3 + map.getOrDefault({k}, 0);"),
        "queue": (f"queue.offer({k});",
                  "{ Integer e = queue.poll(); r = r * 3 + (e == null ? 0 : e + 1); }"),
        "atomic_array": (f"counts.getAndIncrement({i});", f"r = r * 3 + counts.get({i});"),
        "updater": ("r = r * 3 + U.getAndIncrement(this);", "r = r * 3 + U.get(this);"),
        "handle": (rng.choice([f"H.setRelease(this, {k});", "H.getAndAdd(this, 1);"]),
                   "r = r * 3 + (int) H.getAcquire(this);"),
        # publish a node filled before or after it is stored (NODE: its class), or read one
        "node": (rng.choice([f"{{ NODE t = new NODE(); t.v = {k}; head = t; }}",
                             f"{{ NODE t = new NODE(); head = t; t.v = {k}; }}"]),
                 "r = r * 3 + (head == null ? 0 : head.v + 1);"),
    }
    single = {
        "write": f"{f} = {rng.choice([str(k), 'x', 'y'])};",
        "read": f"r = r * 3 + {f};",
        "inc": f"{f}++;",
        "cas": f"if (n.compareAndSet({k}, {rng.randint(1, 2)})) r += 1;",
        "yield": "Thread.yield();",
        "throw": f"if ({f} == {k + 1}) throw new IllegalStateException();",
        "notify": "synchronized (L) { L.notifyAll(); }",
        "handle_cas": f"if (H.compareAndSet(this, {k}, {k + 1})) r += 1;",
        "wait": (f"synchronized (L) {{ if ({f} == 0) {{ try {{ L.wait({timeout}); }} "
                 "catch (InterruptedException e) { r += 7; } } }"),
        # a park under an if (untimed: it may return spuriously) or with a timeout, and the unpark
        # of the last thread that parked
        "park": (f"{{ waiter = Thread.currentThread(); if ({f} == 0) "
                 + ("LockSupport.park(); }" if timeout == "" else "LockSupport.parkNanos(5000); }")),
        "unpark": "{ Thread w = waiter; if (w != null) LockSupport.unpark(w); }",
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
    o = f"o{depth}"  # one name per depth: Java's blocks cannot redeclare it inside
    if kind == "mybox":  # a monitor taken before its object is shared, which is published inside
        return f"{{ Object {o} = new Object(); synchronized ({o}) {{ box = {o}; {body} }} }}"
    if kind == "theirbox":  # the monitor of a published one
        return f"{{ Object {o} = box; if ({o} != null) synchronized ({o}) {{ {body} }} }}"
    if kind == "rlock":
        return f"R.lock(); try {{ {body} }} finally {{ R.unlock(); }}"
    if kind == "semaphore":
        return f"if (P.tryAcquire()) {{ try {{ {body} }} finally {{ P.release(); }} }}"
    if kind == "rwlock":
        half = rng.choice(["readLock", "writeLock"])
        return f"RW.{half}().lock(); try {{ {body} }} finally {{ RW.{half}().unlock(); }}"
    if kind == "branch":
        return f"if ({f} == {k}) {{ {body} }} else {{ r += 1; }}"
    return f"for (int i = 0; i < 2; i++) {{ {body} }}"  # loop


# the fields of the seldom kinds, each declared only where a method uses it (by the text it is
# used with): a structure that does not use them starts as small as before
JDK_FIELDS = [
    ("map.", "    final ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();"),
    ("queue.", "    final ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();"),
    ("counts.", "    final AtomicIntegerArray counts = new AtomicIntegerArray(2);"),
    ("P.", "    final Semaphore P = new Semaphore(1);"),
    ("waiter", "    volatile Thread waiter;"),
    ("box", "    Object box;"),
    ("RW.", "    final ReentrantReadWriteLock RW = new ReentrantReadWriteLock();"),
    ("U.", """    volatile int u;
    static final AtomicIntegerFieldUpdater<NAME> U =
        AtomicIntegerFieldUpdater.newUpdater(NAME.class, "u");"""),
    ("H.", """    int h;
    static final VarHandle H;

    static {
        try {
            H = MethodHandles.lookup().findVarHandle(NAME.class, "h", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }"""),
]


def jdk_fields(name, methods):
    """Returns the declarations of the JDK_FIELDS that [methods] use, for class [name]."""
    used = [decl.replace("NAME", name) for mark, decl in JDK_FIELDS
            if any(f" {mark}" in m or f"({mark}" in m for m in methods)]
    return "\n".join(used)


def structure(seed):
    """Returns (Java source, spec) of structure [seed]."""
    rng = random.Random(seed)
    name = f"S{seed}"
    methods, spec = [], []
    for m in range(rng.randint(2, 3)):
        has_x = rng.random() < 0.4
        has_y = has_x and rng.random() < 0.3
        void = rng.random() < 0.25
        body = " ".join(stmt(rng, 0) for _ in range(rng.randint(1, 3)))
        body = body.replace("NODE", f"Node{seed}")
        params = "int x, int y" if has_y else "int x" if has_x else ""
        if not has_y:
            body = "int y = 2; " + body
        if not has_x:
            body = "int x = 1; " + body
        ret = "" if void else " return r;"
        methods.append(f"    public {'void' if void else 'int'} m{m}({params}) "
                       f"{{ int r = 0; {body}{ret} }}")
        entry = {"name": f"m{m}", "parameters": [{"type": "int"}] * (has_x + has_y)}
        if void:
            entry["void"] = True
        spec.append(entry)
    src = f"""package rs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

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
{jdk_fields(name, methods)}

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
