#!/usr/bin/env python3
"""MPICH's own test suite (test/mpi of Debian's mpich source package) under Rankscope.

`scripts/setup.sh` unpacks the suite under target/mpich-suite/mpi and configures it with Debian's
mpicc (which writes each directory's `testlist` and `include/mpitestconf.h`); nothing of the suite
is in the repository. This script runs every C test that the `testlist` of `basic`, `pt2pt`,
`coll`, `datatype`, `comm`, `group`, `topo`, `rma`, `attr`, `init`, `info` and `errhan` lists,
with the listed process count and arguments, as MPICH's own `runtests` would:

- A test is a program of several files: its sources (from the directory's `Makefile.am`, with
  its `-D` flags), the suite's `util/mtest.c`, `util/mtest_common.c` and `util/mtest_single.c`
  (`Makefile_single.mtest`'s library), `util/dtypes.c` where the Makefile links it, the dtpools
  library where the test uses it, and every header they include — all unmodified.
- Pass is `runtests`' rule: the output (standard output and error) holds a `No Errors` line and
  nothing but `No Errors`/`Test Passed` lines, and every process exits with status 0
  (`resultTest=TestStatus`: no output and a nonzero status; `TestErrFatal`: a nonzero status).
  Tests the list marks `xfail=` are skipped, as `runtests` skips them by default.

It prints, per directory, passed / run, then the first error line of each failure; writes a JSON
summary (target/mpich-suite.json); and exits 1 when fewer tests pass than the floor committed in
tests/mpich-suite/floor.json (raise it as Rankscope passes more).

`--mpich` runs the same tests under Debian's MPICH (mpicc + mpiexec) instead; its result is
committed as tests/mpich-suite/mpich.json (which tests real MPICH passes on these machines), so
the table shows both.

`--playground PATH` writes, instead of running anything, the tests that
tests/mpich-suite/playground.txt names as one JSON file: each test's files as a program of the
playground (the test's source first, then the suite's helpers and headers, unmodified), its
process count and a title. `scripts/setup.sh` writes target/mpich-suite/playground.json, which the
web crate embeds when it is built (web/build.rs), so the suite itself is never committed.

Usage: scripts/mpich_suite.py [--mpich] [--jobs N] [--timeout S] [--only DIR[/NAME]] [-v]
       scripts/mpich_suite.py --playground PATH
"""

import argparse
import concurrent.futures
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = os.path.join(ROOT, "target", "mpich-suite", "mpi")
FLOOR = os.path.join(ROOT, "tests", "mpich-suite", "floor.json")
MPICH_RESULT = os.path.join(ROOT, "tests", "mpich-suite", "mpich.json")
SUMMARY = os.path.join(ROOT, "target", "mpich-suite.json")
PLAYGROUND_LIST = os.path.join(ROOT, "tests", "mpich-suite", "playground.txt")
VERSION = os.path.join(ROOT, "target", "mpich-suite", "version")
DIRS = ["basic", "pt2pt", "coll", "datatype", "comm", "group", "topo", "rma", "attr", "init",
        "info", "errhan"]
# The suite needs up to 72 processes: the generic modern cluster (32 nodes × 64 cores, shared
# memory inside a node, InfiniBand HDR between nodes) is the machine such tests are written for.
PROFILE = "cluster"
# runtests' default limit is 180 s per test (MPITEST_TIMEOUT); SimGrid's measurements use 60 s.
TIMEOUT = 60
HEADER_DIRS = ["include", "util", os.path.join("dtpools", "include"), os.path.join("dtpools", "src")]
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


class Test:
    def __init__(self, directory, name, np, args, envs, result_test):
        self.directory, self.name, self.np, self.args = directory, name, np, args
        self.envs, self.result_test = envs, result_test

    @property
    def key(self):
        """The test as its list line says it (a test may be listed with several settings)."""
        return " ".join([f"{self.directory}/{self.name}", str(self.np), *self.args,
                         *(f"env={e}" for e in self.envs)])


def testlist(directory):
    """The tests a directory's `testlist` lists (as runtests reads it), and the xfail ones."""
    path = os.path.join(SUITE, directory, "testlist")
    if not os.path.exists(path):
        return [], []
    tests, skipped = [], []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            name, np, args, envs, opts = words[0], 1, [], [], {}
            if len(words) > 1:
                np = int(words[1])
            for word in words[2:]:
                key, _, value = word.partition("=")
                if key == "arg":
                    args.append(value)
                elif key == "env":
                    envs.append(value)
                else:
                    opts.setdefault(key, value)
            test = Test(directory, name, np, args, envs, opts.get("resultTest"))
            (skipped if opts.get("xfail") else tests).append(test)
    return tests, skipped


