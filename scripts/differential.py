#!/usr/bin/env python3
"""The differential test: every program in tests/corpus/ runs under a real MPI (Debian's MPICH:
mpicc + mpirun) and under Rankscope (the release CLI), and their outputs must agree.

A corpus program says how many ranks it runs on in its first comment (`Ranks: N`). Its output must
not depend on timing (no wall-clock times, no arrival-order numbering), so the two outputs are
compared as sorted lists of lines (MPI interleaves ranks' lines in any order); each rank's standard
error is compared too, its lines marked `stderr: `. A program that
MPICH rejects or that fails there is a broken corpus entry, reported as such.

Usage: scripts/differential.py [--rankscope PATH] [FILE.c ...]   (default: the whole corpus)
Exit status 0 when every program agrees; 1 otherwise, with a unified diff per disagreement.
"""

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "tests", "corpus")
PROFILE = "ib-qdr"
TIMEOUT = 60


def ranks_of(path):
    with open(path, encoding="utf-8") as f:
        m = re.search(r"Ranks:\s*(\d+)", f.read())
    if not m:
        raise SystemExit(f"{path}: no 'Ranks: N' in its first comment")
    return int(m.group(1))


def under_mpich(path, ranks, tmp):
    exe = os.path.join(tmp, os.path.basename(path)[:-2])
    cc = subprocess.run(["mpicc", "-O1", "-o", exe, path, "-lm"], capture_output=True, text=True)
    if cc.returncode != 0:
        return None, f"mpicc rejected it:\n{cc.stderr}"
    # Each rank's stdout goes to its own file: through one pipe, mpirun may splice a chunk of
    # one rank's line into another's, which would make the comparison flaky.
    outs = os.path.join(tmp, os.path.basename(path)[:-2] + ".out")
    os.makedirs(outs, exist_ok=True)
    run = subprocess.run(
        ["mpirun", "-np", str(ranks), "-outfile-pattern", os.path.join(outs, "rank.%r"),
         "-errfile-pattern", os.path.join(outs, "err.%r"), exe],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    if run.returncode != 0:
        return None, f"mpirun failed ({run.returncode}):\n{run.stderr}"
    lines = run.stdout.splitlines()
    for name in sorted(os.listdir(outs)):
        # Standard error is compared too, marked as such (Rankscope marks a rank's error stream).
        mark = "stderr: " if name.startswith("err.") else ""
        with open(os.path.join(outs, name), encoding="utf-8", errors="replace") as f:
            lines.extend(mark + line for line in f.read().splitlines())
    return lines, None


def under_rankscope(cli, path, ranks):
    run = subprocess.run(
        [cli, "run", "--json", path, "-n", str(ranks), "-p", PROFILE],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    if not run.stdout.strip():
        return None, f"rankscope did not run it:\n{run.stderr}"
    doc = json.loads(run.stdout)
    if doc["error"]:
        return None, f"rankscope stopped with an error:\n{doc['error']}"
    return [
        ("stderr: " if line.get("stream") == "stderr" else "") + line["text"]
        for line in doc["console"]
    ], None


def main():
    args = sys.argv[1:]
    cli = os.path.join(ROOT, "target", "release", "rankscope")
    if args[:1] == ["--rankscope"]:
        cli, args = args[1], args[2:]
    for tool in ["mpicc", "mpirun"]:
        if not shutil.which(tool):
            raise SystemExit(f"{tool} not found: install Debian's mpich (scripts/setup.sh does)")
    files = args or sorted(
        os.path.join(CORPUS, f) for f in os.listdir(CORPUS) if f.endswith(".c")
    )
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            name = os.path.relpath(path, ROOT)
            ranks = ranks_of(path)
            expected, why = under_mpich(path, ranks, tmp)
            if why:
                print(f"BROKEN  {name}: {why}")
                failures += 1
                continue
            got, why = under_rankscope(cli, path, ranks)
            if why:
                print(f"DIFFERS {name} (-n {ranks}): {why}")
                failures += 1
                continue
            if sorted(expected) == sorted(got):
                print(f"same    {name} (-n {ranks}, {len(got)} lines)")
                continue
            failures += 1
            print(f"DIFFERS {name} (-n {ranks}): sorted lines, MPICH (-) vs Rankscope (+)")
            for line in difflib.unified_diff(
                sorted(expected), sorted(got), "mpich", "rankscope", lineterm="", n=1
            ):
                print("    " + line)
    print(f"{len(files) - failures} of {len(files)} corpus programs agree with MPICH")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
