//! `#[derive(WordField)]`: an enum of unit variants stored as its variant's index.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data, DeriveInput, Error, Fields};

/// The `WordField` impl of `input`.
pub(crate) fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let Data::Enum(data) = &input.data else {
        return Err(Error::new_spanned(
            &input.ident,
            "WordField derives only for an enum of unit variants",
        ));
    };
    let ty = &input.ident;
    let mut variants = Vec::new();
    for v in &data.variants {
        if !matches!(v.fields, Fields::Unit) {
            return Err(Error::new_spanned(
                v,
                "WordField derives only for unit variants: write the impl by hand for this enum",
            ));
        }
        variants.push(&v.ident);
    }
    let Some(last) = variants.last() else {
        return Err(Error::new_spanned(
            ty,
            "an enum without variants has no word",
        ));
    };
    let count = variants.len() as u32;
    let to_v = &variants;
    let to_i = 0..count;
    let from_i = 0..count - 1;
    let from_v = &variants[..variants.len() - 1];
    Ok(quote! {
        impl crate::trace::WordField for #ty {
            fn to_word(&self) -> u32 {
                match self {
                    #(#ty::#to_v => #to_i,)*
                }
            }
            fn from_word(word: u32) -> Self {
                match word {
                    #(#from_i => #ty::#from_v,)*
                    _ => #ty::#last,
                }
            }
            fn sample(seed: u32) -> Self {
                <Self as crate::trace::WordField>::from_word(seed % #count)
            }
        }
    })
}
