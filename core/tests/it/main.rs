//! Integration tests of rankscope-core (one binary; one module per area).

mod acp;
mod call_cost;
mod engine;
mod examples;
mod folon;
mod host_libc;
mod lang_arith;
mod lang_front;
mod lang_fuzz;
mod lang_mpi;
mod lang_mpi_bugs;
mod lang_rma;
mod lang_vm;
mod lessons;
mod lock_check;
mod lock_schemes;
mod lock_summary;
mod network;
mod ompi;
mod op_cost;
mod profiles;
mod schedules;
mod script;
mod stride;
mod timeline;
mod words;
