//! A run's choices, declared once: [`RunConfig`] (the point-to-point engine, the lock scheme,
//! the eager limit, FOLON's FCP design, PVM's route, and the limits that stop a runaway run) and
//! [`OPTIONS`], the one table every front end reads. Each entry is one option: its key, its label
//! and help, its values, and the one parser and printer of its value.
//!
//! The same `key` and value text travel in every medium, each in that medium's own syntax:
//!
//! | where | how a choice is written |
//! |---|---|
//! | the command line (`rankscope run`) | `--lock li` (the flags are made from the table) |
//! | an example's run hint (`/* rankscope run … */`) | `--lock li` ([`crate::lang::run_hint`]) |
//! | a lesson's scenario | `lock = "li"`, `eager_limit = 65536` (a dash in a key is `_` in TOML) |
//! | a share link, the text form | `lock=li eager-limit=65536` ([`RunConfig::parse`], [`fmt::Display`]) |
//! | the playground | a select per choice, with the values and labels from the table |
//!
//! A new option is one field here, one entry in [`OPTIONS`] and the field's use in
//! [`RunConfig::sim_config`] or [`RunConfig::vm_limits`]; every medium then knows it (the
//! playground draws a select for an option with choices).

use std::fmt;

use crate::engine::Limits;
use crate::lang::VmLimits;
use crate::locks::LockScheme;
use crate::proto::fcp::Variant;
use crate::proto::p2p::{Matching, DEFAULT_EAGER_LIMIT, ENGINES};
use crate::proto::pvm::PvmConfig;
use crate::proto::SimConfig;

/// Events a run may process by default (the playground's and the lessons' bound: about a
/// gigabyte of trace at most). The command line allows more ([`Limits::default`]).
pub const DEFAULT_MAX_EVENTS: u64 = 5_000_000;

/// A run's choices: how the protocols behave and when a runaway run stops.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RunConfig {
    /// The point-to-point engine (eager, or one of paper 000's matching engines).
    pub engine: Matching,
    /// How `MPI_Win_lock` / `MPI_Win_lock_all` take locks (paper 003).
    pub lock: LockScheme,
    /// The eager engine's eager limit in bytes: a larger standard send completes only once
    /// matched.
    pub eager_limit: u64,
    /// FOLON's FCP design (paper 004).
    pub fcp: Variant,
    /// How PVM's messages travel (paper 004).
    pub pvm: PvmConfig,
    /// Events the whole run may process.
    pub max_events: u64,
    /// Bytecode operations each rank may execute (a C program).
    pub max_ops: u64,
    /// Bytes of memory each rank may use (a C program).
    pub memory: u32,
    /// Deepest call nesting a rank may reach (a C program's recursion).
    pub max_depth: u32,
}

impl RunConfig {
    /// Every choice's default: eager, MCS-RW, MPICH's eager limit, FCP, PVM over UDP through
    /// the daemons; [`DEFAULT_MAX_EVENTS`], [`crate::lang::DEFAULT_MAX_OPS`],
    /// [`crate::lang::DEFAULT_MEMORY`]. (A constant, so bounds elsewhere can be written as
    /// changes to it: `RunConfig { max_ops: …, ..RunConfig::DEFAULT }`.)
    pub const DEFAULT: RunConfig = RunConfig {
        engine: Matching::Eager,
        lock: LockScheme::McsRw,
        eager_limit: DEFAULT_EAGER_LIMIT,
        fcp: Variant::Fcp,
        pvm: PvmConfig::UDP,
        max_events: DEFAULT_MAX_EVENTS,
        max_ops: crate::lang::DEFAULT_MAX_OPS,
        memory: crate::lang::DEFAULT_MEMORY,
        max_depth: 100_000,
    };
}

impl Default for RunConfig {
    /// [`RunConfig::DEFAULT`].
    fn default() -> Self {
        RunConfig::DEFAULT
    }
}

/// What an option is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    /// How the protocols behave: what a program is written for (an example's run hint sets
    /// these, and opening another example resets them).
    Protocol,
    /// When a runaway run stops: the user's, kept from program to program.
    Limit,
}

/// One value an option with choices can take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Its text (what the parser reads and the printer writes).
    pub value: String,
    /// Its name for people (English; the playground translates it).
    pub label: String,
    /// What it does, in a sentence (empty when the label says it all).
    pub help: &'static str,
}

