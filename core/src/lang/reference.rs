//! The reference of everything a program may call — the C library by header, Rankscope's own
//! built-ins, the MPI functions by family, the constants — each with its C signature and one
//! line on how it is modelled, built as data from the very tables the checker and compiler read
//! (`libc::LIBC`, `builtins::BUILTINS` and `PRINTF_RELATIVES`, `libs::table::FAMILIES`,
//! `builtins::CONSTANTS`, `headers::HEADERS`). The notes are fields of those tables' rows, so a
//! new function cannot be added without one and the reference cannot drift. The web's
//! `#reference` page and `rankscope reference` render it.
//!
//! `MpiFunction::new` requires its note (a family has a `title` and an `about`), `LibFn` has `note`
//! and `header`, `Builtin` has `note`; a test checks that every function the checker accepts
//! appears exactly once, with a note. The web reaches it as a route (`#reference=NAME`); `rankscope
//! reference` prints it as Markdown ([`Reference::markdown`]) or JSON, and both filter with
//! [`Reference::filter`].

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde::Serialize;

use crate::lang::libc::{LibFn, LIBC};
use crate::lang::sema::builtins::{self, Builtin, ConstKind, PRINTF, PRINTF_RELATIVES};
use crate::lang::syntax::headers::{self, HEADERS};
use crate::lang::syntax::token::base_type_name;
use crate::libs::table::FAMILIES;
use crate::proto::p2p::DEFAULT_EAGER_LIMIT;

/// The whole reference: its parts in order (C library, Rankscope, MPI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reference {
    /// The parts.
    pub parts: Vec<Part>,
}

/// One part of the reference: the C library, Rankscope's built-ins, or MPI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Part {
    /// Its id (`c`, `rankscope`, `mpi`).
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// How it is modelled as a whole.
    pub about: String,
    /// Its sections.
    pub sections: Vec<Section>,
}

/// One section: a header, the built-ins, or an MPI family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Section {
    /// Its id, unique in the reference (`stdio.h`, `rankscope`, `mpi-point-to-point`).
    pub id: String,
    /// Its title (`<stdio.h>`, `Point-to-point`).
    pub title: String,
    /// How the section is modelled as a whole (may be empty).
    pub about: String,
    /// Its functions.
    pub entries: Vec<Entry>,
    /// Its macros or constants.
    pub constants: Vec<Constant>,
}

/// One function.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Its name.
    pub name: &'static str,
    /// Its anchor, unique in the reference: the name, or for a second form of a name
    /// (Rankscope's `nanosleep(ns)` beside C's) the name and the section's id.
    pub anchor: String,
    /// Its C prototype, rendered from the table's types (parameter names where the table has
    /// them).
    pub signature: String,
    /// How Rankscope models it, in one line.
    pub note: String,
}

/// A macro or constant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Constant {
    /// Its name (`RAND_MAX`, `MPI_ANY_SOURCE`, `INT64_C(c)`).
    pub name: String,
    /// Its value or its type (`2147483647`, `MPI_Datatype`).
    pub value: String,
}

/// The reference, built from the checker's tables.
pub fn reference() -> Reference {
    let mut parts = vec![
        c_part(),
        rankscope_part(),
        mpi_part(),
        acp_part(),
        pvm_part(),
    ];
    let mut taken = BTreeSet::new();
    for part in &mut parts {
        for section in &mut part.sections {
            for entry in &mut section.entries {
                if !taken.insert(entry.anchor.clone()) {
                    entry.anchor = format!("{}-{}", entry.name, section.id);
                    taken.insert(entry.anchor.clone());
                }
            }
        }
    }
    Reference { parts }
}

/// A library function's cost, from its row: every call costs a library call's cycles; a
/// clocked one first pays what the code before it owes.
fn libc_cost(f: &LibFn) -> &'static str {
    if f.clocked {
        "Costs a library call, after the code before it is charged (so it happens at the right \
         simulated time)."
    } else {
        "Costs a library call."
    }
}

fn libc_entry(f: &'static LibFn) -> Entry {
    Entry {
        name: f.name,
        anchor: f.name.to_string(),
        signature: f.signature(),
        note: format!("{} {}", f.note, libc_cost(f)),
    }
}

fn builtin_entry(b: &'static Builtin) -> Entry {
    Entry {
        name: b.name,
        anchor: b.name.to_string(),
        signature: b.c_signature(),
        note: b.note.to_string(),
    }
}

