//! Run options the user can set: core's [`RunConfig`] (the point-to-point engine, the lock
//! scheme, the eager limit, FCP's design, PVM's route, and the limits that stop a runaway run),
//! plus the engine a side-by-side run compares it with, with the browser's bounds. They travel
//! in share links and the autosave as core's text form (`"options":"lock=li compare=eager"`);
//! links made before it was text carry an object, read by [`legacy`] to the same choices.

use rankscope_core::lang::VmLimits;
use rankscope_core::proto::p2p::Matching;
use rankscope_core::proto::SimConfig;
use rankscope_core::run_config::RunConfig;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Bytecode operations a rank may execute by default over the whole run: core's default (a
/// billion; classic teaching programs finish). The run advances in chunks and a computing rank
/// pauses every [`SLICE_OPS`], so this bounds work, never a freeze.
pub const DEFAULT_MAX_OPS: u64 = rankscope_core::lang::DEFAULT_MAX_OPS;
/// Operations after which a computing rank hands control back to the page (core's
/// `Step::Pause`; the run is unchanged): a few milliseconds of WebAssembly, so a long loop shows
/// its progress, answers Stop and never freezes the page.
pub const SLICE_OPS: u64 = 1_000_000;
/// Events a run may process by default in the browser (about a gigabyte of trace at most).
pub const DEFAULT_MAX_EVENTS: u64 = rankscope_core::run_config::DEFAULT_MAX_EVENTS;
/// Largest accepted values (the page's memory is the real bound); the choices are unbounded.
pub const CEILING: RunConfig = RunConfig {
    eager_limit: 1 << 30,
    max_events: 20_000_000,
    max_ops: 1_000_000_000_000,
    memory: rankscope_core::lang::MAX_MEMORY,
    ..RunConfig::DEFAULT
};

/// The options of a run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// The run's choices (core's one type of them).
    pub run: RunConfig,
    /// The engine of the side-by-side comparison run, if any.
    pub compare: Option<Matching>,
}

/// The key of the comparison engine in the text form.
const COMPARE: &str = "compare";

impl RunOptions {
    /// The text form: core's (`lock=li eager-limit=65536`), then `compare=ENGINE` if a
    /// comparison is chosen.
    pub fn to_text(self) -> String {
        let mut text = self.run.to_string();
        if let Some(m) = self.compare {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&format!("{COMPARE}={m}"));
        }
        text
    }

    /// Reads [`RunOptions::to_text`]'s form; the error names the key and the values it takes.
    pub fn parse(text: &str) -> Result<RunOptions, String> {
        let mut run = Vec::new();
        let mut compare = None;
        for pair in text.split_whitespace() {
            match pair.split_once('=') {
                Some((COMPARE, engine)) => {
                    // The comparison engine is read as the engine is, so it takes its values.
                    let engine_option = rankscope_core::run_config::option("engine")
                        .ok_or("the engine option is missing")?;
                    let mut c = RunConfig::default();
                    engine_option
                        .set(&mut c, engine)
                        .map_err(|e| format!("{COMPARE}{}", e.trim_start_matches("engine")))?;
                    compare = Some(c.engine);
                }
                _ => run.push(pair),
            }
        }
        Ok(RunOptions {
            run: RunConfig::parse(&run.join(" "))?,
            compare,
        })
    }

    /// The same options with each limit clamped to `1..=CEILING` (memory: at least 1 MiB).
    pub fn clamped(self) -> RunOptions {
        let run = self.run;
        RunOptions {
            run: RunConfig {
                max_ops: run.max_ops.clamp(1, CEILING.max_ops),
                memory: run.memory.clamp(1 << 20, CEILING.memory),
                max_events: run.max_events.clamp(1, CEILING.max_events),
                eager_limit: run.eager_limit.min(CEILING.eager_limit),
                ..run
            },
            compare: self.compare,
        }
    }

    /// The options of the comparison run: the same choices under the comparison engine
    /// (`None` when no comparison is chosen).
    pub fn comparison(self) -> Option<RunOptions> {
        self.compare.map(|engine| RunOptions {
            run: RunConfig { engine, ..self.run },
            compare: None,
        })
    }

    /// The VM limits of each rank (pausing every [`SLICE_OPS`]).
    pub fn vm_limits(self) -> VmLimits {
        VmLimits {
            slice: SLICE_OPS,
            ..self.run.vm_limits()
        }
    }

    /// The simulator configuration (with the one-sided memory a C program's MPI needs).
    pub fn sim_config(self) -> SimConfig {
        SimConfig {
            words_per_rank: rankscope_core::lang::RMA_WORDS,
            ..self.run.sim_config()
        }
    }
}