/// One run option: everything every medium needs to read, write and offer it.
pub struct RunOption {
    /// Its key: `--KEY` on the command line and in run hints, `KEY=` in the text form, `KEY`
    /// (a dash as `_`) in a lesson's scenario.
    pub key: &'static str,
    /// Its name for people, as the playground shows it (English; translated there).
    pub label: &'static str,
    /// What it does, in a sentence (the command line's help and the playground's tooltip).
    pub help: &'static str,
    /// What a value looks like, on the command line (`ENGINE`, `BYTES`…).
    pub value_name: &'static str,
    /// Protocol choice or limit.
    pub group: Group,
    /// The values it can take, if a list (the playground offers them in a select); `None` for a
    /// number.
    pub choices: Option<fn() -> Vec<Choice>>,
    /// Reads a value into the config; the message says what is wrong (the caller names the key).
    read: fn(&mut RunConfig, &str) -> Result<(), String>,
    /// Writes the config's value (what `read` reads back).
    write: fn(&RunConfig) -> String,
}

impl fmt::Debug for RunOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RunOption").field("key", &self.key).finish()
    }
}

impl RunOption {
    /// Sets this option of `config` from `value`; the error names the key and what it takes.
    pub fn set(&self, config: &mut RunConfig, value: &str) -> Result<(), String> {
        (self.read)(config, value).map_err(|why| match self.choices {
            Some(choices) => {
                let values: Vec<String> = choices().into_iter().map(|c| c.value).collect();
                format!(
                    "{}: \"{}\" is not one of {}",
                    self.key,
                    value.trim(),
                    values.join(", ")
                )
            }
            None => format!("{}: {why}", self.key),
        })
    }

    /// This option's value in `config`, as text.
    pub fn get(&self, config: &RunConfig) -> String {
        (self.write)(config)
    }

    /// Its key as a lesson's TOML writes it (`eager_limit`).
    pub fn toml_key(&self) -> String {
        self.key.replace('-', "_")
    }

    /// Whether `config` differs from `other` in this option.
    pub fn differs(&self, config: &RunConfig, other: &RunConfig) -> bool {
        self.get(config) != self.get(other)
    }
}

/// A whole number of bytes, events or operations (`_` and `,` between digits are allowed).
fn number(value: &str) -> Result<u64, String> {
    value
        .trim()
        .replace(['_', ','], "")
        .parse::<u64>()
        .map_err(|_| format!("\"{}\" is not a whole number", value.trim()))
}

/// A memory size as [`parse_memory`](crate::lang::parse_memory) reads it, written back the
/// shortest way (`256M`, `1G`, `1536K`, `1000`).
pub fn format_memory(bytes: u32) -> String {
    match bytes {
        0 => "0".to_string(),
        b if b % (1 << 30) == 0 => format!("{}G", b >> 30),
        b if b % (1 << 20) == 0 => format!("{}M", b >> 20),
        b if b % (1 << 10) == 0 => format!("{}K", b >> 10),
        b => b.to_string(),
    }
}

