//! Integration tests of rankscope-core (one binary; one module per area).

mod engine;
mod profiles;
mod script;
