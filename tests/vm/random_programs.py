#!/usr/bin/env python3
"""Random small concurrent Java programs for the differential test of the searches.

usage: random_programs.py [--interrupts] DIR FIRST COUNT

Writes DIR/R<seed>.java (with --interrupts, DIR/RI<seed>.java) for seeds FIRST .. FIRST+COUNT-1. Each program starts two or three
threads over a few shared fields (plain, volatile, an AtomicInteger, an array), two monitors with
wait and notifyAll, a ReentrantLock with a condition (signalAll, timed await, lockInterruptibly),
yield, timed parks and unparks, with --interrupts interrupts of the threads and of main (seen by
the waits, sleeps, joins and reads of the flag, an InterruptedException recorded as "i"), joins of
the threads (before their start, of themselves, of each other) and reads of isAlive(), and a fresh
object notified before and after
it is published into a shared field that other threads wait on; main may run operations of its own, may join some threads (or none: then threads
outlive it and print their own observations), and prints what it read. Every
program ends or blocks: a wait is timed, or waits under an `if` for a notifyAll that may come
before it or never (a deadlock, which is an outcome like the others).
The same seed always gives the same program."""
import random
import sys

FIELDS = ["a", "b", "c"]


INTERRUPTS = ["interrupt", "interrupt", "interrupt", "interrupted", "sleep", "rlocki", "join", "alive",
              "interruptmain"]


def op(rng, depth, reads, interrupts):
    """Returns one statement of a thread body; [reads] counts the locals it declares; with
    [interrupts], the statements of INTERRUPTS too, and a wait's InterruptedException is seen."""
    kind = rng.choice(["write", "read", "read", "inc", "volatile", "cas", "sync", "sync",
                       "notify", "wait", "array", "rlock", "signal", "await", "park", "unpark",
                       "fresh", "boxwait"] + (INTERRUPTS if interrupts else [])
                      + (["yield"] if depth == 0 else []))
    caught = "seen.append('i'); " if interrupts else ""
    f = rng.choice(FIELDS)
    if kind == "write":
        return f"{f} = {rng.randint(1, 3)};"
    if kind == "read":
        reads[0] += 1
        return f"seen.append({f});"
    if kind == "inc":
        return f"{f}++;"
    if kind == "volatile":
        return f"v = {rng.randint(1, 3)};" if rng.random() < 0.5 else "seen.append(v);"
    if kind == "cas":
        return f"seen.append(n.compareAndSet({rng.randint(0, 1)}, {rng.randint(1, 2)}));"
    if kind == "yield":
        return "Thread.yield();"
    if kind == "array":
        i = rng.randint(0, 1)
        return f"arr[{i}] = {rng.randint(1, 3)};" if rng.random() < 0.5 else f"seen.append(arr[{i}]);"
    if kind == "park":
        return "LockSupport.parkNanos(1000);"
    if kind == "unpark":
        return f"LockSupport.unpark(T[{rng.randint(0, 2)}]);"
    if kind == "interrupt":
        return f"T[{rng.randint(0, 2)}].interrupt();"
    if kind == "interrupted":
        reads[0] += 1
        if rng.random() < 0.5:
            return "seen.append(Thread.interrupted());"
        return f"seen.append(T[{rng.randint(0, 2)}].isInterrupted());"
    if kind == "join":  # before the start, of itself (waits for an interrupt), of a live thread
        return (f"try {{ T[{rng.randint(0, 2)}].join(); }} "
                "catch (InterruptedException e) { seen.append('i'); }")
    if kind == "alive":
        reads[0] += 1
        return f"seen.append(T[{rng.randint(0, 2)}].isAlive());"
    if kind == "interruptmain":  # main's joins then end with InterruptedException
        return "M.interrupt();"
    if kind == "sleep":
        return "try { Thread.sleep(1); } catch (InterruptedException e) { seen.append('i'); }"
    if kind == "rlocki":
        if depth >= 1:
            return f"{f} = {rng.randint(1, 3)};"
        body = " ".join(op(rng, depth + 1, reads, interrupts) for _ in range(rng.randint(1, 2)))
        return (f"try {{ R.lockInterruptibly(); try {{ {body} }} finally {{ R.unlock(); }} }} "
                "catch (InterruptedException e) { seen.append('i'); }")
    if kind == "signal":
        return "R.lock(); try { C.signalAll(); } finally { R.unlock(); }"
    if kind == "await":
        return (f"R.lock(); try {{ if ({f} == 0) C.await(5, TimeUnit.MILLISECONDS); }} "
                f"catch (InterruptedException e) {{ {caught}}} finally {{ R.unlock(); }}")
    if kind == "rlock":
        if depth >= 1:
            return f"{f} = {rng.randint(1, 3)};"
        body = " ".join(op(rng, depth + 1, reads, interrupts) for _ in range(rng.randint(1, 2)))
        return f"R.lock(); try {{ {body} }} finally {{ R.unlock(); }}"
    if kind == "fresh":  # notifies unshared, then shared once published
        return ("{ Object o = new Object(); synchronized (o) { o.notifyAll(); } box = o; "
                "synchronized (o) { o.notifyAll(); } }")
    if kind == "boxwait":
        wait = "x.wait(5);" if rng.random() < 0.5 else f"if ({f} == 0) x.wait();"
        return (f"{{ Object x = box; if (x != null) synchronized (x) {{ try {{ {wait} }} "
                f"catch (InterruptedException e) {{ {caught}}} }} }}")
    lock = rng.choice(["L0", "L1"])
    if kind == "notify":
        return f"synchronized ({lock}) {{ {lock}.notifyAll(); }}"
    if kind == "wait":
        if rng.random() < 0.5:
            return (f"synchronized ({lock}) {{ try {{ {lock}.wait(5); }} "
                    f"catch (InterruptedException e) {{ {caught}}} }}")
        return (f"synchronized ({lock}) {{ if ({f} == 0) try {{ {lock}.wait(); }} "
                f"catch (InterruptedException e) {{ {caught}}} }}")
    if depth >= 1:
        return f"{f} = {rng.randint(1, 3)};"
    body = " ".join(op(rng, depth + 1, reads, interrupts) for _ in range(rng.randint(1, 2)))
    return f"synchronized ({lock}) {{ {body} }}"