/// Every run option, in the order the command line's help and the playground list them.
pub static OPTIONS: [RunOption; 9] = [
    RunOption {
        key: "engine",
        label: "Point-to-point engine",
        help: "paper 000: how sends and receives are matched and how the data moves",
        value_name: "ENGINE",
        group: Group::Protocol,
        choices: Some(|| {
            ENGINES
                .iter()
                .map(|m| Choice {
                    value: m.to_string(),
                    label: m.to_string(),
                    help: "",
                })
                .collect()
        }),
        read: |c, v| {
            c.engine = v.parse()?;
            Ok(())
        },
        write: |c| c.engine.to_string(),
    },
    RunOption {
        key: "lock",
        label: "MPI_Win_lock",
        help: "how MPI_Win_lock and MPI_Win_lock_all take locks (paper 003's lock algorithms)",
        value_name: "SCHEME",
        group: Group::Protocol,
        choices: Some(|| {
            LockScheme::ALL
                .iter()
                .map(|s| Choice {
                    value: s.to_string(),
                    label: s.to_string(),
                    help: s.describe(),
                })
                .collect()
        }),
        read: |c, v| {
            c.lock = v.trim().parse().map_err(|e: crate::locks::scheme::UnknownLockScheme| e.to_string())?;
            Ok(())
        },
        write: |c| c.lock.to_string(),
    },
    RunOption {
        key: "eager-limit",
        label: "Eager limit (bytes)",
        help: "the eager engine sends a standard send of up to this many bytes and completes it at once; a larger one completes only once a receive matched it (MPICH's 8251 by default; Open MPI over TCP: 65536)",
        value_name: "BYTES",
        group: Group::Protocol,
        choices: None,
        read: |c, v| {
            c.eager_limit = number(v)?;
            Ok(())
        },
        write: |c| c.eager_limit.to_string(),
    },
    RunOption {
        key: "fcp",
        label: "FCP",
        help: "FOLON's message passing (paper 004): FCP as built, FCP plus (the buffer table cached), or FCP II (static placement, compressed words)",
        value_name: "DESIGN",
        group: Group::Protocol,
        choices: Some(|| {
            Variant::ALL
                .iter()
                .map(|v| Choice {
                    value: v.id().to_string(),
                    label: v.name().to_string(),
                    help: "",
                })
                .collect()
        }),
        read: |c, v| {
            c.fcp = Variant::parse(v).ok_or_else(|| format!("unknown FCP design {v:?}"))?;
            Ok(())
        },
        write: |c| c.fcp.id().to_string(),
    },
    RunOption {
        key: "pvm-route",
        label: "PVM route",
        help: "how PVM's messages travel (paper 004): through both daemons, which talk over UDP (PVM's way) or over FCP (the FOLON port), or task to task over FCP (the paper's future work)",
        value_name: "ROUTE",
        group: Group::Protocol,
        choices: Some(|| {
            PvmConfig::ALL
                .iter()
                .map(|(id, p)| Choice {
                    value: id.to_string(),
                    label: p.name().to_string(),
                    help: "",
                })
                .collect()
        }),
        read: |c, v| {
            c.pvm = PvmConfig::parse(v)?;
            Ok(())
        },
        write: |c| c.pvm.id().to_string(),
    },
    RunOption {
        key: "max-events",
        label: "Events per run",
        help: "the run stops with an error after this many events",
        value_name: "N",
        group: Group::Limit,
        choices: None,
        read: |c, v| {
            c.max_events = number(v)?;
            Ok(())
        },
        write: |c| c.max_events.to_string(),
    },
    RunOption {
        key: "max-ops",
        label: "Operations per rank",
        help: "a rank that executes more bytecode operations is stopped as a runaway loop (a C program; the default, a billion, is about 4 s of one host core: classic teaching programs finish)",
        value_name: "N",
        group: Group::Limit,
        choices: None,
        read: |c, v| {
            c.max_ops = number(v)?;
            Ok(())
        },
        write: |c| c.max_ops.to_string(),
    },
    RunOption {
        key: "memory",
        label: "Memory per rank",
        help: "what each rank's variables, arrays and malloc blocks may take in all, counted as C's sizeof counts them: bytes, or a number with K, M or G (binary; 256M by default: a 64 MB array fits)",
        value_name: "SIZE",
        group: Group::Limit,
        choices: None,
        read: |c, v| {
            c.memory = crate::lang::parse_memory(v)?;
            Ok(())
        },
        write: |c| format_memory(c.memory),
    },
    RunOption {
        key: "max-depth",
        label: "Call depth per rank",
        help: "a rank whose calls nest deeper than this is stopped as endless recursion (a C program)",
        value_name: "N",
        group: Group::Limit,
        choices: None,
        read: |c, v| {
            c.max_depth = u32::try_from(number(v)?).map_err(|_| format!("\"{}\" is too large", v.trim()))?;
            Ok(())
        },
        write: |c| c.max_depth.to_string(),
    },
];

/// The option of `key` (`eager-limit` or, as TOML writes it, `eager_limit`).
pub fn option(key: &str) -> Option<&'static RunOption> {
    let key = key.trim().replace('_', "-");
    OPTIONS.iter().find(|o| o.key == key)
}

/// A key that names no option: the message lists the keys there are.
pub fn unknown_key(key: &str) -> String {
    let keys: Vec<&str> = OPTIONS.iter().map(|o| o.key).collect();
    format!(
        "unknown run option \"{key}\"; the options are {}",
        keys.join(", ")
    )
}

