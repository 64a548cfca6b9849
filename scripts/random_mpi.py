#!/usr/bin/env python3
"""Random, deterministic MPI C programs for the differential test (issue 32, item 3).

A seed gives one program: `Ranks: N` (2 to 7) and a list of independent *steps*. Each step makes a
communicator (MPI_COMM_WORLD, MPI_Comm_split, MPI_Comm_create with groups from MPI_Group_incl/
_excl/_range_incl where each rank passes the group of its own part, MPI_Comm_dup, or two of these
nested), runs a few *actions* over it — collectives (blocking and non-blocking), point-to-point
traffic (blocking, non-blocking, MPI_Sendrecv, MPI_ANY_SOURCE/MPI_ANY_TAG where the result cannot
depend on the order, fenced by a barrier from later actions' messages), derived datatypes
(contiguous, vector, hvector, indexed, struct, resized, subarray), reductions with predefined
operations on several types and a non-commutative MPI_Op_create operation, large collectives
(where the algorithms change) printed as checksums — and frees what it made. Each step first prints
every rank's rank and size in its communicator and MPI_Comm_compare with MPI_COMM_WORLD. Every rank prints
what it received, one line per action, tagged `[world rank] sSTEP.ACTION`, so sorted outputs can be
compared line by line. Values are small integers (exact in float and double, whatever the
reduction order), so a difference is a wrong answer, never rounding.

Steps do not depend on each other, and actions within a step do not either: any subset of them is
still a valid program. That is what makes a disagreement easy to cut down (`--shrink` in
scripts/differential.py keeps removing steps and actions while the disagreement stays).

Usage: scripts/random_mpi.py SEED [--keep STEP[.ACTION],...]   (prints the program)
"""

import random
import sys

MAXN = 7  # largest number of ranks

# C type, MPI datatype, printf format, cast for printing, kind
INT_TYPES = [
    ("int", "MPI_INT", "%d", "", "int"),
    ("long", "MPI_LONG", "%ld", "", "int"),
    ("short", "MPI_SHORT", "%d", "(int)", "int"),
    ("unsigned", "MPI_UNSIGNED", "%u", "", "uint"),
    ("unsigned char", "MPI_UNSIGNED_CHAR", "%d", "(int)", "uint"),
    ("long long", "MPI_LONG_LONG", "%lld", "", "int"),
    ("unsigned long", "MPI_UNSIGNED_LONG", "%lu", "", "uint"),
    ("signed char", "MPI_SIGNED_CHAR", "%d", "(int)", "int"),
    ("unsigned short", "MPI_UNSIGNED_SHORT", "%d", "(int)", "uint"),
    ("int8_t", "MPI_INT8_T", "%d", "(int)", "int"),
    ("uint16_t", "MPI_UINT16_T", "%d", "(int)", "uint"),
    ("int64_t", "MPI_INT64_T", "%lld", "(long long)", "int"),
    ("uint32_t", "MPI_UINT32_T", "%u", "(unsigned)", "uint"),
]
FLOAT_TYPES = [
    ("double", "MPI_DOUBLE", "%g", "", "float"),
    ("float", "MPI_FLOAT", "%g", "(double)", "float"),
]
ALL_TYPES = INT_TYPES + FLOAT_TYPES
# MAXLOC/MINLOC pairs: C struct, MPI datatype, value type, printf format of the value
PAIR_TYPES = [
    ("struct { int v; int i; }", "MPI_2INT", "%d", "int"),
    ("struct { double v; int i; }", "MPI_DOUBLE_INT", "%g", "double"),
    ("struct { float v; int i; }", "MPI_FLOAT_INT", "%g", "double"),
    ("struct { long v; int i; }", "MPI_LONG_INT", "%ld", "long"),
    ("struct { short v; int i; }", "MPI_SHORT_INT", "%d", "int"),
]


def type_named(name):
    return next(t for t in ALL_TYPES if t[0] == name)


