//! The schedules page (paper 002's delay-inserted schedules): its address ([`query`]) and the
//! page itself ([`view`]).

pub mod query;
pub mod view;
