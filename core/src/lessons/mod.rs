//! Lessons: guided walks through the playground, written by hand as TOML files under
//! `lessons/`. A step names a run (program, machine, ranks, engine, lock scheme, arguments — or
//! the last step's), where it stands (an event, the first record of a kind, a time, the end),
//! narration in each language, views to open and things to highlight; optionally a prediction
//! whose answer is computed by running, and a task whose goal is checked against the run.
//!
//! | file | what it holds |
//! |---|---|
//! | [`format`](mod@format) | the file as written (TOML tables, unknown keys refused) |
//! | [`load`](mod@load) | text → [`Lesson`]: syntax errors with line and column, every name checked, programs read through the caller's resolver |
//! | [`lesson`] | [`Lesson`], [`Step`], [`Highlight`] |
//! | [`vocab`] | the names a lesson may use: levels, languages, views, highlights, record kinds |
//! | [`scenario`] | [`Scenario`] and its deterministic [`Run`]; [`Runs`] runs each scenario once |
//! | [`position`] | [`At`] → [`Position`] (events taken, simulated time) |
//! | [`shows`] | what a step shows where it stands: the view in front, each highlight there or why not |
//! | [`window`] | [`Window`]: the stretch of time a step's timeline shows |
//! | [`measure`] | [`Measure`]: time, events, records, records of a kind |
//! | [`prediction`] | [`Prediction`]: choice or number, the answer computed by running |
//! | [`task`] | [`Task`] and its [`Check`]s, each a verdict with a reason |
//! | [`orders`](mod@orders) | every order the network can choose for a run (the `"every-order"` check) |
//! | [`check`](mod@check) | a whole lesson run and checked: a [`StepReport`] per step |
//! | [`error`] | [`LessonError`]: message, step, line and column |
//!
//! ```
//! use rankscope_core::lessons::{self, Runs};
//! use rankscope_core::machine::builtin_profiles;
//!
//! let text = r#"
//! id = "hello"
//! level = "beginner"
//! languages = ["en"]
//! title = { en = "Hello" }
//! summary = { en = "Two ranks say hello." }
//!
//! [[step]]
//! title = { en = "Start" }
//! narration = { en = "Each rank prints one line." }
//! scenario = { source = '''
//! #include <mpi.h>
//! #include <stdio.h>
//! int main(int argc, char **argv) {
//!     int rank;
//!     MPI_Init(&argc, &argv);
//!     MPI_Comm_rank(MPI_COMM_WORLD, &rank);
//!     printf("hello from %d\n", rank);
//!     MPI_Finalize();
//!     return 0;
//! }
//! ''', machine = "folon", ranks = 2 }
//! at = { first = "print" }
//! "#;
//! let lesson = lessons::load(text, &mut |path| Err(format!("no file {path}"))).unwrap();
//! let mut runs = Runs::new(builtin_profiles().unwrap());
//! let report = lessons::check(&lesson, &mut runs).unwrap();
//! assert!(report[0].position.event > 0);
//! ```
//!
//! The names a lesson uses are checked against what the code exports, and the record kinds are the
//! engine's (`RecordKind::ENGINE_KINDS`) plus each layer's (`Layer::record_kinds`, its record
//! type's `RecordCodec::KINDS`), so a new protocol names its records itself and this module names
//! no protocol. A scenario runs through `lang::Launch`, the one setup of a C run shared with the
//! CLI's `run`, the web's Run and the paper checks. A scenario's `network` makes the student the
//! network (`Launch::network` → `Sim::with_network`); a task's `solution_network` is solved by
//! choosing rather than editing; an `"every-order"` check runs the other checks over
//! [`orders`](mod@orders)' exploration (at most [`orders::MAX_ORDERS`] runs) and names the first
//! order that fails. `lesson check` refuses a step whose view or highlight cannot be seen at its
//! position ([`shows`]) and a prediction that stands where its answer is on screen
//! (`Prediction::given_away`).

pub mod check;
pub mod error;
pub mod format;
pub mod lesson;
pub mod load;
pub mod measure;
pub mod orders;
pub mod position;
pub mod prediction;
pub mod scenario;
pub mod shows;
pub mod task;
pub mod vocab;
pub mod window;

pub use check::{check, StepReport, TaskReport};
pub use error::LessonError;
pub use lesson::{Highlight, Lesson, Step, Text};
pub use load::{load, ReadProgram};
pub use measure::Measure;
pub use orders::{orders, Order, MAX_ORDERS};
pub use position::{At, Position};
pub use prediction::{Answer, Choice, Guess, Pick, Prediction, QuestionKind, Tolerance};
pub use scenario::{ProgramText, Run, Runs, Scenario};
pub use task::{Check, Replay, Task, Verdict};
pub use window::Window;
