//! What a program means: the [`check`]er (names and scopes, C's typing rules, `printf` formats,
//! suggestions for misspelt names), the table of [`builtins`] and constants it checks calls
//! against, and the static [`types`] with their sizes and layouts.

pub mod builtins;
pub mod check;
pub mod types;
