#!/usr/bin/env python3
"""Puts the site's Content-Security-Policy into the built index.html, as a <meta> tag.

A trunk post_build hook (Trunk.toml, `[[hooks]]`), so `trunk build` and `trunk serve` both get it:
it runs after trunk has written the staging index.html and before trunk moves it to dist/. It can
also be run by hand on a built file: `python3 scripts/csp.py dist/index.html`.

The policy allows no inline script but the ones it hashes here (trunk's loader, whose text names
the content-hashed file names and so is only known after the build; under `trunk serve` also its
live-reload script) and no origin but the site's own. POLICY below is the one place the policy is
written; README.md ("Content-Security-Policy") and ARCHITECTURE.md summarise it.

It fails the build (exit status 1, with the reason) rather than write a policy the page would break
under: no inline script found, a script of a type it does not know, a script or stylesheet from
another origin, an inline event handler (`onclick=`), a `<style>` element, a `javascript:` URL,
a trunk placeholder it cannot fill in, or a policy already present.
"""

import base64
import hashlib
import html
import os
import re
import sys
from html.parser import HTMLParser

HASHES = "<the sha256 of every inline script>"

# (directive, sources, why). The only place the policy is written.
POLICY = [
    ("default-src", ["'none'"],
     "anything not named below (frames, workers, media, manifests, plugins) is refused: the "
     "playground uses none of them"),
    ("script-src", ["'self'", "'wasm-unsafe-eval'", HASHES],
     "'self': the wasm-bindgen JS module; the hashes: trunk's inline loader that imports it and "
     "calls init (and trunk serve's live-reload script); 'wasm-unsafe-eval': compiling the app's "
     ".wasm (WebAssembly only: JS eval and new Function stay refused, no 'unsafe-eval'); no "
     "'unsafe-inline', so injected scripts and onclick= attributes do not run"),
    ("connect-src", ["'self'"],
     "the loader fetches the .wasm (and the <link rel=preload as=fetch> of it); under trunk serve "
     "the live-reload WebSocket to the same host, which 'self' covers (CSP 3)"),
    ("style-src", ["'self'"],
     "the site's stylesheets; no <style> elements"),
    ("style-src-attr", ["'unsafe-inline'"],
     "Yew writes style=\"--rank-hue: …; top: calc(…)\" attributes (run panel, the editor's line "
     "marks), which CSP counts as inline style; an attribute styles one element and can load "
     "nothing beyond img-src and font-src, so this is the small relaxation. Only attributes: "
     "<style> elements stay refused by style-src"),
    ("img-src", ["'self'"],
     "the favicon; the charts are inline SVG and canvas, not image loads"),
    ("font-src", ["'self'"],
     "the self-hosted Inter and JetBrains Mono in fonts/"),
    ("object-src", ["'none'"],
     "no plugins (default-src says it already; stated because policy checkers look for it)"),
    ("base-uri", ["'none'"],
     "every URL of the site is relative (public_url \"./\"): an injected <base> must not move them"),
    ("form-action", ["'none'"],
     "the page submits no form"),
]
# Not set, on purpose:
# - frame-ancestors: lecture slides embed the playground in an iframe (#embed), and a <meta>
#   policy cannot carry frame-ancestors anyway (browsers ignore it there); a server that wants
#   to restrict framing sends it as a header.
# - report-uri / report-to / sandbox: not allowed in a <meta> policy; there is no report endpoint.
# - upgrade-insecure-requests: every URL is relative, so there is nothing to upgrade.

# trunk serve rewrites these placeholders of its live-reload script in every response; filled in
# here instead, the served text is the hashed text. `window.location.host` is what trunk itself
# writes when a request has no Host header.
ADDRESS_PLACEHOLDERS = ("'{{__TRUNK_ADDRESS__}}'", "`{{__TRUNK_ADDRESS__}}`")
WS_BASE_PLACEHOLDER = "{{__TRUNK_WS_BASE__}}"

# Inline script types a browser runs (the others are data blocks, which this site has none of).
SCRIPT_TYPES = {"", "module", "text/javascript", "application/javascript"}
URL_ATTRS = {"href", "src", "action", "formaction", "data", "poster", "srcset"}


class Fail(Exception):
    pass


def fail(msg):
    raise Fail(msg)


def is_remote(url):
    """A URL that leaves the site: a scheme other than data: (checked apart) or a //host URL."""
    u = url.strip().lower()
    return u.startswith("//") or re.match(r"^[a-z][a-z0-9+.-]*:", u) is not None


def ws_base(public_url):
    """The live-reload WebSocket's path as trunk 0.21 derives it from public_url (serve.rs)."""
    if public_url in ("", "./", "/"):
        return "/"
    if public_url.startswith("/"):
        return public_url if public_url.endswith("/") else public_url + "/"
    fail(f"cannot derive trunk's WebSocket base from public_url {public_url!r}")


