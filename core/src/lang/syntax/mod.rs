//! From source text to a syntax tree: [`token`]s with spans from the [`lexer`], the C
//! [`preprocess`]or with the standard [`headers`]' macros, typedefs and structs, the recursive
//! descent [`parser`] with error recovery, the spanned syntax tree ([`ast`]), and the editor's
//! syntax classes ([`highlight`](mod@highlight)), read from the same lexer.

pub mod ast;
pub mod headers;
pub mod highlight;
pub mod lexer;
pub mod parser;
pub mod preprocess;
pub mod token;
