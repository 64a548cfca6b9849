#!/usr/bin/env python3
"""Writes core/src/libs/mpi/functions/not_run.rs: every C function of the MPI standard that
MPICH 4.0.2's `mpi_proto.h` declares and Rankscope does not run yet, with its parameters as
MPICH declares them.

A program that names one compiles, as it would against MPICH's `mpi.h`; a rank that calls one
stops there with a plain error naming the function and its line. So a program whose unsupported
calls sit on paths it never takes (an error branch, one of several communicator kinds, a feature
probed at run time) runs, and one that does take them says exactly what is missing.

Left out: the large-count `_c` forms, the tools interface `MPI_T_*`, the Fortran handle
conversions (`_f2c`, `_c2f`), `MPIX_` extensions and the profiling names `PMPI_`/`QMPI_`.

Run after implementing a function (a core unit test fails while a function is both run and
listed here): `python3 scripts/mpi_not_run.py`. Needs Debian's `libmpich-dev` (scripts/setup.sh
installs it).
"""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROTO = "/usr/include/x86_64-linux-gnu/mpich/mpi_proto.h"
FAMILIES = os.path.join(ROOT, "core", "src", "libs", "mpi", "functions")
OUT = os.path.join(FAMILIES, "not_run.rs")


def prototypes():
    """(name, [(parameter name, C type)], return type) of each MPI_ function, in header order."""
    text = open(PROTO, encoding="utf-8").read()
    seen = set()
    for m in re.finditer(r"\b(int|double) (MPI_[A-Za-z0-9_]+)\(([^)]*)\)", text):
        ret, name, params = m.group(1), m.group(2), " ".join(m.group(3).split())
        if name in seen:
            continue
        seen.add(name)
        if name.endswith(("_c", "_f2c", "_c2f", "_c2f08", "_f082c", "_f2f08", "_f082f")):
            continue
        if name.startswith("MPI_T_"):
            continue
        out = []
        if params and params != "void":
            for i, p in enumerate(params.split(",")):
                p = p.strip()
                pm = re.match(r"(.*?)([A-Za-z_][A-Za-z0-9_]*)\s*((?:\[\s*\])*)$", p)
                if pm and pm.group(1).strip():
                    ctype = (pm.group(1).strip() + (" *" * pm.group(3).count("["))).strip()
                    pname = pm.group(2)
                else:
                    ctype, pname = p, f"arg{i}"
                ctype = re.sub(r"\s+", " ", ctype.replace("*", " * ")).replace("* *", "**").strip()
                ctype = ctype.replace(" *", "*").replace("*", " *").replace("  ", " ")
                out.append((pname, ctype))
        yield name, out, ret


def implemented():
    """Names the other families run."""
    names = set()
    for path in glob.glob(os.path.join(FAMILIES, "*.rs")):
        if os.path.basename(path) == "not_run.rs":
            continue
        text = open(path, encoding="utf-8").read()
        names.update(re.findall(r'MpiFunction::new\(\s*"(MPI_[A-Za-z0-9_]+)"', text))
    return names


def rust_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    if not os.path.exists(PROTO):
        sys.exit(f"{PROTO} is missing: install Debian's libmpich-dev (scripts/setup.sh does)")
    done = implemented()
    rows = [(n, ps, r) for n, ps, r in prototypes() if n not in done]
    lines = [
        "//! Every C function of the MPI standard that MPICH 4.0.2's `mpi_proto.h` declares and",
        "//! Rankscope does not run yet (written by `scripts/mpi_not_run.py`; do not edit by hand).",
        "//! A program naming one compiles, as against MPICH's `mpi.h`; a rank that calls one stops",
        "//! there, the error naming the function and its line.",
        "",
        "use super::params::{p, K};",
        "use crate::engine::RankCtx;",
        "use crate::lang::vm::memory::Memory;",
        "use crate::libs::function::{Args, MpiFunction, Started};",
        "use crate::libs::mpi::error::ErrorKind;",
        "use crate::libs::mpi::state::MpiState;",
        "",
        "/// What every entry's note says.",
        "const NOTE: &str = \"Not run by Rankscope yet: a program naming it compiles, and a rank that calls it stops there with an error naming it.\";",
        "",
        "/// What every entry's call does: stop the rank, naming the function.",
        "fn stop(",
        "    _: &mut MpiState,",
        "    a: &Args<'_>,",
        "    _: &mut Memory,",
        "    _: &mut RankCtx<'_>,",
        ") -> Result<Started, ErrorKind> {",
        "    Err(ErrorKind::NotRun { function: a.name })",
        "}",
        "",
        f"/// The {len(rows)} functions, in `mpi_proto.h`'s order.",
        "pub(crate) const FUNCTIONS: &[MpiFunction] = &[",
    ]
    for name, params, ret in rows:
        ps = ", ".join(f"p({rust_str(pn)}, K::Unchecked({rust_str(ct)}))" for pn, ct in params)
        tail = "" if ret == "int" else ".double()"
        lines.append(f"    MpiFunction::new({rust_str(name)}, NOTE, &[{ps}], stop){tail},")
    lines.append("];")
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{os.path.relpath(OUT, ROOT)}: {len(rows)} functions not run "
          f"({len(done)} run by the other families)")


if __name__ == "__main__":
    main()