/// `fprintf`, `sprintf`, `snprintf`: their leading parameters, then `printf`'s.
fn relative_entries() -> impl Iterator<Item = Entry> {
    PRINTF_RELATIVES.iter().map(|r| {
        let mut params: Vec<String> = r.lead.iter().map(|l| l.decl.to_string()).collect();
        params.extend(PRINTF.params.iter().map(builtins::Param::c_decl));
        params.push("...".into());
        Entry {
            name: r.name,
            anchor: r.name.to_string(),
            signature: format!(
                "{} {}({})",
                base_type_name(PRINTF.result),
                r.name,
                params.join(", ")
            ),
            note: r.note.to_string(),
        }
    })
}

/// A `#define` line as a constant: `RAND_MAX 2147483647`, `INT64_C(c) c ## L`.
fn macro_constant(line: &str) -> Constant {
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    let (name, rest) = if line[end..].starts_with('(') {
        let close = line.find(')').map_or(line.len(), |i| i + 1);
        line.split_at(close)
    } else {
        line.split_at(end)
    };
    let value = rest.trim();
    Constant {
        name: name.to_string(),
        // `NULL`'s line defines it as itself (the built-in constant).
        value: if value == name { "" } else { value }.to_string(),
    }
}

fn c_part() -> Part {
    let sections = HEADERS
        .iter()
        .filter(|h| !matches!(h.name, "mpi.h" | "acp.h" | "pvm3.h"))
        .map(|h| {
            let mut entries = Vec::new();
            if h.name == "stdio.h" {
                entries.push(builtin_entry(&PRINTF));
                entries.extend(relative_entries());
            }
            entries.extend(LIBC.iter().filter(|f| f.header == h.name).map(libc_entry));
            let mut constants: Vec<Constant> =
                h.defines.iter().map(|l| macro_constant(l)).collect();
            if h.name == "inttypes.h" {
                constants.extend(
                    headers::inttypes_defines()
                        .iter()
                        .map(|l| macro_constant(l)),
                );
            }
            let about = if h.name == "stdarg.h" {
                "A function declared with `...` last (`int sum(int n, ...)`) reads its further \
                 arguments with these: `va_list ap; va_start(ap, n);`, then `va_arg(ap, int)` \
                 (or `long`, `double`, a pointer type) for each, `va_copy`, `va_end`; \
                 `vprintf`, `vfprintf`, `vsprintf` and `vsnprintf` format them. The arguments \
                 arrive with C's default promotions, so `va_arg` of `char`, `short` or `float` \
                 is an error naming `int` or `double`; a struct passes by its address."
                    .to_string()
            } else if entries.is_empty() && constants.is_empty() {
                "Accepted by `#include`; it adds nothing of its own.".to_string()
            } else {
                String::new()
            };
            Section {
                id: h.name.to_string(),
                title: format!("<{}>", h.name),
                about,
                entries,
                constants,
            }
        })
        .chain(std::iter::once(unsupported_section()))
        .collect();
    Part {
        id: "c",
        title: "C library",
        about: "C99 with C's semantics on an LP64 machine (x86-64 Linux). Every operation of the \
                program costs the cycles of its class in the profile's `[cpu.ops]` (a profile \
                without them keeps plain C free), owed until the rank next communicates, reads \
                the clock, shows something or blocks; a library call costs its class's cycles, \
                plus per byte where it says so."
            .to_string(),
        sections,
    }
}

/// The well-known functions Rankscope's C does not have, each with what to use instead (the
/// message a call to one gets).
fn unsupported_section() -> Section {
    Section {
        id: "c-unsupported".to_string(),
        title: "Not in Rankscope's C".to_string(),
        about: "A call to one of these is an error at its line that says what to use instead."
            .to_string(),
        entries: crate::lang::libc::UNSUPPORTED
            .iter()
            .flat_map(|(names, why)| {
                names.iter().map(move |name| Entry {
                    name,
                    anchor: format!("{name}-unsupported"),
                    signature: format!("{name}(…)"),
                    note: format!("Not supported: {why}."),
                })
            })
            .collect(),
        constants: Vec::new(),
    }
}

