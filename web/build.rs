//! Embeds the tests of MPICH's own suite that the playground's example picker offers.
//!
//! `scripts/setup.sh` unpacks the suite from Debian's source package and writes
//! `target/mpich-suite/playground.json` (`scripts/mpich_suite.py --playground`: the tests
//! `tests/mpich-suite/playground.txt` names, each with the suite's helpers). Nothing of the suite is
//! committed, so this script copies that file into the build; without it the picker offers the
//! project's own examples only, and the build says so.

use std::path::Path;

fn main() {
    let bundle =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/mpich-suite/playground.json");
    println!("cargo:rerun-if-changed={}", bundle.display());
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("mpich_examples.json");
    let text = std::fs::read_to_string(&bundle).unwrap_or_else(|_| {
        println!(
            "cargo:warning=no {}: the example picker will not offer MPICH's own tests (scripts/setup.sh writes it)",
            bundle.display()
        );
        r#"{"mpich": "", "examples": [], "files": {}}"#.to_string()
    });
    std::fs::write(&out, text).expect("OUT_DIR is writable");
}