impl Serialize for RunOptions {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_text())
    }
}

impl<'de> Deserialize<'de> for RunOptions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RunOptions, D::Error> {
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = RunOptions;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("run options (\"lock=li …\", or an older link's object)")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<RunOptions, E> {
                RunOptions::parse(text).map_err(E::custom)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RunOptions, A::Error> {
                let old = legacy::Options::deserialize(
                    serde::de::value::MapAccessDeserializer::new(map),
                )?;
                Ok(old.into())
            }
        }
        d.deserialize_any(Either)
    }
}

/// The options as links and autosaves carried them before the text form: an object, frozen as
/// it was (no new option is ever added here; a new one travels in the text form).
mod legacy {
    use rankscope_core::locks::LockScheme;
    use rankscope_core::proto::fcp::Variant;
    use rankscope_core::proto::p2p::{Matching, DEFAULT_EAGER_LIMIT};
    use rankscope_core::proto::pvm::PvmConfig;
    use rankscope_core::run_config::RunConfig;
    use serde::{Deserialize, Deserializer};

    /// The object.
    #[derive(Deserialize)]
    pub struct Options {
        max_ops: u64,
        /// Links made before it existed use the default.
        #[serde(default = "default_memory_mib")]
        memory_mib: u64,
        max_events: u64,
        /// Links made before it existed use eager.
        #[serde(default)]
        matching: Matching,
        #[serde(default)]
        compare: Option<Matching>,
        /// Links made before it existed use paper 003's global MCS-RW lock.
        #[serde(default)]
        lock: LockScheme,
        #[serde(default = "default_eager_limit")]
        eager_limit: u64,
        /// An id (`fcp`, `fcp-plus`, `fcp2`); unknown or absent: FCP.
        #[serde(default, deserialize_with = "variant")]
        fcp: Variant,
        /// An id (`udp`, `fcp`, `direct`); unknown or absent: through the daemons over UDP.
        #[serde(default = "default_pvm", deserialize_with = "pvm")]
        pvm: PvmConfig,
    }

    fn default_memory_mib() -> u64 {
        (rankscope_core::lang::DEFAULT_MEMORY >> 20) as u64
    }

    fn default_eager_limit() -> u64 {
        DEFAULT_EAGER_LIMIT
    }

    fn default_pvm() -> PvmConfig {
        PvmConfig::UDP
    }

