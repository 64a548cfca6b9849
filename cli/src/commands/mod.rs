//! One file per `rankscope` subcommand.

pub mod bench;
pub mod profiles;
pub mod run;