fn rankscope_part() -> Part {
    Part {
        id: "rankscope",
        title: "Rankscope built-ins",
        about: format!(
            "Calls that model time explicitly, for programs whose arithmetic a paper measured. \
             Every rank runs under two limits a user sets (`--max-ops` and `--memory` on the \
             command line, \"Operations per rank\" and \"Memory per rank\" under \"Protocol \
             and limits\" in the playground): {} billion operations by default, about 4 s of one host \
             core, so classic teaching programs finish (a Monte-Carlo pi of 100 rounds of 50,000 \
             darts takes 0.3 billion per rank) while an endless loop still stops; and {} of memory, \
             charged as C's `sizeof` counts, so a 64 MB array fits.",
            crate::lang::DEFAULT_MAX_OPS / 1_000_000_000,
            crate::lang::vm::memory::bytes_in_words(u64::from(crate::lang::DEFAULT_MEMORY))
        ),
        sections: vec![Section {
            id: "rankscope".to_string(),
            title: "Modelled time".to_string(),
            about: String::new(),
            entries: builtins::OTHERS.iter().map(builtin_entry).collect(),
            constants: Vec::new(),
        }],
    }
}

/// What the reference shows beside a built-in constant: an `int`'s value, a handle's type.
fn constant_value(c: &builtins::Constant) -> String {
    match c.kind {
        ConstKind::Int => c.value.to_string(),
        ConstKind::Handle(base) => base_type_name(base).to_string(),
        ConstKind::Null => "((void *)0)".to_string(),
        ConstKind::StatusIgnore | ConstKind::StatusesIgnore => "MPI_Status *".to_string(),
        ConstKind::InPlace => "void *".to_string(),
    }
}

/// The library family of paper 001's ACP basic layer: its own part, not MPI's.
const ACP_FAMILY: &str = "acp";
/// The library family of paper 004's PVM 3: its own part too.
const PVM_FAMILY: &str = "pvm";

fn family_section(family: &crate::libs::table::Family) -> Section {
    Section {
        id: format!("mpi-{}", family.id),
        title: family.title.to_string(),
        about: family.about.to_string(),
        entries: family
            .functions
            .iter()
            .map(|f| builtin_entry(&f.sig))
            .collect(),
        constants: Vec::new(),
    }
}

fn acp_part() -> Part {
    let mut sections: Vec<Section> = FAMILIES
        .iter()
        .filter(|f| f.id == ACP_FAMILY)
        .map(family_section)
        .collect();
    let acp_h = headers::header("acp.h").map_or(&[][..], |h| h.defines);
    sections.push(Section {
        id: "acp-constants".to_string(),
        title: "Constants".to_string(),
        about: "`<acp.h>`'s macros, as the ACP library defines them.".to_string(),
        entries: Vec::new(),
        constants: acp_h.iter().map(|l| macro_constant(l)).collect(),
    });
    Part {
        id: "acp",
        title: "ACP (paper 001)",
        about: "Calls take no time of their own beyond the code before them; the work is the \
                communication thread's, whose turns and network operations the run shows."
            .to_string(),
        sections,
    }
}

fn pvm_part() -> Part {
    let mut sections: Vec<Section> = FAMILIES
        .iter()
        .filter(|f| f.id == PVM_FAMILY)
        .map(family_section)
        .collect();
    let pvm_h = headers::header("pvm3.h").map_or(&[][..], |h| h.defines);
    sections.push(Section {
        id: "pvm-constants".to_string(),
        title: "Constants".to_string(),
        about: "`<pvm3.h>`'s encodings, spawn flag and error codes, with PVM 3's values."
            .to_string(),
        entries: Vec::new(),
        constants: pvm_h.iter().map(|l| macro_constant(l)).collect(),
    });
    Part {
        id: "pvm",
        title: "PVM (paper 004)",
        about: "Calls cost what their messages' hops cost: the task's socket writes to its \
                pvmd, the daemons' UDP or FCP transfers and acknowledgements, the pvmd's writes \
                to the task — each a record of the run. The route is the run's: through the \
                daemons over UDP (PVM's own), over FCP (the FOLON port), or task to task over \
                FCP."
            .to_string(),
        sections,
    }
}