@functools.lru_cache(maxsize=None)
def makefile(directory):
    """A directory's Makefile.am as `variable -> words` (continuation lines joined)."""
    with open(os.path.join(SUITE, directory, "Makefile.am"), encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")
    variables = {}
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z0-9_]+)\s*\+?=\s*(.*)$", line)
        if m and not line.startswith("#"):
            variables.setdefault(m.group(1), []).extend(m.group(2).split())
    return variables


def resolve_header(name, near):
    for base in [near, *(os.path.join(SUITE, d) for d in HEADER_DIRS)]:
        path = os.path.join(base, name)
        if os.path.exists(path):
            return path
    return None


DTP_CALL = re.compile(r"\bDTP_\w+\s*\(")


def calls_dtpools(path):
    """Whether a file's code (outside macro definitions) calls a dtpools function."""
    in_macro = False
    for line in open(path, encoding="utf-8", errors="replace"):
        stripped = line.rstrip()
        starts_macro = stripped.lstrip().startswith("#define")
        if not (in_macro or starts_macro) and DTP_CALL.search(line):
            return True
        in_macro = stripped.endswith("\\") and (in_macro or starts_macro)
    return False


def program_files(test):
    """The files of a test as a program: sources, the suite's helpers and their headers; its
    `-D` flags. Raises ValueError when the Makefile does not say how to build it."""
    here = os.path.join(SUITE, test.directory)
    make = makefile(test.directory)
    var = re.sub(r"[^A-Za-z0-9_]", "_", test.name)
    sources = [os.path.join(here, s) for s in make.get(f"{var}_SOURCES", [f"{test.name}.c"])]
    if not all(os.path.exists(s) for s in sources):
        raise ValueError(f"no source for {test.name} in {test.directory}/Makefile.am")
    defines = [flag[2:] for flag in make.get(f"{var}_CPPFLAGS", []) if flag.startswith("-D")]
    util = os.path.join(SUITE, "util")
    helpers = [os.path.join(util, f) for f in ("mtest.c", "mtest_common.c", "mtest_single.c")]
    if "LDADDDATA" in " ".join(make.get(f"{var}_LDADD", [])):
        helpers.append(os.path.join(util, "dtypes.c"))
    files, seen = [], set()

    def gather(todo):
        while todo:
            path = todo.pop(0)
            if path in seen:
                continue
            seen.add(path)
            files.append(path)
            text = open(path, encoding="utf-8", errors="replace").read()
            for name in INCLUDE.findall(text):
                found = resolve_header(name, os.path.dirname(path))
                if found:
                    todo.append(found)

    # The test's own files and the headers they include first: the dtpools library is linked
    # where their code calls it (a header such as mtest_dtp.h may be what calls it; a macro that
    # would, such as mtest_common.h's, counts only where it is used).
    gather(list(sources))
    own_text = "".join(open(f, encoding="utf-8", errors="replace").read() for f in sources)
    if "DTP_" in own_text or any(calls_dtpools(f) for f in files):
        dtp_src = os.path.join(SUITE, "dtpools", "src")
        helpers += sorted(os.path.join(dtp_src, f) for f in os.listdir(dtp_src) if f.endswith(".c"))
    gather(helpers)
    return files, defines


def judge(test, output, statuses, error):
    """runtests' verdict: (passed, first error line)."""
    lines = output.splitlines()
    failed_status = any(s != 0 for s in statuses)
    if test.result_test in ("TestStatus", "TestErrFatal"):
        unexpected = [l for l in lines if l.strip()] if test.result_test == "TestStatus" else []
        if unexpected:
            return False, f"unexpected output: {unexpected[0].strip()}"
        if not failed_status:
            return False, error or "exited with status 0 where the test needs a nonzero status"
        return True, None
    unexpected = [l for l in lines if not re.match(r"^\s*(No [Ee]rrors|Test Passed)\s*$", l)]
    if error:
        return False, error
    if unexpected:
        return False, unexpected[0].strip()
    if not any(re.match(r"^\s*No [Ee]rrors\s*$", l) for l in lines):
        return False, "exited without No Errors"
    if failed_status:
        return False, f"exited with status {max(statuses, key=abs)}"
    return True, None


