#!/usr/bin/env python3
"""Reads --json reports of porcheck check and prints one line per client:
VERDICT|EXPECTED|OBSERVED|UNEXPECTED|SCHEDULE, each outcome set sorted, each outcome as
compact JSON (so two reports compare with plain string equality); SCHEDULE is the first
violation's schedule, or '-'. With several files each line starts with FILE|. With --field F
prints only that field of every client."""
import json
import sys


def outcome_set(block):
    """Returns the sorted compact texts of the outcomes in [block] (counts left out)."""
    items = block["outcomes"] if isinstance(block, dict) else block
    values = [o["values"] if isinstance(o, dict) and "values" in o else o for o in items]
    return " ".join(sorted(json.dumps(v, separators=(",", ":")) for v in values))


def rows(path):
    """Yields the fields of every client of the report at [path] as a dict."""
    with open(path) as f:
        doc = json.load(f)
    for c in doc["clients"]:
        viols = c["violations"]
        yield {
            "verdict": c["verdict"],
            "expected": outcome_set(c["expected"]),
            "observed": outcome_set(c["observed"]),
            "unexpected": outcome_set(c["unexpected"]),
            "schedule": viols[0]["schedule"] if viols else "-",
            "minimised": c.get("minimised", "-"),
        }


def main():
    args = sys.argv[1:]
    field = None
    if args[:1] == ["--field"]:
        field, args = args[1], args[2:]
    for path in args:
        for row in rows(path):
            if field:
                line = row[field]
            else:
                line = "|".join(row[k] for k in ("verdict", "expected", "observed",
                                                  "unexpected", "schedule"))
            print(path + "|" + line if len(args) > 1 else line)


if __name__ == "__main__":
    main()