fn mpi_part() -> Part {
    let mut sections: Vec<Section> = FAMILIES
        .iter()
        .filter(|f| f.id != ACP_FAMILY && f.id != PVM_FAMILY)
        .map(family_section)
        .collect();
    let mpi_h = headers::header("mpi.h").map_or(&[][..], |h| h.defines);
    sections.push(Section {
        id: "mpi-constants".to_string(),
        title: "Constants".to_string(),
        about: "Handles are values of their type (shown in place of a value); `<mpi.h>`'s macros \
                are MPICH's. As in MPICH's `mpi.h`, every handle type but `MPI_Status` is an \
                `int`: an `int` (or an `int` array) may hold one and a call takes it, checking at \
                run time that it is a handle of the right kind, as MPICH does."
            .to_string(),
        entries: Vec::new(),
        constants: builtins::CONSTANTS
            .iter()
            .map(|c| Constant {
                name: c.name.to_string(),
                value: constant_value(c),
            })
            .chain(mpi_h.iter().map(|l| macro_constant(l)))
            .collect(),
    });
    Part {
        id: "mpi",
        title: "MPI",
        about: format!(
            "Every MPI call first pays the time the code before it owes, so a loop before \
             `MPI_Send` delays the message and `MPI_Wtime` sees it. Under the eager engine a \
             standard send of at most {DEFAULT_EAGER_LIMIT} bytes (Debian's MPICH over UCX, \
             measured; the CLI's `--eager-limit` changes it) completes once its data has left, \
             a larger one once a receive matched it; matching needs no processor of the \
             receiver. Under paper 000's six engines each call costs a library pass `o` and \
             request packets run as handlers on the target's processor."
        ),
        sections,
    }
}

impl Reference {
    /// The entries and constants whose name, signature or note contains `query` (ignoring
    /// case), in their parts and sections; parts and sections left empty are dropped. An empty
    /// query keeps everything.
    pub fn filter(&self, query: &str) -> Reference {
        let query = query.trim().to_lowercase();
        if query.is_empty() {
            return self.clone();
        }
        let has = |text: &str| text.to_lowercase().contains(&query);
        let parts = self
            .parts
            .iter()
            .filter_map(|part| {
                let sections: Vec<Section> = part
                    .sections
                    .iter()
                    .filter_map(|s| {
                        let entries: Vec<Entry> = s
                            .entries
                            .iter()
                            .filter(|e| has(e.name) || has(&e.signature) || has(&e.note))
                            .cloned()
                            .collect();
                        let constants: Vec<Constant> = s
                            .constants
                            .iter()
                            .filter(|c| has(&c.name))
                            .cloned()
                            .collect();
                        (!entries.is_empty() || !constants.is_empty()).then(|| Section {
                            entries,
                            constants,
                            ..s.clone()
                        })
                    })
                    .collect();
                (!sections.is_empty()).then(|| Part {
                    sections,
                    ..part.clone()
                })
            })
            .collect();
        Reference { parts }
    }

    /// Every entry, in order.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.parts
            .iter()
            .flat_map(|p| &p.sections)
            .flat_map(|s| &s.entries)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries().count()
    }

    /// Whether it has no entries and no constants.
    pub fn is_empty(&self) -> bool {
        self.parts
            .iter()
            .flat_map(|p| &p.sections)
            .all(|s| s.entries.is_empty() && s.constants.is_empty())
    }

    /// The reference as Markdown (what `rankscope reference` prints).
    pub fn markdown(&self) -> String {
        let mut out = String::from("# Rankscope reference\n");
        for part in &self.parts {
            let _ = write!(out, "\n## {}\n\n{}\n", part.title, part.about);
            for section in &part.sections {
                out.push_str(&section.markdown());
            }
        }
        out
    }
}

impl Section {
    /// The section as Markdown: a heading, its text, its functions as a list (signature, then
    /// note) and its constants.
    pub fn markdown(&self) -> String {
        let mut out = format!("\n### {}\n", self.title);
        if !self.about.is_empty() {
            let _ = write!(out, "\n{}\n", self.about);
        }
        if !self.entries.is_empty() {
            out.push('\n');
        }
        for e in &self.entries {
            let _ = writeln!(out, "- `{}`  \n  {}", e.signature, e.note);
        }
        if !self.constants.is_empty() {
            let list: Vec<String> = self
                .constants
                .iter()
                .map(|c| {
                    if c.value.is_empty() {
                        format!("`{}`", c.name)
                    } else {
                        format!("`{}` = `{}`", c.name, c.value)
                    }
                })
                .collect();
            let _ = write!(out, "\nConstants: {}.\n", list.join(", "));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::sema::builtins::BUILTINS;

    fn named<'a>(r: &'a Reference, name: &str) -> Vec<&'a Entry> {
        r.entries().filter(|e| e.name == name).collect()
    }

