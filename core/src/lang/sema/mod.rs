//! What a program means: the [`check`]er (names and scopes, C's typing rules, `printf` formats,
//! suggestions for misspelt names), which produces the [`typed`] program the compiler reads (a
//! type for every expression, a binding for every name), the table of [`builtins`] and constants
//! it checks calls against, and the static [`types`] with their sizes and layouts.

pub mod builtins;
pub mod check;
pub mod typed;
pub mod types;
