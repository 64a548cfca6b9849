#!/usr/bin/env python3
"""The differential test: every program in tests/corpus/ runs under a real MPI (Debian's MPICH:
mpicc + mpirun) and under Rankscope (the release CLI), and their outputs must agree.

A corpus program is a file `NAME.c`, or a directory `NAME/` holding a program of several files:
its `.c` files (compiled together), headers, and data files (any other file). Under MPICH such a
program runs in a copy of its directory (so `fopen` finds its data files there); under Rankscope
every file of the directory is given to `rankscope run`, and the files it writes are saved with
`--out`. The files the program writes must agree too: each file a rank wrote under Rankscope must
hold what MPICH's run left under that name (so a corpus program writes each name from one rank).

A corpus program says how many ranks it runs on in its first comment (`Ranks: N`; of a
directory's, its `main.c`). Its output must
not depend on timing (no wall-clock times, no arrival-order numbering), so the two outputs are
compared as sorted lists of lines (MPI interleaves ranks' lines in any order); each rank's standard
error is compared too, its lines marked `stderr: `. A program that
MPICH rejects or that fails there is a broken corpus entry, reported as such.

Usage: scripts/differential.py [--rankscope PATH] [FILE.c | DIR ...]   (default: the whole corpus)
       scripts/differential.py [--rankscope PATH] --random N [--seed S] [--shrink]
The second form runs N random programs from scripts/random_mpi.py (seeds S, S+1, …; S is 1 unless
given) the same way; a program that disagrees is kept under target/random-diff/, and `--shrink`
cuts it down (removing the steps and actions that the disagreement does not need) to
target/random-diff/seedS-small.c. Regenerate one program with `scripts/random_mpi.py S`.
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


def files_of(path):
    """The files of a corpus program: itself, or every file of its directory (sorted)."""
    if os.path.isdir(path):
        return sorted(os.path.join(path, f) for f in os.listdir(path))
    return [path]


def ranks_of(path):
    if os.path.isdir(path):
        path = os.path.join(path, "main.c")
    with open(path, encoding="utf-8") as f:
        m = re.search(r"Ranks:\s*(\d+)", f.read())
    if not m:
        raise SystemExit(f"{path}: no 'Ranks: N' in its first comment")
    return int(m.group(1))


def stem(path):
    base = os.path.basename(path.rstrip("/"))
    return base[:-2] if base.endswith(".c") else base


def under_mpich(path, ranks, tmp):
    exe = os.path.join(tmp, stem(path))
    # A program of several files runs in a copy of its directory, where its data files are.
    cwd = os.path.join(tmp, stem(path) + ".dir")
    if os.path.isdir(path):
        shutil.copytree(path, cwd)
    else:
        os.makedirs(cwd)
    sources = [f for f in files_of(path) if f.endswith(".c")]
    # The program's directory is on the include path (`#include <its_header.h>` finds its own
    # header, as Rankscope does and as MPICH's test suite builds with -I).
    include = ["-I", path] if os.path.isdir(path) else []
    cc = subprocess.run(
        ["mpicc", "-O1", *include, "-o", exe, *sources, "-lm"], capture_output=True, text=True
    )
    if cc.returncode != 0:
        return None, f"mpicc rejected it:\n{cc.stderr}"
    # Each rank's stdout goes to its own file: through one pipe, mpirun may splice a chunk of
    # one rank's line into another's, which would make the comparison flaky.
    outs = os.path.join(tmp, stem(path) + ".out")
    os.makedirs(outs, exist_ok=True)
    run = subprocess.run(
        ["mpirun", "-np", str(ranks), "-outfile-pattern", os.path.join(outs, "rank.%r"),
         "-errfile-pattern", os.path.join(outs, "err.%r"), exe],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        cwd=cwd,
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


def written_differences(path, tmp):
    """The files Rankscope's ranks wrote that differ from what MPICH's run left."""
    wrote = os.path.join(tmp, stem(path) + ".wrote")
    if not os.path.isdir(wrote):
        return []
    problems = []
    for rank in sorted(os.listdir(wrote)):
        for name in sorted(os.listdir(os.path.join(wrote, rank))):
            with open(os.path.join(wrote, rank, name), "rb") as f:
                got = f.read()
            theirs = os.path.join(tmp, stem(path) + ".dir", name)
            if not os.path.exists(theirs):
                problems.append(f"{rank} wrote {name}, which MPICH's run did not")
                continue
            with open(theirs, "rb") as f:
                expected = f.read()
            if got != expected:
                problems.append(f"{rank}'s {name} differs: MPICH {expected!r}, Rankscope {got!r}")
    return problems


def under_rankscope(cli, path, ranks, tmp):
    files = files_of(path)
    out = ["--out", os.path.join(tmp, stem(path) + ".wrote")] if os.path.isdir(path) else []
    run = subprocess.run(
        [cli, "run", "--json", *files, *out, "-n", str(ranks), "-p", PROFILE],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    if not run.stdout.strip():
        return None, f"rankscope did not run it:\n{run.stderr}"
    doc = json.loads(run.stdout)
    if doc["error"]:
        return None, f"rankscope stopped with an error:\n{doc['error']}"
    # Rankscope's diagnostics (a leak, a request never completed) are not program output.
    return [
        ("stderr: " if line.get("stream") == "stderr" else "") + line["text"]
        for line in doc["console"]
        if line.get("stream") != "diagnostic"
    ], None


def compare(cli, path, ranks, tmp):
    """("same", lines), ("broken", why) when MPICH fails, or ("differs", lines of explanation)."""
    expected, why = under_mpich(path, ranks, tmp)
    if why:
        return "broken", why
    got, why = under_rankscope(cli, path, ranks, tmp)
    if why:
        return "differs", [why]
    written = written_differences(path, tmp)
    if written:
        return "differs", ["the files it wrote"] + written
    if sorted(expected) == sorted(got):
        return "same", got
    diff = difflib.unified_diff(sorted(expected), sorted(got), "mpich", "rankscope", lineterm="", n=1)
    return "differs", ["sorted lines, MPICH (-) vs Rankscope (+)"] + list(diff)


def random_programs(cli, args):
    """`--random N [--seed S] [--shrink]`: N generated programs (seeds S, S+1, …) under both."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import random_mpi

    count = int(args[args.index("--random") + 1])
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    shrink = "--shrink" in args
    keep_dir = os.path.join(ROOT, "target", "random-diff")
    disagree, broken = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for s in range(seed, seed + count):
            ranks, steps = random_mpi.generate(s)
            path = os.path.join(tmp, f"seed{s}.c")
            with open(path, "w", encoding="utf-8") as f:
                f.write(random_mpi.render(s, ranks, steps))
            try:
                status, detail = compare(cli, path, ranks, tmp)
            except subprocess.TimeoutExpired as e:
                status, detail = "differs", [f"timed out: {' '.join(map(str, e.cmd[:2]))}"]
            if status == "same":
                print(f"same    seed {s} (-n {ranks}, {len(detail)} lines)", flush=True)
                continue
            os.makedirs(keep_dir, exist_ok=True)
            kept = os.path.join(keep_dir, f"seed{s}.c")
            shutil.copy(path, kept)
            if status == "broken":
                broken.append(s)
                print(f"BROKEN  seed {s}: MPICH refused the generated program ({kept}): {detail}")
                continue
            disagree.append(s)
            print(f"DIFFERS seed {s} (-n {ranks}), kept as {os.path.relpath(kept, ROOT)}:")
            for line in detail[:40]:
                print("    " + line)
            if shrink:
                small = shrink_seed(cli, s, ranks, steps, tmp)
                print(f"    shrunk to {os.path.relpath(small, ROOT)}")
    print(f"{count - len(disagree) - len(broken)} of {count} random programs (seeds {seed}..{seed + count - 1}) "
          f"agree with MPICH" + (f"; differ: {disagree}" if disagree else "")
          + (f"; broken generator output: {broken}" if broken else ""))
    return 1 if disagree or broken else 0