class Step:
    def __init__(self, comment, setup, actions, teardown):
        self.comment = comment
        self.setup = setup  # C lines making `c` (MPI_COMM_NULL on ranks outside it)
        self.actions = actions  # list of (comment, C lines)
        self.teardown = teardown


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.seed = seed
        self.helpers = set()

    # ---- values -------------------------------------------------------------------------------
    def value_expr(self, kind, op=None):
        """A C expression of `r` (rank in the communicator) and `i` (element index): small values."""
        r = self.r
        a, b, m = r.randint(1, 7), r.randint(0, 9), r.choice([3, 5, 7, 11])
        if op == "MPI_PROD":
            return f"1 + (r * {a} + i * {b}) % 3"  # 1, 2 or 3: products stay small
        if op in ("MPI_LAND", "MPI_LOR", "MPI_LXOR"):
            return f"(r * {a} + i * {b}) % 3 == 0"
        if kind == "uint":
            return f"(r * {a} + i * {b} + {r.randint(0, 20)}) % {m * 7}"
        if kind == "float":
            return f"((r * {a} + i * {b}) % {m} - {m // 2}) * 0.5"
        return f"(r * {a} + i * {b}) % {m} - {m // 2}"

    def show(self, ctype, count_expr, buf, label, offset="0"):
        """Lines printing `count` elements of `buf` on one line, tagged with `label`."""
        t = type_named(ctype)
        fmt, cast = t[2], t[3]
        return [
            "{",
            "    char line[4096];",
            f'    int len = snprintf(line, sizeof line, "[%d] %s:", wr, "{label}");',
            f"    for (int i = 0; i < {count_expr}; i++)",
            f'        len += snprintf(line + len, sizeof line - len, " {fmt}", {cast}{buf}[{offset} + i]);',
            '    printf("%s\\n", line);',
            "}",
        ]

    # ---- communicators ------------------------------------------------------------------------
    def communicator(self, n):
        """C lines making `c` from MPI_COMM_WORLD, a comment, and the names to free."""
        r = self.r
        kind = r.choice(["world", "split", "split", "create", "create", "dup", "nested",
                         "classes"])
        if kind == "world":
            return "MPI_COMM_WORLD", ["MPI_Comm c = MPI_COMM_WORLD;"], []
        if kind == "nested":
            first = r.choice(["split", "create", "dup", "classes"])
            second = r.choice(["split", "create", "dup", "classes"])
            c1, lines1 = self.constructor(first, "MPI_COMM_WORLD", "wr", "p", n, "c1")
            lines = [f"MPI_Comm c1;"] + lines1 + [
                "MPI_Comm c = MPI_COMM_NULL;",
                "if (c1 != MPI_COMM_NULL) {",
                "    int r1, n1;",
                "    MPI_Comm_rank(c1, &r1);",
                "    MPI_Comm_size(c1, &n1);",
            ]
            c2, lines2 = self.constructor(second, "c1", "r1", "n1", None, "c")
            lines += ["    " + x for x in lines2] + ["}"]
            return f"{c2} of {c1}", lines, ["c1"]
        c1, lines = self.constructor(kind, "MPI_COMM_WORLD", "wr", "p", n, "c")
        return c1, ["MPI_Comm c;"] + lines, []

    def constructor(self, kind, parent, rank, size, n, out):
        """C lines setting `out` from `parent` (whose size is `n` when known here, else unknown)."""
        r = self.r
        if kind == "dup":
            how = r.choice(["MPI_Comm_dup", "MPI_Comm_dup", "MPI_Comm_idup"])
            if how == "MPI_Comm_idup":
                return f"MPI_Comm_idup({parent})", [
                    "{",
                    "    MPI_Request req;",
                    f"    MPI_Comm_idup({parent}, &{out}, &req);",
                    "    MPI_Wait(&req, MPI_STATUS_IGNORE);",
                    "}",
                ]
            return f"MPI_Comm_dup({parent})", [f"MPI_Comm_dup({parent}, &{out});"]
        if kind == "classes" or (kind == "create" and n is None):
            # Groups computed at run time, so any parent will do: the ranks of one class
            # modulo k (in descending order), one class passing MPI_GROUP_EMPTY, made with
            # MPI_Comm_create (collective on the parent) or MPI_Comm_create_group (called by
            # the group's members only).
            k = r.randint(1, 3)
            skip = r.randint(0, 3)
            how = r.choice(["MPI_Comm_create", "MPI_Comm_create_group"])
            tag = r.randint(0, 50)
            call = (f"MPI_Comm_create({parent}, g, &{out});" if how == "MPI_Comm_create" else
                    f"if (g != MPI_GROUP_EMPTY) MPI_Comm_create_group({parent}, g, {tag}, &{out}); else {out} = MPI_COMM_NULL;")
            return (f"{how}({parent}, the ranks of my class mod {k} in descending order; class {skip} none)", [
                "{",
                "    MPI_Group whole, g;",
                f"    MPI_Comm_group({parent}, &whole);",
                f"    int members[{MAXN}], m = 0;",
                f"    for (int j = {size} - 1; j >= 0; j--)",
                f"        if (j % {k} == {rank} % {k}) members[m++] = j;",
                f"    if ({rank} % {k} == {skip}) g = MPI_GROUP_EMPTY;",
                "    else MPI_Group_incl(whole, m, members, &g);",
                f"    {call}",
                "    if (g != MPI_GROUP_EMPTY) MPI_Group_free(&g);",
                "    MPI_Group_free(&whole);",
                "}"])
        if kind == "split" or n is None:
            k = r.randint(1, 3)
            color = r.choice(
                [f"{rank} % {k}", f"{rank} * {k} / {size}", f"({rank} + {r.randint(1, 5)}) % {k}"]
            )
            if r.random() < 0.25:
                color = f"{rank} == {r.randint(0, 3)} ? MPI_UNDEFINED : {color}"
            key = r.choice(
                ["0", rank, f"-{rank}", f"({rank} * {r.randint(2, 5)}) % {r.randint(2, 4)}"]
            )
            return f"MPI_Comm_split({parent}, color {color}, key {key})", [
                f"MPI_Comm_split({parent}, {color}, {key}, &{out});"
            ]
        # MPI_Comm_create: the parent's ranks fall into parts (some in none); each rank passes the
        # group of its own part (MPI-2.2), MPI_GROUP_EMPTY outside every part.
        ranks = list(range(n))
        r.shuffle(ranks)
        parts = []
        left = ranks
        while left and len(parts) < 3:
            take = r.randint(1, len(left))
            parts.append(left[:take])
            left = left[take:]
        if left and r.random() < 0.5:
            parts.append(left)
            left = []
        part_of = [-1] * n
        for j, members in enumerate(parts):
            for m in members:
                part_of[m] = j
        lines = [
            "MPI_Group whole, g;",
            f"MPI_Comm_group({parent}, &whole);",
            f"const int part_of[{n}] = {{{', '.join(map(str, part_of))}}};",
        ]
        described = []
        for j, members in enumerate(parts):
            head = "if" if j == 0 else "} else if"
            lines.append(f"{head} (part_of[{rank}] == {j}) {{")
            how = r.choice(["incl", "excl", "range"])
            srt = sorted(members)
            if how == "excl":
                # MPI_Group_excl keeps the others in their order in the parent.
                others = [x for x in range(n) if x not in members]
                lines += [
                    f"    int out[{max(len(others), 1)}] = {{{', '.join(map(str, others)) or '0'}}};",
                    f"    MPI_Group_excl(whole, {len(others)}, out, &g);",
                ]
                described.append(f"excl {others}")
            elif how == "range" and len(srt) > 1:
                step = srt[1] - srt[0]
                if all(srt[i + 1] - srt[i] == step for i in range(len(srt) - 1)):
                    first, last = (srt[0], srt[-1]) if r.random() < 0.5 else (srt[-1], srt[0])
                    step = step if first < last else -step
                    lines += [
                        f"    int range[1][3] = {{{{{first}, {last}, {step}}}}};",
                        "    MPI_Group_range_incl(whole, 1, range, &g);",
                    ]
                    described.append(f"range {first}..{last} step {step}")
                else:
                    how = "incl"
            else:
                how = "incl"
            if how == "incl":
                lines += [
                    f"    int in[{len(members)}] = {{{', '.join(map(str, members))}}};",
                    f"    MPI_Group_incl(whole, {len(members)}, in, &g);",
                ]
                described.append(f"incl {members}")
        lines += ["} else {", "    g = MPI_GROUP_EMPTY;", "}"]
        lines += [
            f"MPI_Comm_create({parent}, g, &{out});",
            "if (g != MPI_GROUP_EMPTY) MPI_Group_free(&g);",
            "MPI_Group_free(&whole);",
        ]
        return f"MPI_Comm_create({parent}, groups {'; '.join(described)})", [
            "{"] + ["    " + x for x in lines] + ["}"]

    # ---- datatypes ----------------------------------------------------------------------------
    def derived(self, base):
        """A derived datatype over `base` (C type name): (comment, C lines making `dt`, extent in
        elements, size in elements)."""
        r = self.r
        t = type_named(base)
        mt = t[1]
        kind = r.choice(["contiguous", "vector", "indexed", "resized", "subarray", "hvector"])
        self.overlaps = False
        if kind == "contiguous":
            k = r.randint(1, 4)
            return (f"MPI_Type_contiguous({k}, {mt})",
                    [f"MPI_Type_contiguous({k}, {mt}, &dt);"], k, k)
        if kind in ("vector", "hvector"):
            count, bl = r.randint(1, 3), r.randint(1, 3)
            stride = bl + r.randint(0, 2)
            ext = (count - 1) * stride + bl
            if kind == "hvector":
                return (f"MPI_Type_create_hvector({count}, {bl}, {stride} elements, {mt})",
                        [f"MPI_Type_create_hvector({count}, {bl}, {stride} * sizeof({base}), {mt}, &dt);"],
                        ext, count * bl)
            return (f"MPI_Type_vector({count}, {bl}, {stride}, {mt})",
                    [f"MPI_Type_vector({count}, {bl}, {stride}, {mt}, &dt);"], ext, count * bl)
        if kind == "indexed":
            nb = r.randint(1, 3)
            bls = [r.randint(1, 3) for _ in range(nb)]
            displs, at = [], r.randint(0, 2)
            for bl in bls:
                displs.append(at)
                at += bl + r.randint(0, 2)
            if r.random() < 0.3:
                r.shuffle(displs)  # blocks out of order: their order is the data's order
                # keep blocks disjoint by rebuilding displacements in the shuffled order
                at, nd = r.randint(0, 2), []
                for bl in bls:
                    nd.append(at)
                    at += bl + r.randint(0, 2)
                displs = list(reversed(nd))
                bls = list(reversed(bls))
            ext = max(d + b for d, b in zip(displs, bls))
            return (f"MPI_Type_indexed({nb}, {{{', '.join(map(str, bls))}}}, {{{', '.join(map(str, displs))}}}, {mt})",
                    [f"int bl[{nb}] = {{{', '.join(map(str, bls))}}}, di[{nb}] = {{{', '.join(map(str, displs))}}};",
                     f"MPI_Type_indexed({nb}, bl, di, {mt}, &dt);"], ext, sum(bls))
        if kind == "resized":
            count, stride = r.randint(2, 3), r.randint(2, 3)
            ext = r.randint(1, 2)
            # Copies of it interleave; where they would land on the same element, it must not
            # describe a receive buffer of several copies (MPI leaves such a receive undefined).
            seen = [c * ext + j * stride for c in range(MAXN) for j in range(count)]
            self.overlaps = len(seen) != len(set(seen))
            return (f"MPI_Type_vector({count}, 1, {stride}, {mt}) resized to extent {ext}",
                    [f"MPI_Datatype inner;",
                     f"MPI_Type_vector({count}, 1, {stride}, {mt}, &inner);",
                     f"MPI_Type_create_resized(inner, 0, {ext} * sizeof({base}), &dt);",
                     "MPI_Type_free(&inner);"],
                    ext, count, (count - 1) * stride + 1)
        # subarray of a 2-D array, C order
        rows, cols = r.randint(2, 4), r.randint(2, 4)
        sr, sc = r.randint(1, rows), r.randint(1, cols)
        st_r, st_c = r.randint(0, rows - sr), r.randint(0, cols - sc)
        return (f"MPI_Type_create_subarray({{{rows}, {cols}}}, {{{sr}, {sc}}}, {{{st_r}, {st_c}}}, C order, {mt})",
                [f"int sizes[2] = {{{rows}, {cols}}}, sub[2] = {{{sr}, {sc}}}, starts[2] = {{{st_r}, {st_c}}};",
                 f"MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, {mt}, &dt);"],
                rows * cols, sr * sc)

    # ---- actions ------------------------------------------------------------------------------
    def reduction_pick(self):
        r = self.r
        op = r.choice(["MPI_SUM", "MPI_PROD", "MPI_MAX", "MPI_MIN", "MPI_BAND", "MPI_BOR",
                       "MPI_BXOR", "MPI_LAND", "MPI_LOR", "MPI_LXOR", "MPI_MAXLOC", "MPI_MINLOC",
                       "MPI_SUM", "MPI_MAX"])
        if op in ("MPI_MAXLOC", "MPI_MINLOC"):
            return op, r.choice(PAIR_TYPES)
        if op in ("MPI_BAND", "MPI_BOR", "MPI_BXOR", "MPI_LAND", "MPI_LOR", "MPI_LXOR"):
            return op, r.choice(INT_TYPES)
        return op, r.choice(ALL_TYPES)

    def pair_show(self, pair, count, buf, label):
        ctype, mt, fmt, cast = pair
        return [
            "{",
            "    char line[4096];",
            f'    int len = snprintf(line, sizeof line, "[%d] %s:", wr, "{label}");',
            f"    for (int i = 0; i < {count}; i++)",
            f'        len += snprintf(line + len, sizeof line - len, " ({fmt},%d)", ({cast}){buf}[i].v, {buf}[i].i);',
            '    printf("%s\\n", line);',
            "}",
        ]

    def reduction(self, label):
        """Reduce, Allreduce, Scan, Exscan, Reduce_scatter_block (maybe non-blocking)."""
        r = self.r
        op, t = self.reduction_pick()
        kind = r.choice(["Reduce", "Allreduce", "Allreduce", "Scan", "Exscan", "Reduce_scatter_block",
                         "Reduce_scatter"])
        nb = r.random() < 0.3
        k = r.randint(1, 4)
        pair = t in PAIR_TYPES
        total = f"{k} * n" if kind.startswith("Reduce_scatter") else str(k)
        if pair:
            ctype, mt = t[0], t[1]
            vals = [f"    send[i].v = {self.value_expr('int')};",
                    f"    send[i].i = (r * {r.randint(1, 5)} + i) % {r.choice([2, 3, 7])};"]
            decl = [f"{ctype} send[{k} * {MAXN}], recv[{k} * {MAXN}];"]
            init_recv = ["    recv[i].v = -9; recv[i].i = -9;"]
        else:
            ctype, mt = t[0], t[1]
            vals = [f"    send[i] = ({ctype})({self.value_expr(t[4], op)});"]
            decl = [f"{ctype} send[{k} * {MAXN}], recv[{k} * {MAXN}];"]
            init_recv = [f"    recv[i] = ({ctype})99;"]
        lines = decl + [f"for (int i = 0; i < {k} * {MAXN}; i++) {{"] + vals + init_recv + ["}"]
        root = f"{r.randint(0, 6)} % n"
        args = {
            "Reduce": f"send, recv, {k}, {mt}, {op}, {root}, c",
            "Allreduce": f"send, recv, {k}, {mt}, {op}, c",
            "Scan": f"send, recv, {k}, {mt}, {op}, c",
            "Exscan": f"send, recv, {k}, {mt}, {op}, c",
            "Reduce_scatter_block": f"send, recv, {k}, {mt}, {op}, c",
            "Reduce_scatter": f"send, recv, rcounts, {mt}, {op}, c",
        }[kind]
        if kind == "Reduce_scatter":
            # rank j gets (j + a) % (k + 1) elements (some none); they add up to at most k * n
            a = r.randint(0, 3)
            lines += [f"int rcounts[{MAXN}];", f"for (int j = 0; j < n; j++) rcounts[j] = (j + {a}) % {k + 1};"]
        in_place = False
        if kind in ("Allreduce", "Scan") and r.random() < 0.25:
            in_place = True
            args = "MPI_IN_PLACE, send" + args[len("send, recv"):]
        if kind == "Reduce" and r.random() < 0.25:
            # MPI_IN_PLACE at the root only: its `send` holds its operand and gets the result.
            in_place = True
            lines += [f"if (r == {root})"] + ["    " + x for x in self.call(
                kind, "MPI_IN_PLACE, send" + args[len("send, recv"):], nb)]
            lines += ["else"] + ["    " + x for x in self.call(kind, args, nb)]
        else:
            lines += self.call(kind, args, nb)
        shown = "send" if in_place else "recv"
        if kind == "Reduce_scatter":
            k = "rcounts[r]"
        cond = {"Reduce": f"r == {root}", "Exscan": "r > 0"}.get(kind)
        what = f"{'I' if nb else ''}{kind.lower()}{' in place' if in_place else ''} {op[4:]} {mt[4:]} x{k}"
        show = self.pair_show(t, k, shown, f"{label} {what}") if pair else self.show(
            ctype, k, shown, f"{label} {what}")
        if cond:
            lines.append(f"if ({cond})")
            lines += ["    " + x for x in show]
        else:
            lines += show
        return f"MPI_{'I' if nb else ''}{kind} of {k} {mt} with {op}" + (" (MPI_IN_PLACE)" if in_place else ""), total, lines

    def call(self, name, args, nb):
        if not nb:
            return [f"MPI_{name}({args});"]
        return ["{", "    MPI_Request req;", f"    MPI_I{name.lower()}({args}, &req);",
                "    MPI_Wait(&req, MPI_STATUS_IGNORE);", "}"]

    def collective(self, label):
        r = self.r
        kind = r.choice(["Bcast", "Gather", "Gatherv", "Scatter", "Scatterv", "Allgather",
                         "Allgatherv", "Alltoall", "Alltoallv", "Barrier"])
        nb = r.random() < 0.3
        t = r.choice(ALL_TYPES)
        ctype, mt = t[0], t[1]
        k = r.randint(1, 3)
        root = f"{r.randint(0, 6)} % n"
        big = 64
        lines = [f"{ctype} send[{big}], recv[{big}];",
                 f"for (int i = 0; i < {big}; i++) {{",
                 f"    send[i] = ({ctype})({self.value_expr(t[4])});",
                 f"    recv[i] = ({ctype})99;",
                 "}"]
        pre = "I" if nb else ""
        if kind == "Barrier":
            lines = self.call("Barrier", "c", nb) + [f'printf("[%d] {label} {pre}barrier passed\\n", wr);']
            return f"MPI_{pre}Barrier", lines
        # counts per rank for the v-forms: from the rank, some zero
        a, b, m = r.randint(1, 3), r.randint(0, 2), r.randint(2, 4)
        cnt = lambda who: f"(({who}) * {a} + {b}) % {m}"
        gap = r.randint(0, 2)
        vsetup = [f"int counts[{MAXN}], displs[{MAXN}], total = 0;",
                  "for (int j = 0; j < n; j++) {",
                  f"    counts[j] = {cnt('j')};",
                  "    displs[j] = total;",
                  f"    total += counts[j] + {gap};",
                  "}"]
        show_all = lambda count: self.show(ctype, count, "recv", f"{label} {pre}{kind.lower()} {mt[4:]}")
        if kind == "Bcast":
            dt = r.random() < 0.4
            if dt:
                comment, mk, ext, size, span = self.derived_types(ctype)
                cnt_dt = 1 if self.overlaps else r.randint(1, 2)
                lines += ["MPI_Datatype dt;"] + mk + ["MPI_Type_commit(&dt);",
                          f"if (r != {root}) for (int i = 0; i < {big}; i++) send[i] = ({ctype})99;"]
                lines += self.call("Bcast", f"send, {cnt_dt}, dt, {root}, c", nb)
                lines += ["MPI_Type_free(&dt);"]
                lines += self.show(ctype, (cnt_dt - 1) * ext + span, "send",
                                   f"{label} {pre}bcast {cnt_dt} of {comment}")
                return f"MPI_{pre}Bcast of {cnt_dt} x {comment} from {root}", lines
            lines += [f"if (r != {root}) for (int i = 0; i < {big}; i++) send[i] = ({ctype})99;"]
            lines += self.call("Bcast", f"send, {k}, {mt}, {root}, c", nb)
            lines += self.show(ctype, k, "send", f"{label} {pre}bcast {mt[4:]}")
            return f"MPI_{pre}Bcast of {k} {mt} from {root}", lines
        if kind in ("Gather", "Allgather", "Scatter", "Alltoall") and r.random() < 0.35:
            # A derived datatype on one side, its type signature matched by plain elements on the
            # other: each block is 1 dt on the side that has it, `size` elements on the other.
            comment, mk, ext, size, span = self.derived_types(ctype)
            side = "send" if self.overlaps else r.choice(["send", "recv"])
            blocks = "1" if kind == "Scatter" else "n"
            big = 160
            lines = [f"{ctype} send[{big}], recv[{big}];",
                     f"for (int i = 0; i < {big}; i++) {{",
                     f"    send[i] = ({ctype})({self.value_expr(t[4])});",
                     f"    recv[i] = ({ctype})99;",
                     "}",
                     "MPI_Datatype dt;"] + mk + ["MPI_Type_commit(&dt);"]
            if side == "send":
                types = f"send, 1, dt, recv, {size}, {mt}"
                shown = f"{blocks} * {size}"
            else:
                types = f"send, {size}, {mt}, recv, 1, dt"
                shown = f"({blocks} - 1) * {ext} + {span}"
            rooted = kind in ("Gather", "Scatter")
            lines += self.call(kind, types + (f", {root}" if rooted else "") + ", c", nb)
            lines.append("MPI_Type_free(&dt);")
            show = self.show(ctype, shown, "recv", f"{label} {pre}{kind.lower()} {side} as {comment}")
            if kind == "Gather":
                lines += [f"if (r == {root})"] + ["    " + x for x in show]
            else:
                lines += show
            return (f"MPI_{pre}{kind} of {mt}, the {side} side as 1 x {comment}"
                    + (f" (root {root})" if rooted else "")), lines
        if kind == "Allgather" and r.random() < 0.3:
            lines += [f"for (int i = 0; i < {k}; i++) recv[r * {k} + i] = send[i];"]
            lines += self.call("Allgather", f"MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, recv, {k}, {mt}, c", nb)
            lines += show_all(f"{k} * n")
            return f"MPI_{pre}Allgather of {k} {mt} in place", lines
        if kind == "Gather":
            lines += self.call("Gather", f"send, {k}, {mt}, recv, {k}, {mt}, {root}, c", nb)
            lines += [f"if (r == {root})"] + ["    " + x for x in show_all(f"{k} * n")]
            return f"MPI_{pre}Gather of {k} {mt} to {root}", lines
        if kind == "Allgather":
            lines += self.call("Allgather", f"send, {k}, {mt}, recv, {k}, {mt}, c", nb)
            lines += show_all(f"{k} * n")
            return f"MPI_{pre}Allgather of {k} {mt}", lines
        if kind == "Scatter":
            lines += self.call("Scatter", f"send, {k}, {mt}, recv, {k}, {mt}, {root}, c", nb)
            lines += show_all(k)
            return f"MPI_{pre}Scatter of {k} {mt} from {root}", lines
        if kind == "Alltoall":
            lines += self.call("Alltoall", f"send, {k}, {mt}, recv, {k}, {mt}, c", nb)
            lines += show_all(f"{k} * n")
            return f"MPI_{pre}Alltoall of {k} {mt}", lines
        lines += vsetup
        if kind == "Gatherv":
            lines += self.call("Gatherv", f"send, counts[r], {mt}, recv, counts, displs, {mt}, {root}, c", nb)
            lines += [f"if (r == {root})"] + ["    " + x for x in show_all("total")]
            return f"MPI_{pre}Gatherv of {cnt('r')} {mt} to {root}", lines
        if kind == "Allgatherv":
            lines += self.call("Allgatherv", f"send, counts[r], {mt}, recv, counts, displs, {mt}, c", nb)
            lines += show_all("total")
            return f"MPI_{pre}Allgatherv of {cnt('r')} {mt}", lines
        if kind == "Scatterv":
            lines += self.call("Scatterv", f"send, counts, displs, {mt}, recv, counts[r], {mt}, {root}, c", nb)
            lines += show_all("counts[r] + 1")
            return f"MPI_{pre}Scatterv of {cnt('r')} {mt} from {root}", lines
        # Alltoallv: rank r sends cnt(r + j) to j; receives cnt(j + r) from j
        lines += [f"int sc[{MAXN}], sd[{MAXN}], rc[{MAXN}], rd[{MAXN}], st = 0, rt = 0;",
                  "for (int j = 0; j < n; j++) {",
                  f"    sc[j] = {cnt('r + j')}; sd[j] = st; st += sc[j] + {gap};",
                  f"    rc[j] = {cnt('j + r')}; rd[j] = rt; rt += rc[j] + {gap};",
                  "}"]
        lines += self.call("Alltoallv", f"send, sc, sd, {mt}, recv, rc, rd, {mt}, c", nb)
        lines += show_all("rt")
        return f"MPI_{pre}Alltoallv of {mt}, rank r sends {cnt('r + j')} to j", lines

    def derived_types(self, base):
        d = self.derived(base)
        span = d[4] if len(d) > 4 else d[2]
        return d[0], d[1], d[2], d[3], span

    def point_to_point(self, label):
        r = self.r
        kind = r.choice(["ring", "ring", "wildcard", "pairs", "everyone", "probe"])
        t = r.choice(ALL_TYPES)
        ctype, mt = t[0], t[1]
        k = r.randint(1, 4)
        big = 48
        lines = [f"{ctype} send[{big}], recv[{big}];",
                 f"for (int i = 0; i < {big}; i++) {{",
                 f"    send[i] = ({ctype})({self.value_expr(t[4])});",
                 f"    recv[i] = ({ctype})99;",
                 "}"]
        tag = r.randint(0, 30)
        if kind == "wildcard":
            # every other rank sends to the root; the root takes them with MPI_ANY_SOURCE (and maybe
            # MPI_ANY_TAG) and files each by its status, so the order they arrive in cannot show.
            root = f"{r.randint(0, 6)} % n"
            anytag = r.random() < 0.5
            lines += [f"int root = {root};",
                      "if (r != root) {",
                      f"    MPI_{r.choice(['Send', 'Ssend', 'Send'])}(send, {k} + r % 2, {mt}, root, {tag} + r, c);",
                      "} else {",
                      f"    int got[{MAXN}];",
                      "    for (int j = 1; j < n; j++) {",
                      "        MPI_Status st;",
                      f"        {ctype} tmp[8];",
                      f"        MPI_Recv(tmp, 8, {mt}, MPI_ANY_SOURCE, MPI_ANY_TAG, c, &st);",
                      f"        MPI_Get_count(&st, {mt}, &got[st.MPI_SOURCE]);",
                      f"        if (st.MPI_TAG != {tag} + st.MPI_SOURCE) printf(\"[%d] {label} wrong tag %d\\n\", wr, st.MPI_TAG);",
                      f"        for (int i = 0; i < got[st.MPI_SOURCE]; i++) recv[st.MPI_SOURCE * 6 + i] = tmp[i];",
                      "    }",
                      "    for (int j = 0; j < n; j++)",
                      "        if (j != root)",
                      f'            printf("[%d] {label} from %d: %d elements\\n", wr, j, got[j]);',
                      ]
            lines += ["    " + x for x in self.show(ctype, "6 * n", "recv", f"{label} any-source {mt[4:]}")]
            lines += ["}"]
            lines.append("MPI_Barrier(c);  /* no later action's message can reach the wildcard receives above */")
            return f"every rank sends {k} or {k}+1 {mt} to rank {root}, received with MPI_ANY_SOURCE", lines
        if kind == "everyone":
            # every rank sends to every other rank, k + its rank elements under tag 100 + its rank;
            # receives are posted per source and completed by MPI_Waitany / Waitsome / Waitall,
            # each filed by its index, so completion order cannot show.
            how = r.choice(["MPI_Waitany", "MPI_Waitsome", "MPI_Waitall", "MPI_Testall"])
            lines += [f"MPI_Request q[2 * {MAXN}];",
                      f"MPI_Status sts[2 * {MAXN}];",
                      f"int got[{MAXN}];",
                      "for (int j = 0; j < n; j++) {",
                      f"    MPI_Irecv(recv + 6 * j, 6, {mt}, j, 100 + j, c, &q[j]);",
                      f"    MPI_Isend(send + r, {k} + r % 3, {mt}, j, 100 + r, c, &q[n + j]);",
                      "}"]
            if how == "MPI_Waitany":
                lines += ["for (int done = 0; done < 2 * n; done++) {",
                          "    int idx;",
                          "    MPI_Status one;",
                          "    MPI_Waitany(2 * n, q, &idx, &one);",
                          "    if (idx < n) sts[idx] = one;",
                          "}"]
            elif how == "MPI_Waitsome":
                lines += ["for (int done = 0; done < 2 * n;) {",
                          f"    int outcount, idx[2 * {MAXN}];",
                          f"    MPI_Status some[2 * {MAXN}];",
                          "    MPI_Waitsome(2 * n, q, &outcount, idx, some);",
                          "    for (int j = 0; j < outcount; j++)",
                          "        if (idx[j] < n) sts[idx[j]] = some[j];",
                          "    done += outcount;",
                          "}"]
            elif how == "MPI_Testall":
                lines += ["int flag = 0;",
                          "while (!flag) MPI_Testall(2 * n, q, &flag, sts);"]
            else:
                lines += ["MPI_Waitall(2 * n, q, sts);"]
            lines += ["for (int j = 0; j < n; j++) {",
                      f"    MPI_Get_count(&sts[j], {mt}, &got[j]);",
                      f'    printf("[%d] {label} from %d: source %d tag %d count %d\\n", wr, j, sts[j].MPI_SOURCE, sts[j].MPI_TAG, got[j]);',
                      "}"]
            lines += self.show(ctype, "6 * n", "recv", f"{label} everyone {mt[4:]}")
            return f"every rank sends {k} + (its rank % 3) {mt} to every rank, completed with {how}", lines
        if kind == "probe":
            # rank r sends k + r % 2 elements to r + 1; the receiver probes for the size first.
            lines += ["if (n > 1) {",
                      "    MPI_Request q;",
                      f"    MPI_Isend(send, {k} + r % 2, {mt}, (r + 1) % n, {tag}, c, &q);",
                      "    MPI_Status st;",
                      "    int got;",
                      f"    MPI_Probe({r.choice(['(r + n - 1) % n', 'MPI_ANY_SOURCE'])}, {r.choice([str(tag), 'MPI_ANY_TAG'])}, c, &st);",
                      f"    MPI_Get_count(&st, {mt}, &got);",
                      f"    MPI_Recv(recv, got, {mt}, st.MPI_SOURCE, st.MPI_TAG, c, MPI_STATUS_IGNORE);",
                      "    MPI_Wait(&q, MPI_STATUS_IGNORE);",
                      f'    printf("[%d] {label} probed source %d tag %d count %d\\n", wr, st.MPI_SOURCE, st.MPI_TAG, got);']
            lines += ["    " + x for x in self.show(ctype, "got", "recv", f"{label} probe {mt[4:]}")]
            lines += ["}"]
            lines.append("MPI_Barrier(c);  /* no later action's message can reach the wildcard receives above */")
            return f"rank r sends {k} + r % 2 {mt} to r + 1, which probes for it first", lines
        shift = r.randint(1, 3)
        dtsend = r.random() < 0.5
        dtrecv = r.random() < 0.4
        desc = []
        send_t, recv_t, scount, rcount = mt, mt, k, k
        if dtsend or dtrecv:
            comment, mk, ext, size, span = self.derived_types(ctype)
            c2 = 1 if self.overlaps and dtrecv else r.randint(1, 2)
            lines += ["MPI_Datatype dt;"] + mk + ["MPI_Type_commit(&dt);"]
            if dtsend:
                send_t, scount = "dt", c2
                desc.append(f"sent as {c2} x {comment}")
            else:
                scount = c2 * size
                if dtrecv and r.random() < 0.5:
                    # fewer elements than the receive's datatypes hold: a partial receive, whose
                    # MPI_Get_count is MPI_UNDEFINED and MPI_Get_elements the elements that came
                    scount = max(1, c2 * size - r.randint(1, size))
                    desc.append(f"{scount} elements sent")
            if dtrecv:
                recv_t, rcount = "dt", c2
                desc.append(f"received as {c2} x {comment}")
                shown = (c2 - 1) * ext + span
            else:
                rcount = c2 * size
                shown = c2 * size
        else:
            shown = k
        if kind == "ring":
            to, frm = f"(r + {shift}) % n", f"(r - {shift} % n + n) % n"
            style = r.choice(["Sendrecv", "Isend/Irecv", "Irecv/Send", "Issend/Recv"]
                             + ([] if dtsend or dtrecv else ["Sendrecv_replace", "Irecv/Barrier/Rsend"]))
            lines += [f"int to = {to}, from = {frm};", "MPI_Status st;", "int got;"]
            if style == "Sendrecv":
                lines += [f"MPI_Sendrecv(send, {scount}, {send_t}, to, {tag}, recv, {rcount}, {recv_t}, from, {tag}, c, &st);"]
            elif style == "Sendrecv_replace":
                lines += ["memcpy(recv, send, sizeof send);",
                          f"MPI_Sendrecv_replace(recv, {k}, {mt}, to, {tag}, from, {tag}, c, &st);"]
            elif style == "Irecv/Barrier/Rsend":
                # ready mode: every receive is posted before the barrier, every send after it
                lines += ["MPI_Request q;",
                          f"MPI_Irecv(recv, {rcount}, {recv_t}, from, {tag}, c, &q);",
                          "MPI_Barrier(c);",
                          f"MPI_Rsend(send, {scount}, {send_t}, to, {tag}, c);",
                          "MPI_Wait(&q, &st);"]
            elif style == "Isend/Irecv":
                lines += ["MPI_Request q[2];",
                          f"MPI_Irecv(recv, {rcount}, {recv_t}, from, {tag}, c, &q[0]);",
                          f"MPI_Isend(send, {scount}, {send_t}, to, {tag}, c, &q[1]);",
                          "MPI_Status sts[2];",
                          "MPI_Waitall(2, q, sts);",
                          "st = sts[0];"]
            elif style == "Irecv/Send":
                lines += ["MPI_Request q;",
                          f"MPI_Irecv(recv, {rcount}, {recv_t}, from, {tag}, c, &q);",
                          f"MPI_Send(send, {scount}, {send_t}, to, {tag}, c);",
                          "MPI_Wait(&q, &st);"]
            else:
                lines += ["MPI_Request q;",
                          f"MPI_Issend(send, {scount}, {send_t}, to, {tag}, c, &q);",
                          f"MPI_Recv(recv, {rcount}, {recv_t}, from, {tag}, c, &st);",
                          "MPI_Wait(&q, MPI_STATUS_IGNORE);"]
            lines += [f"MPI_Get_count(&st, {recv_t}, &got);",
                      f'printf("[%d] {label} from %d tag %d count %d\\n", wr, st.MPI_SOURCE, st.MPI_TAG, got);']
            if dtrecv:
                lines += ["int elements;",
                          "MPI_Get_elements(&st, dt, &elements);",
                          f'printf("[%d] {label} elements %d\\n", wr, elements);']
            lines += self.show(ctype, shown, "recv", f"{label} ring {mt[4:]}")
            if dtsend or dtrecv:
                lines.append("MPI_Type_free(&dt);")
            return f"ring shift by {shift} with {style}, {scount} {send_t if send_t != 'dt' else ''}" + (
                ("; " + "; ".join(desc)) if desc else ""), lines
        # pairs: rank 2j with 2j+1, blocking send/recv in opposite orders; an odd last rank idle
        lines += ["int partner = r ^ 1;",
                  "if (partner < n) {",
                  "    MPI_Status st;",
                  "    int got;",
                  "    if (r % 2 == 0) {",
                  f"        MPI_Send(send, {scount}, {send_t}, partner, {tag}, c);",
                  f"        MPI_Recv(recv, {rcount}, {recv_t}, partner, MPI_ANY_TAG, c, &st);",
                  "    } else {",
                  f"        MPI_Recv(recv, {rcount}, {recv_t}, MPI_ANY_SOURCE, {tag}, c, &st);",
                  f"        MPI_Send(send, {scount}, {send_t}, partner, {tag}, c);",
                  "    }",
                  f"    MPI_Get_count(&st, {recv_t}, &got);",
                  f'    printf("[%d] {label} from %d tag %d count %d\\n", wr, st.MPI_SOURCE, st.MPI_TAG, got);']
        lines += ["    " + x for x in self.show(ctype, shown, "recv", f"{label} pair {mt[4:]}")]
        lines += ["}"]
        lines.append("MPI_Barrier(c);  /* no later action's message can reach the wildcard receives above */")
        if dtsend or dtrecv:
            lines.append("MPI_Type_free(&dt);")
        return f"pairs (r, r^1) exchange {scount} {send_t if send_t != 'dt' else ''}" + (
            ("; " + "; ".join(desc)) if desc else ""), lines

    def struct_action(self, label):
        """A C struct described with MPI_Type_create_struct, moved by MPI_Bcast or MPI_Sendrecv."""
        r = self.r
        fields = []
        pool = [("int", "MPI_INT", "%d", ""), ("double", "MPI_DOUBLE", "%g", ""),
                ("char", "MPI_CHAR", "%d", "(int)"), ("short", "MPI_SHORT", "%d", "(int)"),
                ("long", "MPI_LONG", "%ld", ""), ("float", "MPI_FLOAT", "%g", "(double)")]
        for j in range(r.randint(2, 4)):
            f = r.choice(pool)
            arr = r.choice([1, 1, 2, 3])
            fields.append((f"f{j}", f, arr))
        # Each action's own tag: Rankscope's C gives struct tags one program-wide scope (a
        # documented simplification), so two blocks may not both define `struct rec`.
        tag_name = "rec_" + label.replace(".", "_")
        decl = f"struct {tag_name} {{ " + " ".join(
            f"{f[0]} {name}{'[%d]' % arr if arr > 1 else ''};" for name, f, arr in fields) + " };"
        n_items = r.randint(1, 3)
        resized = r.random() < 0.3
        lines = [decl, f"struct {tag_name} a[{n_items}], b[{n_items}];",
                 "memset(a, 0, sizeof a);", "memset(b, 0, sizeof b);",
                 f"for (int i = 0; i < {n_items}; i++) {{"]
        for name, f, arr in fields:
            for e in range(arr):
                ref = f"a[i].{name}" + (f"[{e}]" if arr > 1 else "")
                lines.append(f"    {ref} = ({f[0]})((r * {r.randint(1, 9)} + i * {r.randint(1, 9)} + {e}) % 50 - 20);")
                ref_b = ref.replace("a[i]", "b[i]")
                lines.append(f"    {ref_b} = ({f[0]})-1;")
        lines += ["}",
                  f"int bl[{len(fields)}] = {{{', '.join(str(a) for _, _, a in fields)}}};",
                  f"MPI_Aint di[{len(fields)}] = {{{', '.join(f'offsetof(struct {tag_name}, {nm})' for nm, _, _ in fields)}}};",
                  f"MPI_Datatype ty[{len(fields)}] = {{{', '.join(f[1] for _, f, _ in fields)}}};",
                  "MPI_Datatype dt;",
                  f"MPI_Type_create_struct({len(fields)}, bl, di, ty, &dt);"]
        if resized:
            lines += ["MPI_Datatype tight = dt;",
                      f"MPI_Type_create_resized(tight, 0, sizeof(struct {tag_name}), &dt);",
                      "MPI_Type_free(&tight);"]
        lines += ["MPI_Type_commit(&dt);"]
        how = r.choice(["Bcast", "Sendrecv"])
        tag = r.randint(0, 9)
        if how == "Bcast":
            root = f"{r.randint(0, 6)} % n"
            lines += [f"if (r == {root}) memcpy(b, a, sizeof a);",
                      f"MPI_Bcast(b, {n_items}, dt, {root}, c);"]
            desc = f"MPI_Bcast of {n_items} {decl[:-2]}}} from {root}"
        else:
            lines += [f"MPI_Sendrecv(a, {n_items}, dt, (r + 1) % n, {tag}, b, {n_items}, dt, (r + n - 1) % n, {tag}, c, MPI_STATUS_IGNORE);"]
            desc = f"ring MPI_Sendrecv of {n_items} {decl[:-2]}}}"
        lines += ["MPI_Aint lb, ext;", "MPI_Type_get_extent(dt, &lb, &ext);",
                  "int size;", "MPI_Type_size(dt, &size);",
                  f'printf("[%d] {label} struct size %d extent %ld\\n", wr, size, (long)ext);',
                  f"for (int i = 0; i < {n_items}; i++)"]
        fmt = " ".join(f[2] for _, f, arr in fields for _ in range(arr))
        vals = ", ".join(f"{f[3]}b[i].{nm}" + (f"[{e}]" if arr > 1 else "")
                         for nm, f, arr in fields for e in range(arr))
        lines += [f'    printf("[%d] {label} struct %d: {fmt}\\n", wr, i, {vals});',
                  "MPI_Type_free(&dt);"]
        return desc, lines

    def two_nonblocking(self, label):
        """Two non-blocking collectives outstanding at once, completed with MPI_Waitall."""
        r = self.r
        k = r.randint(1, 3)
        root = f"{r.randint(0, 6)} % n"
        lines = [f"int a[{k}], b[{k} * {MAXN}], s[{k}];",
                 f"for (int i = 0; i < {k}; i++) {{ a[i] = {self.value_expr('int')}; s[i] = -1; }}",
                 f"for (int i = 0; i < {k} * {MAXN}; i++) b[i] = -1;",
                 "MPI_Request q[2];"]
        first = r.choice(["Iallreduce", "Iscan"])
        op = r.choice(["MPI_SUM", "MPI_MAX", "MPI_MIN"])
        second = r.choice(["Iallgather", "Igather"])
        lines.append(f"MPI_{first}(a, s, {k}, MPI_INT, {op}, c, &q[0]);")
        if second == "Igather":
            lines.append(f"MPI_Igather(a, {k}, MPI_INT, b, {k}, MPI_INT, {root}, c, &q[1]);")
        else:
            lines.append(f"MPI_Iallgather(a, {k}, MPI_INT, b, {k}, MPI_INT, c, &q[1]);")
        lines.append("MPI_Waitall(2, q, MPI_STATUSES_IGNORE);")
        lines += self.show("int", k, "s", f"{label} {first.lower()} {op[4:]}")
        show_b = self.show("int", f"{k} * n", "b", f"{label} {second.lower()}")
        if second == "Igather":
            lines += [f"if (r == {root})"] + ["    " + x for x in show_b]
        else:
            lines += show_b
        return f"MPI_{first} ({op}) and MPI_{second} of {k} ints outstanding together", lines

    def large(self, label):
        """A collective of many ints (MPICH and Rankscope switch algorithms by size), printed as a
        weighted checksum and a few elements."""
        r = self.r
        kind = r.choice(["Bcast", "Allreduce", "Reduce", "Allgather", "Alltoall",
                         "Reduce_scatter_block", "Gather", "Scan"])
        many = kind in ("Allgather", "Alltoall", "Reduce_scatter_block", "Gather")
        count = r.choice([3000, 20000, 40000] if many else [3000, 20000, 70000, 150000])
        root = f"{r.randint(0, 6)} % n"
        op = r.choice(["MPI_SUM", "MPI_MAX", "MPI_MIN", "MPI_BXOR"])
        total = f"(size_t){count} * {'n' if many else '1'}"
        lines = [f"int *send = malloc({total} * sizeof(int)), *recv = malloc({total} * sizeof(int));",
                 f"for (size_t i = 0; i < {total}; i++) {{",
                 f"    send[i] = {self.value_expr('int').replace('i *', '(int)(i % 1000) *')};",
                 "    recv[i] = -1;",
                 "}"]
        args = {
            "Bcast": f"send, {count}, MPI_INT, {root}, c",
            "Allreduce": f"send, recv, {count}, MPI_INT, {op}, c",
            "Reduce": f"send, recv, {count}, MPI_INT, {op}, {root}, c",
            "Scan": f"send, recv, {count}, MPI_INT, {op}, c",
            "Allgather": f"send, {count}, MPI_INT, recv, {count}, MPI_INT, c",
            "Alltoall": f"send, {count}, MPI_INT, recv, {count}, MPI_INT, c",
            "Reduce_scatter_block": f"send, recv, {count}, MPI_INT, {op}, c",
            "Gather": f"send, {count}, MPI_INT, recv, {count}, MPI_INT, {root}, c",
        }[kind]
        shown = "send" if kind == "Bcast" else "recv"
        if kind == "Bcast":
            lines.append(f"if (r != {root}) for (size_t i = 0; i < {count}; i++) send[i] = 0;")
        lines.append(f"MPI_{kind}({args});")
        length = f"(size_t){count} * n" if kind in ("Allgather", "Alltoall", "Gather") else str(count)
        lines += [f"if ({'r == ' + root if kind in ('Reduce', 'Gather') else '1'}) {{",
                  "    long long sum = 0;",
                  f"    size_t len = {length};",
                  f"    for (size_t i = 0; i < len; i++) sum += (long long){shown}[i] * (long long)(i % 7 + 1);",
                  f'    printf("[%d] {label} large {kind.lower()} of {count} ints: checksum %lld, first %d, middle %d, last %d\\n", wr, sum, {shown}[0], {shown}[len / 2], {shown}[len - 1]);',
                  "}",
                  "free(send);",
                  "free(recv);"]
        what = f" with {op}" if kind in ("Allreduce", "Reduce", "Scan", "Reduce_scatter_block") else ""
        return f"MPI_{kind} of {count} ints{what} (a large message: another algorithm)", lines

    def user_op(self, label):
        """A non-commutative user operation (composing affine maps x -> m x + c, mod 1009): the
        order of the operands shows in the result."""
        r = self.r
        kind = r.choice(["Reduce", "Allreduce", "Scan", "Exscan", "Reduce_scatter_block"])
        k = r.randint(1, 3)
        root = f"{r.randint(0, 6)} % n"
        a, b = r.randint(1, 9), r.randint(1, 9)
        lines = ["MPI_Datatype affine;",
                 "MPI_Type_contiguous(2, MPI_INT, &affine);",
                 "MPI_Type_commit(&affine);",
                 "MPI_Op op;",
                 "MPI_Op_create(compose_affine, 0, &op);",
                 f"int send[2 * {k} * {MAXN}], recv[2 * {k} * {MAXN}];",
                 f"for (int i = 0; i < {k} * {MAXN}; i++) {{",
                 f"    send[2 * i] = 1 + (r * {a} + i) % 4;",
                 f"    send[2 * i + 1] = (r * {b} + 3 * i) % 10;",
                 "    recv[2 * i] = recv[2 * i + 1] = -1;",
                 "}"]
        rest = {"Reduce": f"{k}, affine, op, {root}, c",
                "Reduce_scatter_block": f"{k}, affine, op, c"}.get(kind, f"{k}, affine, op, c")
        lines.append(f"MPI_{kind}(send, recv, {rest});")
        cond = {"Reduce": f"r == {root}", "Exscan": "r > 0"}.get(kind)
        show = self.show("int", 2 * k, "recv", f"{label} user op {kind.lower()}")
        lines += ([f"if ({cond})"] + ["    " + x for x in show]) if cond else show
        lines += ["MPI_Op_free(&op);", "MPI_Type_free(&affine);"]
        return f"MPI_{kind} of {k} affine maps with a non-commutative MPI_Op_create operation", lines

    def action(self, label):
        r = self.r
        pick = r.choices(["reduction", "collective", "p2p", "struct", "two", "large", "user_op"],
                         [4, 5, 4, 1, 1, 1, 1])[0]
        if pick == "large":
            return self.large(label)
        if pick == "user_op":
            return self.user_op(label)
        if pick == "reduction":
            desc, _total, lines = self.reduction(label)
            return desc, lines
        if pick == "collective":
            return self.collective(label)
        if pick == "p2p":
            return self.point_to_point(label)
        if pick == "struct":
            return self.struct_action(label)
        return self.two_nonblocking(label)

    def program(self):
        r = self.r
        n = r.randint(2, MAXN)
        steps = []
        for s in range(r.randint(3, 6)):
            cdesc, setup, extra = self.communicator(n)
            actions = []
            for a in range(r.randint(1, 3)):
                actions.append(self.action(f"s{s}.{a}"))
            teardown = []
            if setup != ["MPI_Comm c = MPI_COMM_WORLD;"]:
                teardown.append("if (c != MPI_COMM_NULL) MPI_Comm_free(&c);")
            for e in extra:
                teardown.append(f"if ({e} != MPI_COMM_NULL) MPI_Comm_free(&{e});")
            steps.append(Step(cdesc, setup, actions, teardown))
        return n, steps


