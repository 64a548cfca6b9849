//! Rankscope's derives, used by `rankscope-core` only: a trace record's codec from its one
//! declaration, and the one-word codec of a small enum.
//!
//! - `#[derive(RecordCodec)]` on a protocol's record type (an enum of struct-like variants, or a
//!   struct) writes `trace::RecordCodec`: the kinds and their names, pack, unpack, the stable
//!   hash, and a round-trip test. See [`record`] for the attributes.
//! - `#[derive(WordField)]` on an enum of unit variants writes `trace::WordField`: the variant's
//!   index in declaration order is its word.

mod attrs;
mod record;
mod word_field;

use proc_macro::TokenStream;

/// A trace record's codec: `#[record(hash = "fields" | "packed", code = N)]` on the type,
/// `#[record(name = "…", code = N, custom)]` on a variant, `#[record(shift = N)]` on a field.
#[proc_macro_derive(RecordCodec, attributes(record))]
pub fn derive_record_codec(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    record::expand(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// The one-word codec of an enum of unit variants (its index in declaration order).
#[proc_macro_derive(WordField)]
pub fn derive_word_field(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    word_field::expand(&input)
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
