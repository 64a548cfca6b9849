//! One file per `rankscope` subcommand.

pub mod bench;
pub mod explore;
pub mod lesson;
pub mod profiles;
pub mod reference;
pub mod reproduce;
pub mod run;
pub mod schedule;
