#!/usr/bin/env python3
"""The behaviour fingerprint a refactor must leave unchanged.

Runs, with the release CLI, every example (errors/ included) under every point-to-point engine
and every lock scheme, every native workload on every profile under every engine, and the paper
checks (`reproduce 000 --json`, `reproduce 003 --json`), and prints one row per run: simulated
end time, events, records, trace hash, and digests of the console, the error text and the
Perfetto export. Compare two fingerprints with `diff`:

    scripts/fingerprint.py > /tmp/before.tsv   # on the old code
    scripts/fingerprint.py > /tmp/after.tsv    # on the new code
    diff /tmp/before.tsv /tmp/after.tsv && wc -l /tmp/after.tsv

Options: --quick skips the Perfetto digests and the paper checks.
"""

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.path.join(ROOT, "target", "release", "rankscope")
ENGINES = [
    "eager",
    "both-sides:buffered",
    "both-sides:get",
    "both-sides:sync",
    "receiver-only:buffered",
    "receiver-only:get",
    "receiver-only:sync",
]
LOCKS = ["mcs-rw", "fompi", "test-and-set", "li"]
PROFILES = ["emx", "fx100", "fx10", "folon", "ib-qdr", "ethernet-1g", "cluster"]
# (workload, ranks, bytes, iterations)
WORKLOADS = [
    ("bcast", 16, 64, 1),
    ("gather", 8, 4096, 1),
    ("pingpong", 2, 4, 5),
    ("ring", 6, 4096, 2),
    ("deadlock", 2, 8, 1),
    ("atomics", 4, 8, 3),
    ("lock-shared", 8, 8, 2),
    ("lock-exclusive", 8, 8, 2),
    ("lock-all-each", 4, 8, 2),
]


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run(args, trace):
    """One `rankscope run --json` row (with the Perfetto export's digest if `trace`)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.json")
        extra = ["--trace", path] if trace else []
        text_out = subprocess.run(
            [CLI, "run"] + args + extra, capture_output=True, text=True, cwd=ROOT
        )
        doc_out = subprocess.run(
            [CLI, "run", "--json"] + args, capture_output=True, text=True, cwd=ROOT
        )
        chrome = "-"
        if trace and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                chrome = digest(f.read())
    if not doc_out.stdout.strip():
        # Compile errors print no JSON: the rendered diagnostics are the fingerprint.
        return ["-", "-", "-", "-", "-", digest(doc_out.stderr), chrome]
    doc = json.loads(doc_out.stdout)
    console = "\n".join(f"{c['time_ps']} {c['rank']} {c['text']}" for c in doc["console"])
    # The text run's stderr carries the rendered runtime error (call stack and all).
    error = digest((doc["error"] or "") + "\n" + text_out.stderr)
    return [
        str(doc["end_time_ps"]),
        str(doc["events"]),
        str(doc["records"]),
        doc["trace_hash"],
        digest(console),
        error,
        chrome,
    ]


def examples():
    out = []
    for sub in ["", "errors"]:
        d = os.path.join(ROOT, "examples", sub)
        for name in sorted(os.listdir(d)):
            if not name.endswith(".c"):
                continue
            rel = os.path.join("examples", sub, name) if sub else os.path.join("examples", name)
            src = open(os.path.join(ROOT, rel), encoding="utf-8").read()
            m = re.search(r"rankscope run \S+ -n (\d+) -p (\S+)", src)
            out.append((rel, m.group(1), m.group(2)))
    return out


def main():
    quick = "--quick" in sys.argv
    rows = []
    for rel, n, p in examples():
        uses_locks = "MPI_Win_lock" in open(os.path.join(ROOT, rel), encoding="utf-8").read()
        for engine in ENGINES:
            for lock in LOCKS if uses_locks else LOCKS[:1]:
                args = [rel, "-n", n, "-p", p, "--engine", engine, "--lock", lock]
                trace = not quick and lock == "mcs-rw" and "halo_sweep" not in rel
                rows.append([rel, engine, lock] + run(args, trace))
    for w, n, b, it in WORKLOADS:
        for p in PROFILES:
            for engine in ENGINES:
                args = ["-w", w, "-n", str(n), "-p", p, "--bytes", str(b),
                        "--iterations", str(it), "--engine", engine]
                rows.append([f"{w}@{p}", engine, "-"] + run(args, not quick))
    if not quick:
        for paper in ["000", "003"]:
            r = subprocess.run([CLI, "reproduce", paper, "--json"], capture_output=True,
                               text=True, cwd=ROOT)
            doc = json.loads(r.stdout)
            rows.append([f"reproduce {paper}", "-", "-", digest(json.dumps(doc, sort_keys=True))])
    for row in rows:
        print("\t".join(row))


if __name__ == "__main__":
    main()