def fill_trunk_placeholders(text):
    for p in ADDRESS_PLACEHOLDERS:
        text = text.replace(p, "window.location.host")
    if WS_BASE_PLACEHOLDER in text:
        text = text.replace(WS_BASE_PLACEHOLDER, ws_base(os.environ.get("TRUNK_PUBLIC_URL", "./")))
    left = re.search(r"\{\{\s*__TRUNK[^}]*\}\}", text)
    if left:
        fail(f"a trunk placeholder this script does not know is left in the page: {left.group(0)} "
             "(a nonce? the policy is hash-based: set no create_nonce)")
    return text


class Scan(HTMLParser):
    """Collects inline scripts (their exact text) and everything the policy would refuse."""

    def __init__(self, text):
        super().__init__(convert_charrefs=False)
        # getpos() counts lines by "\n" only (not str.splitlines's other breaks).
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.text = text
        self.scripts = []  # (type, text)
        self.charset_end = None  # offset just after <meta charset>
        self.first_resource = None  # offset of the first <script>, <link> or <style>
        self.open_script = None  # (type, offset where its text starts)

    def here(self):
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def handle_starttag(self, tag, attrs):
        self.check_attrs(tag, attrs)
        a = {k: (v or "") for k, v in attrs}
        start = self.here()
        if tag in ("script", "link", "style") and self.first_resource is None:
            self.first_resource = start
        if tag == "meta":
            if "charset" in a and self.charset_end is None:
                self.charset_end = start + len(self.get_starttag_text())
            if a.get("http-equiv", "").lower() == "content-security-policy":
                fail("index.html already has a Content-Security-Policy <meta>")
        elif tag == "style":
            fail("a <style> element: style-src refuses it; put the CSS in a stylesheet")
        elif tag == "script":
            kind = a.get("type", "").strip().lower()
            if "src" in a:
                self.open_script = None
            else:
                if kind not in SCRIPT_TYPES:
                    fail(f"an inline <script type=\"{kind}\"> this script does not understand")
                self.open_script = (kind, start + len(self.get_starttag_text()))

    def handle_startendtag(self, tag, attrs):
        if tag == "script":
            fail("a self-closing <script/>: not valid HTML, the page would swallow what follows")
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "script" and self.open_script is not None:
            kind, begin = self.open_script
            self.scripts.append((kind, self.text[begin:self.here()]))
            self.open_script = None

    def check_attrs(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                fail(f"an inline event handler <{tag} {name}=…>: script-src refuses it")
            if name in URL_ATTRS and value:
                if value.strip().lower().startswith("javascript:"):
                    fail(f"a javascript: URL in <{tag} {name}>")
                if is_remote(value) and not (tag == "a" and name == "href"):
                    fail(f"<{tag} {name}=\"{value}\"> loads from another origin; the policy "
                         "allows only the site's own ('self')")
            if name == "style" and "url(" in value:
                fail(f"a style attribute that loads a URL on <{tag}>")


def script_hash(text):
    # Browsers hash the script's text as parsed: the HTML parser turns CRLF and CR into LF.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def policy(hashes):
    parts = []
    for directive, sources, _why in POLICY:
        words = []
        for s in sources:
            words.extend(hashes if s == HASHES else [s])
        parts.append(" ".join([directive] + words))
    return "; ".join(parts)


def apply(text):
    text = fill_trunk_placeholders(text)
    scan = Scan(text)
    scan.feed(text)
    scan.close()
    if scan.open_script is not None:
        fail("an inline <script> without its </script>")
    if not scan.scripts:
        fail("no inline <script> found: trunk's loader (an inline module that imports the "
             "wasm-bindgen JS and calls init) should be there; has trunk's output changed?")
    if scan.charset_end is None:
        fail("no <meta charset> to put the policy after")
    if scan.first_resource is not None and scan.first_resource < scan.charset_end:
        fail("a <script>, <link> or <style> comes before <meta charset>; the policy must precede "
             "everything it governs")
    hashes = sorted({script_hash(t) for _kind, t in scan.scripts})
    meta = ('\n    <meta http-equiv="Content-Security-Policy" content="'
            + html.escape(policy(hashes), quote=False).replace('"', "&quot;") + '" />')
    at = scan.charset_end
    return text[:at] + meta + text[at:], len(scan.scripts)


def main(argv):
    if len(argv) > 2:
        print("usage: csp.py [INDEX_HTML]  (default: $TRUNK_STAGING_DIR/index.html)", file=sys.stderr)
        return 2
    if len(argv) == 2:
        path = argv[1]
    elif os.environ.get("TRUNK_STAGING_DIR"):
        path = os.path.join(os.environ["TRUNK_STAGING_DIR"], "index.html")
    else:
        print("csp.py: no file given and TRUNK_STAGING_DIR unset (run by trunk, or pass a path)",
              file=sys.stderr)
        return 2
    try:
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
        out, scripts = apply(text)
    except (Fail, OSError, UnicodeDecodeError) as e:
        print(f"csp.py: {path}: {e}", file=sys.stderr)
        print("csp.py: FAILED: no Content-Security-Policy written; the build fails", file=sys.stderr)
        return 1
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(out)
    print(f"csp.py: {path}: Content-Security-Policy added ({scripts} inline script(s) hashed)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