def shrink_seed(cli, seed, ranks, steps, tmp):
    """Removes steps, then actions, while the program still disagrees (and MPICH still runs it)."""
    import random_mpi

    keep = random_mpi.all_parts(steps)

    def still_differs(candidate):
        with tempfile.TemporaryDirectory(dir=tmp) as sub:
            path = os.path.join(sub, f"seed{seed}.c")
            with open(path, "w", encoding="utf-8") as f:
                f.write(random_mpi.render(seed, ranks, steps, candidate))
            try:
                status, _ = compare(cli, path, ranks, sub)
            except subprocess.TimeoutExpired:
                return False
            return status == "differs"

    for s in range(len(steps)):
        candidate = {k for k in keep if k != s and not (isinstance(k, tuple) and k[0] == s)}
        if s in keep and still_differs(candidate):
            keep = candidate
    for s in range(len(steps)):
        for a in range(len(steps[s].actions)):
            if (s, a) in keep and still_differs(keep - {(s, a)}):
                keep = keep - {(s, a)}
    small = os.path.join(ROOT, "target", "random-diff", f"seed{seed}-small.c")
    with open(small, "w", encoding="utf-8") as f:
        f.write(random_mpi.render(seed, ranks, steps, keep))
    return small


def main():
    args = sys.argv[1:]
    cli = os.path.join(ROOT, "target", "release", "rankscope")
    if args[:1] == ["--rankscope"]:
        cli, args = args[1], args[2:]
    for tool in ["mpicc", "mpirun"]:
        if not shutil.which(tool):
            raise SystemExit(f"{tool} not found: install Debian's mpich (scripts/setup.sh does)")
    if "--random" in args:
        return random_programs(cli, args)
    files = args or sorted(
        os.path.join(CORPUS, f)
        for f in os.listdir(CORPUS)
        if f.endswith(".c") or os.path.isdir(os.path.join(CORPUS, f))
    )
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            name = os.path.relpath(path, ROOT)
            ranks = ranks_of(path)
            status, detail = compare(cli, path, ranks, tmp)
            if status == "broken":
                print(f"BROKEN  {name}: {detail}")
                failures += 1
            elif status == "same":
                count = len(files_of(path))
                several = f", {count} files" if os.path.isdir(path) else ""
                print(f"same    {name} (-n {ranks}, {len(detail)} lines{several})")
            else:
                failures += 1
                print(f"DIFFERS {name} (-n {ranks}): {detail[0]}")
                for line in detail[1:]:
                    print("    " + line)
    print(f"{len(files) - failures} of {len(files)} corpus programs agree with MPICH")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