def render(seed, n, steps, keep=None):
    """The C program; `keep` (a set of step indices and (step, action) pairs) selects a subset."""
    out = [f"/* Ranks: {n} — random MPI program, seed {seed} (scripts/random_mpi.py).",
           "   Each step makes a communicator, runs actions over it and frees it; every rank prints",
           "   what it received, one line per action, tagged [world rank] sSTEP.ACTION. */",
           "#include <mpi.h>", "#include <stdio.h>", "#include <string.h>", "#include <stddef.h>",
           "#include <stdint.h>", "#include <stdlib.h>", ""]
    used = [lines for s, step in enumerate(steps) if keep is None or s in keep
            for a, (_, lines) in enumerate(step.actions) if keep is None or (s, a) in keep]
    if any("compose_affine" in line for lines in used for line in lines):
        out += ["/* A non-commutative operation: pairs (m, c) are the maps x -> m x + c (mod 1009);",
                "   inout becomes `in` followed by `inout`, as MPI orders the operands. */",
                "static void compose_affine(void *in, void *inout, int *len, MPI_Datatype *type) {",
                "    int *a = in, *b = inout;",
                "    for (int i = 0; i < *len; i++) {",
                "        int m = a[2 * i] * b[2 * i] % 1009;",
                "        int c = (a[2 * i + 1] * b[2 * i] + b[2 * i + 1]) % 1009;",
                "        b[2 * i] = m;",
                "        b[2 * i + 1] = c;",
                "    }",
                "    (void)type;",
                "}",
                ""]
    out += ["int main(int argc, char **argv) {",
           "    MPI_Init(&argc, &argv);",
           "    int wr, p;",
           "    MPI_Comm_rank(MPI_COMM_WORLD, &wr);",
           "    MPI_Comm_size(MPI_COMM_WORLD, &p);"]
    for s, step in enumerate(steps):
        if keep is not None and s not in keep:
            continue
        out.append("")
        out.append(f"    /* step {s}: on {step.comment} */")
        out.append("    {")
        out += ["        " + x for x in step.setup]
        out.append("        if (c != MPI_COMM_NULL) {")
        out.append("            int r, n;")
        out.append("            MPI_Comm_rank(c, &r);")
        out.append("            MPI_Comm_size(c, &n);")
        out.append("            int same;")
        out.append("            MPI_Comm_compare(c, MPI_COMM_WORLD, &same);")
        out.append(f'            printf("[%d] s{s} communicator: rank %d of %d, compared with MPI_COMM_WORLD %d\\n", wr, r, n, same);')
        for a, (desc, lines) in enumerate(step.actions):
            if keep is not None and (s, a) not in keep:
                continue
            out.append(f"            /* {s}.{a}: {desc} */")
            out.append("            {")
            out += ["                " + x for x in lines]
            out.append("            }")
        out.append("        }")
        out += ["        " + x for x in step.teardown]
        out.append("    }")
    out += ["", "    MPI_Finalize();", "    return 0;", "}", ""]
    return "\n".join(out)


def generate(seed):
    """(ranks, steps) of a seed's program."""
    return Gen(seed).program()


def all_parts(steps):
    keep = set()
    for s, step in enumerate(steps):
        keep.add(s)
        for a in range(len(step.actions)):
            keep.add((s, a))
    return keep


def main():
    args = sys.argv[1:]
    if not args:
        raise SystemExit(__doc__)
    seed = int(args[0])
    n, steps = generate(seed)
    keep = None
    if args[1:2] == ["--keep"]:
        keep = set()
        for part in args[2].split(","):
            if "." in part:
                s, a = part.split(".")
                keep.add(int(s))
                keep.add((int(s), int(a)))
            else:
                keep.add(int(part))
                keep |= {(int(part), a) for a in range(len(steps[int(part)].actions))}
    sys.stdout.write(render(seed, n, steps, keep))


if __name__ == "__main__":
    main()