def first_line(text):
    """The first line of an error; for a compile error, with where it is (`--> file:line:col`)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return text.strip()
    if len(lines) > 1 and lines[1].startswith("-->"):
        return f"{lines[0]} ({lines[1][3:].strip()})"
    return lines[0]


def run_rankscope(test, binary, timeout, profile=PROFILE):
    files, defines = program_files(test)
    cmd = [binary, "run", "-p", profile, "-n", str(test.np), "--json"]
    for d in defines:
        cmd += ["-D", d]
    cmd += files
    if test.args:
        cmd += ["--", *test.args]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout} s", 0
    try:
        summary = json.loads(done.stdout)
    except json.JSONDecodeError:
        return False, first_line(done.stderr or done.stdout) or f"exit status {done.returncode}", 0
    # Rankscope's diagnostics (a leak, a request never completed) are not the program's output:
    # MPICH prints nothing of the kind, so runtests never sees them.
    console = sorted((c for c in summary.get("console", []) if c.get("stream") != "diagnostic"),
                     key=lambda c: (c["time_ps"], c["rank"]))
    output = "\n".join(c["text"] for c in console)
    error = summary.get("error")
    if isinstance(error, dict):
        error = error.get("message") or json.dumps(error)
    statuses = summary.get("exit_statuses") or [done.returncode]
    passed, why = judge(test, output, statuses, first_line(error) if error else None)
    return passed, why, summary.get("end_time_ps", 0)


def run_mpich(test, timeout, work):
    files, defines = program_files(test)
    exe = os.path.join(work, re.sub(r"[^A-Za-z0-9_.-]", "_", test.key))
    incs = sorted({os.path.dirname(f) for f in files if f.endswith(".h")})
    cc = subprocess.run(
        ["mpicc", "-O1", "-w", *(f"-D{d}" for d in defines), *(f"-I{i}" for i in incs), "-o", exe,
         *(f for f in files if f.endswith(".c")), "-lm"],
        capture_output=True, text=True)
    if cc.returncode != 0:
        return False, "mpicc: " + first_line(cc.stderr), 0
    try:
        done = subprocess.run(["mpiexec", "-n", str(test.np), exe, *test.args],
                              capture_output=True, text=True, timeout=timeout,
                              cwd=os.path.join(SUITE, test.directory),
                              env={**os.environ, **dict(e.split("=", 1) for e in test.envs)})
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout} s", 0
    passed, why = judge(test, done.stdout + done.stderr, [done.returncode], None)
    return passed, why, 0


def playground_bundle(path):
    """Writes the tests playground.txt names, as programs of the playground, to `path`."""
    wanted = []
    for raw in open(PLAYGROUND_LIST, encoding="utf-8"):
        line = raw.split("#", 1)[0].strip()
        if line:
            test, _, title = line.partition(" ")
            wanted.append((test, title.strip()))
    examples, texts = [], {}
    for name, title in wanted:
        directory, _, test_name = name.partition("/")
        listed = [t for t in testlist(directory)[0] if t.name == test_name]
        if not listed:
            sys.exit(f"{PLAYGROUND_LIST}: {name} is not in {directory}/testlist")
        test = listed[0]
        if test.args or test.envs or test.result_test:
            sys.exit(f"{PLAYGROUND_LIST}: {name} needs arguments, environment or an exit status "
                     "check: the playground runs a program as it is")
        files, defines = program_files(test)
        if defines:
            sys.exit(f"{PLAYGROUND_LIST}: {name} is built with -D flags {defines}")
        names = [os.path.basename(f) for f in files]
        if len(set(names)) != len(names):
            sys.exit(f"{PLAYGROUND_LIST}: {name}'s files share a name: {names}")
        for f in files:
            text = open(f, encoding="utf-8").read()
            if texts.setdefault(os.path.basename(f), text) != text:
                sys.exit(f"{PLAYGROUND_LIST}: two different files are named {os.path.basename(f)}")
        examples.append({"test": name, "title": title, "ranks": test.np, "files": names})
    version = (open(VERSION, encoding="utf-8").read().split() or [""])[0] if os.path.exists(VERSION) else ""
    # Each file once (the helpers are the same for every test), by name.
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"mpich": version, "examples": examples, "files": texts}, f, indent=1)
    print(f"{len(examples)} tests of MPICH {version}'s suite for the playground: {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--playground", metavar="PATH",
                    help="write playground.txt's tests as the playground's programs to PATH")
    ap.add_argument("--mpich", action="store_true", help="run under Debian's MPICH instead")
    ap.add_argument("--rankscope", default=os.path.join(ROOT, "target", "release", "rankscope"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=TIMEOUT)
    ap.add_argument("--profile", default=PROFILE,
                    help=f"the machine profile the tests run on (default {PROFILE})")
    ap.add_argument("--only", action="append", default=[],
                    help="a directory (coll), a test (coll/allred) or a test as the summary "
                    "names it (with its process count and arguments); may repeat; with --mpich, "
                    "updates those tests in the committed MPICH record")
    ap.add_argument("--json", default=None, help="where to write the summary")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each test as it ends")
    opts = ap.parse_args()

    if not os.path.exists(os.path.join(SUITE, "coll", "testlist")):
        sys.exit(f"no configured suite in {SUITE}: run scripts/setup.sh")
    if opts.playground:
        playground_bundle(opts.playground)
        return
    if not opts.mpich and not os.access(opts.rankscope, os.X_OK):
        sys.exit(f"no Rankscope binary at {opts.rankscope}: cargo build --release -p rankscope")

    tests, skipped, listed = [], {}, {}
    for d in DIRS:
        run, xfail = testlist(d)
        listed[d] = len(run)
        skipped[d] = len(xfail)
        tests += run
    if opts.only:
        tests = [t for t in tests if any(
            o in (t.directory, f"{t.directory}/{t.name}", t.key) for o in opts.only)]

    work = tempfile.mkdtemp(prefix="mpich-suite-")
    results = {}
    started = time.time()

    def one(test):
        t0 = time.time()
        try:
            if opts.mpich:
                outcome = run_mpich(test, opts.timeout, work)
            else:
                outcome = run_rankscope(test, opts.rankscope, opts.timeout, opts.profile)
        except ValueError as e:
            outcome = (False, str(e), 0)
        return test, outcome, time.time() - t0

    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.jobs) as pool:
        for test, (passed, why, sim_ps), seconds in pool.map(one, tests):
            results[test.key] = {"directory": test.directory, "test": test.name, "np": test.np,
                                 "args": test.args, "passed": passed, "error": why,
                                 "seconds": round(seconds, 2), "simulated_ps": sim_ps}
            if opts.verbose:
                print(f"{'pass' if passed else 'FAIL'} {test.key} ({seconds:.1f} s)"
                      + ("" if passed else f": {why}"), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    if opts.mpich and opts.only and os.path.exists(MPICH_RESULT):
        # A rerun of some tests under MPICH (say, with a longer --timeout) updates the record.
        with open(MPICH_RESULT, encoding="utf-8") as f:
            results = {**json.load(f)["tests"], **results}
        opts.only = []

    mpich = {}
    if not opts.mpich and os.path.exists(MPICH_RESULT):
        with open(MPICH_RESULT, encoding="utf-8") as f:
            mpich = {k: v["passed"] for k, v in json.load(f)["tests"].items()}

    who = "Debian's MPICH" if opts.mpich else "Rankscope"
    version = open(os.path.join(SUITE, "..", "version")).read().split()[0]
    print(f"MPICH {version} test suite "
          f"under {who} ({len(tests)} tests, {time.time() - started:.0f} s)")
    header = f"{'directory':<10} {'passed':>6} / {'run':<4} {'xfail':>5}"
    if mpich:
        header += f"   {'MPICH passes':>12}   {'both':>5}"
    print(header)
    total = {"passed": 0, "run": 0, "mpich": 0, "both": 0}
    per_dir = {}
    for d in DIRS:
        mine = [r for k, r in results.items() if r["directory"] == d]
        if not mine and opts.only:
            continue
        passed = sum(r["passed"] for r in mine)
        row = f"{d:<10} {passed:>6} / {len(mine):<4} {skipped[d]:>5}"
        entry = {"passed": passed, "run": len(mine), "listed": listed[d], "xfail": skipped[d]}
        if mpich:
            m = sum(1 for k, r in results.items() if r["directory"] == d and mpich.get(k))
            both = sum(1 for k, r in results.items()
                       if r["directory"] == d and mpich.get(k) and r["passed"])
            row += f"   {m:>12}   {both:>5}"
            entry.update(mpich_passes=m, both=both)
            total["mpich"] += m
            total["both"] += both
        if listed[d] == 0 and not os.path.exists(os.path.join(SUITE, d, "testlist")):
            row += "   (no testlist: runtests skips it, `#basic` in test/mpi/testlist)"
        per_dir[d] = entry
        total["passed"] += passed
        total["run"] += len(mine)
        print(row)
    row = f"{'total':<10} {total['passed']:>6} / {total['run']:<4} {sum(skipped.values()):>5}"
    if mpich:
        row += f"   {total['mpich']:>12}   {total['both']:>5}"
    print(row)

    failures = [(k, r) for k, r in results.items() if not r["passed"]]
    if failures:
        print(f"\n{len(failures)} failing; the first error of each:")
        for k, r in failures:
            print(f"  {k}: {r['error']}")

    summary = {"runner": "mpich" if opts.mpich else "rankscope", "profile": None if opts.mpich
               else opts.profile, "directories": per_dir, "total": total, "tests": results}
    out = opts.json or (MPICH_RESULT if opts.mpich else SUMMARY)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"\nsummary written to {os.path.relpath(out, ROOT)}")

    if opts.mpich or opts.only:
        return 0
    with open(FLOOR, encoding="utf-8") as f:
        floor = json.load(f)["passed_at_least"]
    if total["passed"] < floor:
        print(f"FAIL: {total['passed']} tests pass, fewer than the floor {floor} "
              f"({os.path.relpath(FLOOR, ROOT)})")
        return 1
    print(f"ok: {total['passed']} tests pass (floor {floor})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