    fn variant<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let id = String::deserialize(d)?;
        Ok(Variant::parse(&id).unwrap_or_default())
    }

    fn pvm<'de, D: Deserializer<'de>>(d: D) -> Result<PvmConfig, D::Error> {
        let id = String::deserialize(d)?;
        Ok(PvmConfig::parse(&id).unwrap_or(PvmConfig::UDP))
    }

    impl From<Options> for super::RunOptions {
        fn from(o: Options) -> super::RunOptions {
            // Options that came after the text form are never in an object: their defaults.
            let mut run = RunConfig::DEFAULT;
            run.engine = o.matching;
            run.lock = o.lock;
            run.eager_limit = o.eager_limit;
            run.fcp = o.fcp;
            run.pvm = o.pvm;
            run.max_events = o.max_events;
            run.max_ops = o.max_ops;
            run.memory = u32::try_from(o.memory_mib.saturating_mul(1 << 20)).unwrap_or(u32::MAX);
            super::RunOptions {
                run,
                compare: o.compare,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rankscope_core::locks::LockScheme;
    use rankscope_core::proto::fcp::Variant;
    use rankscope_core::proto::p2p::Protocol;
    use rankscope_core::proto::pvm::PvmConfig;

    #[test]
    fn values_are_clamped_to_sane_bounds() {
        let o = RunOptions {
            run: RunConfig {
                max_ops: 0,
                memory: u32::MAX,
                max_events: u64::MAX,
                lock: LockScheme::LiEtAl,
                eager_limit: u64::MAX,
                fcp: Variant::FcpII,
                pvm: PvmConfig::DIRECT,
                ..RunConfig::default()
            },
            compare: None,
        }
        .clamped();
        assert_eq!(o.sim_config().fcp, Variant::FcpII);
        assert_eq!(o.sim_config().pvm, PvmConfig::DIRECT);
        assert_eq!(o.run.lock, LockScheme::LiEtAl);
        assert_eq!(o.sim_config().lock_scheme, LockScheme::LiEtAl);
        assert_eq!(o.run.max_ops, 1);
        assert_eq!(o.run.max_events, CEILING.max_events);
        assert_eq!(o.vm_limits().max_ops, 1);
        // At most the 2 GiB a rank's stack segment can address.
        assert_eq!(o.vm_limits().max_memory, rankscope_core::lang::MAX_MEMORY);
        assert_eq!(o.vm_limits().slice, SLICE_OPS);
        assert_eq!(o.sim_config().limits.max_events, CEILING.max_events);
        assert_eq!(o.sim_config().eager_limit, CEILING.eager_limit);
        assert_eq!(
            o.sim_config().words_per_rank,
            rankscope_core::lang::RMA_WORDS
        );
    }

    #[test]
    fn the_comparison_keeps_the_limits_and_swaps_the_engine() {
        let compared = Matching::ReceiverOnly(Protocol::Sync);
        let o = RunOptions {
            run: RunConfig {
                max_events: 77,
                engine: Matching::BothSides(Protocol::Sync),
                ..RunConfig::default()
            },
            compare: Some(compared),
        };
        let c = o.comparison().unwrap();
        assert_eq!(
            (c.run.max_events, c.run.engine, c.compare),
            (77, compared, None)
        );
        assert_eq!(c.sim_config().matching, compared);
        assert_eq!(RunOptions::default().comparison(), None);
    }

    #[test]
    fn the_text_form_reads_back_and_names_a_bad_key() {
        let o = RunOptions {
            run: RunConfig::parse("lock=li eager-limit=65536 memory=1M").unwrap(),
            compare: Some(Matching::ReceiverOnly(Protocol::Get)),
        };
        assert_eq!(
            o.to_text(),
            "lock=li eager-limit=65536 memory=1M compare=receiver-only:get"
        );
        assert_eq!(RunOptions::parse(&o.to_text()), Ok(o));
        assert_eq!(RunOptions::default().to_text(), "");
        assert_eq!(RunOptions::parse(""), Ok(RunOptions::default()));
        let e = RunOptions::parse("compare=fast").unwrap_err();
        assert!(
            e.starts_with("compare: \"fast\" is not one of eager, both-sides:buffered"),
            "{e}"
        );
        let json = serde_json::to_string(&o).unwrap();
        assert_eq!(
            json,
            "\"lock=li eager-limit=65536 memory=1M compare=receiver-only:get\""
        );
        assert_eq!(serde_json::from_str::<RunOptions>(&json).unwrap(), o);
    }

    /// Links and autosaves made before the text form carried an object: each reads to the same
    /// choices as before.
    #[test]
    fn old_option_objects_read_to_the_same_choices() {
        let read = |json: &str| serde_json::from_str::<RunOptions>(json).unwrap();
        let o = read(r#"{"max_ops":9,"max_events":8,"matching":{"both-sides":"sync"}}"#);
        assert_eq!(o.to_text(), "engine=both-sides:sync max-events=8 max-ops=9");
        let o = read(
            r#"{"max_ops":1000000000,"memory_mib":64,"max_events":5000000,"matching":"eager","compare":{"receiver-only":"buffered"},"lock":"li","eager_limit":65536,"fcp":"fcp2","pvm":"direct"}"#,
        );
        assert_eq!(
            o.to_text(),
            "lock=li eager-limit=65536 fcp=fcp2 pvm-route=direct memory=64M compare=receiver-only:buffered"
        );
        // An unknown design or route in an old object falls back as it always did.
        let o = read(r#"{"max_ops":1000000000,"max_events":5000000,"fcp":"fcp9","pvm":"tcp"}"#);
        assert_eq!(o, RunOptions::default());
        // The object missing a limit is refused, as it was.
        assert!(serde_json::from_str::<RunOptions>(r#"{"max_events":8}"#).is_err());
    }
}
