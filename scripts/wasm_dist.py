#!/usr/bin/env python3
"""Makes the built .wasm lighter to download and writes it precompressed, for any static host.

A trunk post_build hook (Trunk.toml runs it before scripts/csp.py, in one hook: trunk runs the hooks
of a stage concurrently, and both edit index.html). On the staged `*_bg.wasm` it:

1. drops the custom sections the page never reads — `name` (function names, ~0.55 MB raw: only
   stack traces in the browser's console use them, which then show `wasm-function[N]`) and
   `producers` — and updates the file's Subresource Integrity hash in index.html (trunk wrote
   `integrity="sha384-…"` for the original bytes, and the browser refuses a file that does not
   match it);
2. writes `NAME_bg.wasm.gz` (gzip -9) and `NAME_bg.wasm.br` (brotli -q 11, when the `brotli`
   command is installed: scripts/setup.sh installs Debian's) next to it, for hosts that serve
   precompressed files (README.md, "Hosting");
3. prints the sizes (raw, gzip, brotli).

Why not wasm-opt: Debian 12's binaryen 108 cannot read what wasm-bindgen 0.2.130 writes (the
externref shims use `table.fill`, which binaryen learned later), and wasm-opt run on the module
before wasm-bindgen breaks wasm-bindgen ("failed to find `0` in function table"). The size comes
from the `web-release` profile instead (Cargo.toml: opt-level "s"/"z" for the page's crates).

Run by hand on a built dist/: `python3 scripts/wasm_dist.py dist`.
"""

import base64
import glob
import gzip
import hashlib
import os
import shutil
import subprocess
import sys

DROP = {"name", "producers"}


def leb(data, i):
    result = shift = 0
    while True:
        b = data[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return result, i


def strip_sections(data):
    """The module without the custom sections in DROP; and the names of those it dropped."""
    if data[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    out = bytearray(data[:8])
    dropped = []
    i = 8
    while i < len(data):
        start = i
        section = data[i]
        size, body = leb(data, i + 1)
        end = body + size
        if section == 0:
            n, at = leb(data, body)
            name = data[at:at + n].decode("utf-8", "replace")
            if name in DROP:
                dropped.append(f"{name} ({size:,} B)")
                i = end
                continue
        out += data[start:end]
        i = end
    return bytes(out), dropped


def sri(data):
    return "sha384-" + base64.b64encode(hashlib.sha384(data).digest()).decode("ascii")


def main(argv):
    if len(argv) == 1 and os.environ.get("TRUNK_PROFILE") == "debug":
        # trunk serve's debug builds keep their names (readable stack traces) and need no .gz.
        print("wasm_dist.py: debug build: left as it is")
        return 0
    folder = argv[1] if len(argv) > 1 else os.environ.get("TRUNK_STAGING_DIR")
    if not folder:
        print("wasm_dist.py: no folder given and TRUNK_STAGING_DIR unset", file=sys.stderr)
        return 2
    wasms = glob.glob(os.path.join(folder, "*_bg.wasm"))
    if len(wasms) != 1:
        print(f"wasm_dist.py: expected one *_bg.wasm in {folder}, found {len(wasms)}", file=sys.stderr)
        return 1
    path = wasms[0]
    with open(path, "rb") as f:
        before = f.read()
    after, dropped = strip_sections(before)
    index = os.path.join(folder, "index.html")
    with open(index, encoding="utf-8", newline="") as f:
        page = f.read()
    old, new = sri(before), sri(after)
    if after != before:
        if old in page:
            page = page.replace(old, new)
        elif "integrity=" in page and os.path.basename(path) in page:
            print(f"wasm_dist.py: index.html has an integrity hash, but not {old} of {path}",
                  file=sys.stderr)
            return 1
        with open(path, "wb") as f:
            f.write(after)
        with open(index, "w", encoding="utf-8", newline="") as f:
            f.write(page)
    with open(path + ".gz", "wb") as f:
        f.write(gzip.compress(after, compresslevel=9, mtime=0))
    br = "no brotli command: .br not written"
    if shutil.which("brotli"):
        subprocess.run(["brotli", "-f", "-q", "11", "-o", path + ".br", path], check=True)
        br = f"{os.path.getsize(path + '.br'):,} B brotli"
    print(f"wasm_dist.py: {os.path.basename(path)}: dropped {', '.join(dropped) or 'nothing'}; "
          f"{len(after):,} B raw, {os.path.getsize(path + '.gz'):,} B gzip -9, {br}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
