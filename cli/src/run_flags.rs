//! `rankscope run`'s run-option flags, made from core's one table ([`OPTIONS`]): one `--KEY
//! VALUE` per option, its help and value name from the table, its value read by the option's
//! own parser. A new option in the table is a new flag here with nothing to write.

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use rankscope_core::run_config::{RunConfig, OPTIONS};

/// The command line's defaults: core's, with the engine's larger event bound (the command line
/// runs what the page could not hold).
pub fn base() -> RunConfig {
    RunConfig {
        max_events: rankscope_core::engine::Limits::default().max_events,
        ..RunConfig::default()
    }
}

/// The run options given on the command line, over [`base`].
#[derive(Clone, Debug)]
pub struct RunFlags(pub RunConfig);

impl FromArgMatches for RunFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = RunFlags(base());
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for option in &OPTIONS {
            if let Some(value) = matches.get_one::<String>(option.key) {
                option
                    .set(&mut self.0, value)
                    .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, e))?;
            }
        }
        Ok(())
    }
}

impl Args for RunFlags {
    fn augment_args(cmd: Command) -> Command {
        let base = base();
        OPTIONS.iter().fold(cmd, |cmd, option| {
            let values = option.choices.map(|choices| {
                let values: Vec<String> = choices().into_iter().map(|c| c.value).collect();
                format!(": {}", values.join(", "))
            });
            let help = format!(
                "{}{} [default: {}]",
                capitalized(option.help),
                values.unwrap_or_default(),
                option.get(&base)
            );
            cmd.arg(
                Arg::new(option.key)
                    .long(option.key)
                    .value_name(option.value_name)
                    .help(help)
                    // Checked here so a bad value is refused as clap refuses any: with the flag.
                    .value_parser(move |value: &str| {
                        option
                            .set(&mut base.clone(), value)
                            .map(|()| value.to_string())
                    }),
            )
        })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

/// `text` with its first letter in capitals (the table's help is a sentence's middle).
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