def program(seed, interrupts=False):
    rng = random.Random(seed)
    name = f"RI{seed}" if interrupts else f"R{seed}"
    threads = rng.randint(2, 3)
    joined = [rng.random() < 0.6 for _ in range(threads)]
    lines = [
        f"// generated by random_programs.py, seed {seed}",
        "import java.util.concurrent.TimeUnit;",
        "import java.util.concurrent.atomic.AtomicInteger;",
        "import java.util.concurrent.locks.Condition;",
        "import java.util.concurrent.locks.LockSupport;",
        "import java.util.concurrent.locks.ReentrantLock;",
        "",
        f"public class {name} {{",
        "    static int a, b, c;",
        "    static volatile int v;",
        "    static final AtomicInteger n = new AtomicInteger();",
        "    static final Object L0 = new Object(), L1 = new Object();",
        "    static volatile Object box;",
        "    static final int[] arr = new int[2];",
        "    static final ReentrantLock R = new ReentrantLock();",
        "    static final Condition C = R.newCondition();",
        "    static final Thread[] T = new Thread[3];",
        "    static volatile Thread M;",
        "",
        "    public static void main(String[] args) throws InterruptedException {",
        "        StringBuilder seen = new StringBuilder();",
        "        M = Thread.currentThread();",
    ]
    for t in range(threads):
        reads = [0]
        body = " ".join(op(rng, 0, reads, interrupts) for _ in range(rng.randint(1, 3)))
        out = "" if joined[t] else f' System.out.println("t{t} " + mine);'
        lines.append(f"        Thread t{t} = new Thread(() -> {{ StringBuilder mine = new StringBuilder();"
                     f" {body.replace('seen.', 'mine.')}{out} }});")
    for t in range(threads):
        lines.append(f"        T[{t}] = t{t};")
    for t in range(threads):
        lines.append(f"        t{t}.start();")
    main_reads = [0]
    for _ in range(rng.randint(0, 2)):
        lines.append("        " + op(rng, 0, main_reads, interrupts))
    for t in range(threads):
        if joined[t]:
            lines.append(f"        t{t}.join();")
    lines.append('        System.out.println("main " + seen + " " + a + " " + b + " " + c + " " + v + " " + n'
                 ' + " " + arr[0] + arr[1]);')
    lines += ["    }", "}", ""]
    return name, "\n".join(lines)


def main():
    args = sys.argv[1:]
    interrupts = args[:1] == ["--interrupts"]
    out, first, count = args[interrupts], int(args[interrupts + 1]), int(args[interrupts + 2])
    for seed in range(first, first + count):
        name, text = program(seed, interrupts)
        with open(f"{out}/{name}.java", "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