impl RunConfig {
    /// Sets the option `key` from `value`; the error names the key and what it takes.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        option(key)
            .ok_or_else(|| unknown_key(key))?
            .set(self, value)
    }

    /// The text form: `key=value` pairs separated by spaces (`lock=li eager-limit=65536`), each
    /// set over the defaults, in any order; the empty text is the defaults.
    pub fn parse(text: &str) -> Result<RunConfig, String> {
        RunConfig::default().with(text)
    }

    /// These choices with the `key=value` pairs of `text` changed.
    pub fn with(mut self, text: &str) -> Result<RunConfig, String> {
        for pair in text.split_whitespace() {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("\"{pair}\" is not key=value (e.g. lock=li)"))?;
            self.set(key, value)?;
        }
        Ok(self)
    }

    /// Reads the options among command-line words (`--lock li --eager-limit 65536`, as a run
    /// hint writes them), over these choices; other words are skipped.
    pub fn with_flags(mut self, words: &[&str]) -> Result<RunConfig, String> {
        for option in &OPTIONS {
            let flag = format!("--{}", option.key);
            if let Some(i) = words.iter().position(|w| *w == flag) {
                let value = words
                    .get(i + 1)
                    .ok_or_else(|| format!("{flag} needs a value"))?;
                option.set(&mut self, value)?;
            }
        }
        Ok(self)
    }

    /// The options where this differs from `base`, as `(key, value)` pairs in table order.
    pub fn changes_from(&self, base: &RunConfig) -> Vec<(&'static str, String)> {
        OPTIONS
            .iter()
            .filter(|o| o.differs(self, base))
            .map(|o| (o.key, o.get(self)))
            .collect()
    }

    /// These choices with every protocol choice taken from `other` (the limits kept).
    pub fn with_protocol_of(mut self, other: &RunConfig) -> RunConfig {
        for o in OPTIONS.iter().filter(|o| o.group == Group::Protocol) {
            // `other`'s value was read by the same parser, so it reads back.
            let _ = o.set(&mut self, &o.get(other));
        }
        self
    }

    /// Whether any protocol choice differs from the default.
    pub fn protocol_changed(&self) -> bool {
        let default = RunConfig::default();
        OPTIONS
            .iter()
            .any(|o| o.group == Group::Protocol && o.differs(self, &default))
    }

    /// The simulator's configuration with these choices (the engine's other limits and the
    /// one-sided memory at their defaults).
    pub fn sim_config(&self) -> SimConfig {
        SimConfig {
            limits: Limits {
                max_events: self.max_events,
                ..Limits::default()
            },
            matching: self.engine,
            lock_scheme: self.lock,
            eager_limit: self.eager_limit,
            fcp: self.fcp,
            pvm: self.pvm,
            ..SimConfig::default()
        }
    }

    /// Each rank's VM limits with these choices (the others at their defaults).
    pub fn vm_limits(&self) -> VmLimits {
        VmLimits {
            max_ops: self.max_ops,
            max_memory: self.memory,
            max_depth: self.max_depth,
            ..VmLimits::default()
        }
    }
}