    #[test]
    fn every_function_the_checker_accepts_appears_once_with_a_note() {
        let r = reference();
        let mut expected: Vec<(&str, String)> =
            LIBC.iter().map(|f| (f.name, f.signature())).collect();
        expected.extend(BUILTINS.iter().map(|b| (b.name, b.c_signature())));
        expected.extend(relative_entries().map(|e| (e.name, e.signature)));
        expected.extend(
            crate::lang::libc::UNSUPPORTED
                .iter()
                .flat_map(|(names, _)| names.iter().map(|n| (*n, format!("{n}(…)")))),
        );
        for (name, signature) in &expected {
            let found: Vec<&Entry> = named(&r, name)
                .into_iter()
                .filter(|e| e.signature == *signature)
                .collect();
            assert_eq!(found.len(), 1, "{name}: {signature}");
        }
        assert_eq!(
            r.len(),
            expected.len(),
            "the reference lists only the tables' functions"
        );
        let mut anchors = BTreeSet::new();
        for e in r.entries() {
            assert!(!e.note.trim().is_empty(), "{} has no note", e.name);
            assert!(!e.note.contains('\n'), "{}'s note is one line", e.name);
            assert!(anchors.insert(&e.anchor), "anchor {} twice", e.anchor);
        }
        for c in builtins::CONSTANTS {
            assert!(
                r.parts
                    .iter()
                    .flat_map(|p| &p.sections)
                    .any(|s| s.constants.iter().any(|k| k.name == c.name)),
                "{}",
                c.name
            );
        }
    }

    #[test]
    fn every_library_function_names_a_known_header() {
        for f in LIBC {
            assert!(
                headers::header(f.header).is_some(),
                "{}: {}",
                f.name,
                f.header
            );
        }
    }

    #[test]
    fn signatures_are_rendered_from_the_tables() {
        let r = reference();
        let sig = |name: &str| named(&r, name)[0].signature.clone();
        assert_eq!(
            sig("MPI_Send"),
            "int MPI_Send(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)"
        );
        assert_eq!(sig("printf"), "int printf(const char *format, ...)");
        assert_eq!(
            sig("snprintf"),
            "int snprintf(char *str, size_t size, const char *format, ...)"
        );
        assert_eq!(sig("MPI_Wtime"), "double MPI_Wtime(void)");
        assert_eq!(sig("malloc"), "void *malloc(size_t)");
        let nanosleep = named(&r, "nanosleep");
        assert_eq!(nanosleep.len(), 2, "C's form and Rankscope's");
        assert_eq!(nanosleep[1].anchor, "nanosleep-rankscope");
        assert!(named(&r, "MPI_Send")[0].note.contains("eager limit"));
        assert!(r.markdown().contains(&DEFAULT_EAGER_LIMIT.to_string()));
    }

    #[test]
    fn the_filter_keeps_matching_entries_in_their_sections() {
        let r = reference();
        let sendrecv = r.filter("sendRECV");
        let names: Vec<&str> = sendrecv.entries().map(|e| e.name).collect();
        // MPI-4's non-blocking forms are in their own family.
        assert_eq!(
            names,
            [
                "MPI_Sendrecv",
                "MPI_Sendrecv_replace",
                "MPI_Isendrecv",
                "MPI_Isendrecv_replace"
            ]
        );
        assert_eq!(sendrecv.parts.len(), 1);
        assert_eq!(sendrecv.parts[0].sections[0].id, "mpi-point-to-point");
        assert_eq!(sendrecv.parts[0].sections[1].id, "mpi-request-kinds");
        assert!(r.filter("no such thing at all").is_empty());
        assert_eq!(r.filter("  "), r);
        assert!(!r.filter("RAND_MAX").is_empty());
    }

    #[test]
    fn point_to_point_section_snapshot() {
        let r = reference();
        let p2p = r
            .parts
            .iter()
            .flat_map(|p| &p.sections)
            .find(|s| s.id == "mpi-point-to-point")
            .expect("a point-to-point section");
        insta::assert_snapshot!(p2p.markdown());
    }
}