/// The text form [`RunConfig::parse`] reads: the options that differ from the defaults
/// (nothing for the defaults).
impl fmt::Display for RunConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self
            .changes_from(&RunConfig::default())
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        f.write_str(&pairs.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::p2p::Protocol;

    fn every_value() -> Vec<RunConfig> {
        let mut configs = vec![RunConfig::default()];
        for o in &OPTIONS {
            if let Some(choices) = o.choices {
                for c in choices() {
                    let mut config = RunConfig::default();
                    o.set(&mut config, &c.value).unwrap();
                    configs.push(config);
                }
            }
        }
        configs.push(RunConfig {
            eager_limit: 65_536,
            max_events: 77,
            max_ops: 1_000,
            memory: 1536 << 10,
            ..RunConfig::default()
        });
        configs
    }

    #[test]
    fn the_text_form_reads_back_what_it_prints() {
        for config in every_value() {
            let text = config.to_string();
            assert_eq!(RunConfig::parse(&text), Ok(config), "{text}");
        }
        assert_eq!(RunConfig::default().to_string(), "");
        let config = RunConfig {
            engine: Matching::BothSides(Protocol::Sync),
            lock: LockScheme::LiEtAl,
            eager_limit: 65_536,
            fcp: Variant::FcpII,
            pvm: PvmConfig::DIRECT,
            max_events: 9,
            max_ops: 10,
            memory: 64 << 20,
            max_depth: 50,
        };
        assert_eq!(
            config.to_string(),
            "engine=both-sides:sync lock=li eager-limit=65536 fcp=fcp2 pvm-route=direct max-events=9 max-ops=10 memory=64M max-depth=50"
        );
        assert_eq!(RunConfig::parse(&config.to_string()), Ok(config));
    }

    #[test]
    fn every_option_reads_each_of_its_choices_and_every_key_is_unique() {
        for (i, o) in OPTIONS.iter().enumerate() {
            assert!(OPTIONS[..i].iter().all(|p| p.key != o.key), "{}", o.key);
            assert_eq!(option(o.key).map(|p| p.key), Some(o.key));
            assert_eq!(option(&o.toml_key()).map(|p| p.key), Some(o.key));
            for c in o.choices.map(|c| c()).unwrap_or_default() {
                let mut config = RunConfig::default();
                o.set(&mut config, &c.value).unwrap();
                assert_eq!(o.get(&config), c.value);
            }
        }
    }

    #[test]
    fn a_bad_value_names_the_key_and_the_values_it_takes() {
        assert_eq!(
            RunConfig::parse("lock=mcs").unwrap_err(),
            "lock: \"mcs\" is not one of mcs-rw, fompi, test-and-set, li"
        );
        assert_eq!(
            RunConfig::parse("fcp=fcp3").unwrap_err(),
            "fcp: \"fcp3\" is not one of fcp, fcp-plus, fcp2"
        );
        assert_eq!(
            RunConfig::parse("pvm-route=tcp").unwrap_err(),
            "pvm-route: \"tcp\" is not one of udp, fcp, direct"
        );
        let e = RunConfig::parse("engine=both-sides:fast").unwrap_err();
        assert!(
            e.starts_with("engine: \"both-sides:fast\" is not one of eager, both-sides:buffered"),
            "{e}"
        );
        assert_eq!(
            RunConfig::parse("eager-limit=lots").unwrap_err(),
            "eager-limit: \"lots\" is not a whole number"
        );
        assert!(RunConfig::parse("memory=9Q")
            .unwrap_err()
            .starts_with("memory: \"9Q\" is not a memory size"));
        assert_eq!(
            RunConfig::parse("colour=red").unwrap_err(),
            "unknown run option \"colour\"; the options are engine, lock, eager-limit, fcp, pvm-route, max-events, max-ops, memory, max-depth"
        );
        assert_eq!(
            RunConfig::parse("lock").unwrap_err(),
            "\"lock\" is not key=value (e.g. lock=li)"
        );
    }

    #[test]
    fn the_parsers_accept_what_they_accepted_before() {
        // The FCP design by the paper's name, any case; PVM's route in any case.
        let config = RunConfig::default()
            .with_flags(&["--fcp", "FCP II", "--pvm-route", "DIRECT"])
            .unwrap();
        assert_eq!(
            (config.fcp, config.pvm),
            (Variant::FcpII, PvmConfig::DIRECT)
        );
        let config = RunConfig::parse("eager_limit=65_536 memory=1G").unwrap();
        assert_eq!((config.eager_limit, config.memory), (65_536, 1 << 30));
    }

    #[test]
    fn opening_another_program_takes_its_protocol_and_keeps_the_limits() {
        let mine = RunConfig::parse("lock=li max-ops=5 memory=1M").unwrap();
        let hint = RunConfig::parse("fcp=fcp2").unwrap();
        let opened = mine.with_protocol_of(&hint);
        assert_eq!(opened.to_string(), "fcp=fcp2 max-ops=5 memory=1M");
        assert!(opened.protocol_changed());
        assert!(!RunConfig::parse("max-ops=5").unwrap().protocol_changed());
    }

    #[test]
    fn the_simulator_and_the_vm_get_the_choices() {
        let config =
            RunConfig::parse("lock=fompi eager-limit=100 max-events=7 max-ops=8 memory=2M")
                .unwrap();
        let sim = config.sim_config();
        assert_eq!(
            (sim.lock_scheme, sim.eager_limit, sim.limits.max_events),
            (LockScheme::Fompi, 100, 7)
        );
        assert_eq!(sim.limits.max_time, Limits::default().max_time);
        let vm = config.vm_limits();
        assert_eq!((vm.max_ops, vm.max_memory), (8, 2 << 20));
        assert_eq!(
            RunConfig::default().sim_config().limits.max_events,
            DEFAULT_MAX_EVENTS
        );
    }
}
