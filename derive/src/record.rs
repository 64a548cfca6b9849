//! `#[derive(RecordCodec)]`: a trace record's kinds, names, pack, unpack, hash and round-trip
//! test, from its declaration.
//!
//! Each field is stored by its type's `trace::RecordField` codec, in declaration order. A field
//! marked `#[record(shift = N)]` shares the previous field's word from bit N up (both then use
//! `trace::WordField`, and the earlier one keeps the bits below N). A variant marked
//! `#[record(custom)]` is packed by the type's hand-written `pack_custom(&self) -> Words` and
//! `unpack_custom(variant, &Words) -> Self` (a layout no field codec describes); the generated
//! round-trip test leaves it to the type's own samples.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Data, DeriveInput, Error, Fields, Ident, Type};

use crate::attrs::{field_shift, type_attrs, variant_attrs, HashStyle, VariantAttrs};

/// One field and the bit it starts at within its word (0: a word, or words, of its own).
struct Field {
    ident: Ident,
    ty: Type,
    shift: u32,
}

/// One variant (a struct is one variant).
struct Variant {
    /// `Self::Name` or `Self`.
    path: TokenStream,
    /// The variant's name (none for a struct).
    ident: Option<Ident>,
    /// Struct-like (named fields) or unit.
    named: bool,
    fields: Vec<Field>,
    attrs: VariantAttrs,
}

/// The `RecordCodec` impl and round-trip test of `input`.
pub(crate) fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    if !input.generics.params.is_empty() {
        return Err(Error::new_spanned(
            &input.generics,
            "a record type has no generics",
        ));
    }
    let ty = &input.ident;
    let mut type_attrs = type_attrs(ty, &input.attrs)?;
    let variants = match &input.data {
        Data::Enum(data) => data
            .variants
            .iter()
            .map(|v| {
                let ident = &v.ident;
                variant(Some(ident), &v.fields, variant_attrs(&v.attrs)?, ident)
            })
            .collect::<syn::Result<Vec<_>>>()?,
        Data::Struct(data) => vec![variant(
            None,
            &data.fields,
            std::mem::take(&mut type_attrs.variant),
            ty,
        )?],
        Data::Union(_) => return Err(Error::new_spanned(ty, "a record type is no union")),
    };
    if variants.is_empty() || variants.len() > 255 {
        return Err(Error::new_spanned(ty, "a record type has 1 to 255 kinds"));
    }
    let names = variants
        .iter()
        .map(|v| {
            v.attrs
                .name
                .clone()
                .ok_or_else(|| Error::new(Span::call_site(), "every kind needs `name = \"…\"`"))
        })
        .collect::<syn::Result<Vec<_>>>()?;
    let count = variants.len();
    let patterns: Vec<TokenStream> = variants.iter().map(pattern).collect();
    let any: Vec<TokenStream> = variants.iter().map(any_pattern).collect();
    let pack_arms = variants
        .iter()
        .enumerate()
        .map(|(i, v)| pack_arm(i as u8, v));
    let unpack_arms = variants.iter().enumerate().map(|(i, v)| {
        let body = unpack_body(i as u8, v);
        if i + 1 == count {
            quote!(_ => #body)
        } else {
            let i = i as u8;
            quote!(#i => #body)
        }
    });
    let hash = hash_body(type_attrs.hash, &variants, &patterns)?;
    let test = round_trip_test(ty, &variants);
    Ok(quote! {
        impl crate::trace::RecordCodec for #ty {
            const KINDS: &'static [&'static str] = &[#(#names),*];
            const CODECS: &'static [crate::trace::Codec] =
                &crate::trace::Codec::all::<Self, #count>();

            fn name(&self) -> &'static str {
                match self {
                    #(#any => #names,)*
                }
            }

            fn pack(&self) -> (u8, crate::trace::Words) {
                match self {
                    #(#pack_arms)*
                }
            }

            #[allow(unused_variables)]
            fn unpack(__variant: u8, __words: &crate::trace::Words) -> Self {
                let __u = &mut crate::trace::Unpacker::new(__words);
                match __variant {
                    #(#unpack_arms,)*
                }
            }

            fn hash_into(&self, __h: &mut crate::trace::TraceHasher) {
                #hash
            }
        }

        #test
    })
}

fn variant(
    ident: Option<&Ident>,
    fields: &Fields,
    attrs: VariantAttrs,
    at: &Ident,
) -> syn::Result<Variant> {
    let (named, list) = match fields {
        Fields::Named(f) => (true, f.named.iter().collect::<Vec<_>>()),
        Fields::Unit => (false, Vec::new()),
        Fields::Unnamed(_) => {
            return Err(Error::new_spanned(
                at,
                "a record kind has named fields (or none)",
            ))
        }
    };
    let mut out = Vec::new();
    for f in list {
        let shift = field_shift(&f.attrs)?.unwrap_or(0);
        if shift != 0 && out.is_empty() {
            return Err(Error::new_spanned(
                f,
                "the first field has no earlier word to share",
            ));
        }
        out.push(Field {
            ident: f.ident.clone().expect("named"),
            ty: f.ty.clone(),
            shift,
        });
    }
    Ok(Variant {
        path: match ident {
            Some(i) => quote!(Self::#i),
            None => quote!(Self),
        },
        ident: ident.cloned(),
        named,
        fields: out,
        attrs,
    })
}

/// `Self::V { a, b }`: binds every field.
fn pattern(v: &Variant) -> TokenStream {
    let path = &v.path;
    let idents = v.fields.iter().map(|f| &f.ident);
    if v.named {
        quote!(#path { #(#idents),* })
    } else {
        quote!(#path)
    }
}

/// `Self::V { .. }`.
fn any_pattern(v: &Variant) -> TokenStream {
    let path = &v.path;
    if v.named {
        quote!(#path { .. })
    } else {
        quote!(#path)
    }
}

/// The fields in words: runs of fields that share one word.
fn words(v: &Variant) -> Vec<&[Field]> {
    let mut out: Vec<&[Field]> = Vec::new();
    let mut start = 0;
    for i in 1..=v.fields.len() {
        if i == v.fields.len() || v.fields[i].shift == 0 {
            out.push(&v.fields[start..i]);
            start = i;
        }
    }
    out
}

fn pack_arm(index: u8, v: &Variant) -> TokenStream {
    if v.attrs.custom {
        let any = any_pattern(v);
        return quote!(#any => (#index, self.pack_custom()),);
    }
    let pat = pattern(v);
    let steps = words(v).into_iter().map(|run| {
        if let [f] = run {
            let ident = &f.ident;
            return quote!(let __p = crate::trace::RecordField::pack(#ident, __p););
        }
        let parts = run.iter().map(|f| {
            let (ident, shift) = (&f.ident, f.shift);
            quote!((crate::trace::WordField::to_word(#ident) << #shift))
        });
        quote!(let __p = __p.u32(0 #(| #parts)*);)
    });
    quote! {
        #pat => {
            let __p = crate::trace::Packer::default();
            #(#steps)*
            (#index, __p.done())
        }
    }
}

fn unpack_body(index: u8, v: &Variant) -> TokenStream {
    if v.attrs.custom {
        return quote!(Self::unpack_custom(#index, __words));
    }
    let steps = words(v).into_iter().map(|run| {
        if let [f] = run {
            let (ident, ty) = (&f.ident, &f.ty);
            return quote!(let #ident = <#ty as crate::trace::RecordField>::unpack(__u););
        }
        let lets = run.iter().enumerate().map(|(k, f)| {
            let (ident, ty, shift) = (&f.ident, &f.ty, f.shift);
            let end = run.get(k + 1).map_or(32, |n| n.shift);
            let width = end - shift;
            let mask = if width >= 32 {
                u32::MAX
            } else {
                (1u32 << width) - 1
            };
            quote!(let #ident = <#ty as crate::trace::WordField>::from_word((__w >> #shift) & #mask);)
        });
        quote! {
            let __w = __u.u32();
            #(#lets)*
        }
    });
    let pat = pattern(v);
    quote!({
        #(#steps)*
        #pat
    })
}

fn hash_body(
    style: HashStyle,
    variants: &[Variant],
    patterns: &[TokenStream],
) -> syn::Result<TokenStream> {
    Ok(match style {
        HashStyle::Packed(code) => quote! {
            let (__v, __w) = crate::trace::RecordCodec::pack(self);
            __h.u32(#code + u32::from(__v));
            for __x in __w {
                __h.u32(__x);
            }
        },
        HashStyle::Fields => {
            let arms = variants
                .iter()
                .zip(patterns)
                .map(|(v, pat)| {
                    if v.attrs.custom {
                        return Err(Error::new(
                            Span::call_site(),
                            "a custom kind hashes its packed words: use hash = \"packed\"",
                        ));
                    }
                    let code = v.attrs.code.ok_or_else(|| {
                        Error::new(
                            Span::call_site(),
                            "with hash = \"fields\" every kind needs its `code = N`",
                        )
                    })?;
                    let idents = v.fields.iter().map(|f| &f.ident);
                    Ok(quote! {
                        #pat => {
                            __h.u32(#code);
                            #(crate::trace::RecordField::hash(#idents, __h);)*
                        }
                    })
                })
                .collect::<syn::Result<Vec<_>>>()?;
            quote! {
                match self {
                    #(#arms)*
                }
            }
        }
    })
}

/// A test that packs and unpacks samples of every generated kind (eight seeds each), and checks
/// that each names its kind.
fn round_trip_test(ty: &Ident, variants: &[Variant]) -> TokenStream {
    let module = format_ident!("record_codec_of_{}", ty.to_string().to_lowercase());
    let samples = variants.iter().filter(|v| !v.attrs.custom).map(|v| {
        let path = match &v.ident {
            Some(i) => quote!(#ty::#i),
            None => quote!(#ty),
        };
        if !v.named {
            return quote!(#path);
        }
        let fields = v.fields.iter().enumerate().map(|(k, f)| {
            let (ident, fty) = (&f.ident, &f.ty);
            let k = k as u32;
            quote!(#ident: <#fty as crate::trace::RecordField>::sample(__seed * 16 + #k))
        });
        quote!(#path { #(#fields),* })
    });
    quote! {
        #[cfg(test)]
        mod #module {
            #[allow(unused_imports)]
            use super::*;
            use crate::trace::RecordCodec;

            #[test]
            fn every_declared_kind_packs_unpacks_and_names_itself() {
                assert_eq!(#ty::CODECS.len(), #ty::KINDS.len(), "one codec per kind");
                for __seed in 0..8u32 {
                    let samples: Vec<#ty> = vec![#(#samples),*];
                    for r in samples {
                        let (variant, words) = r.pack();
                        assert_eq!(#ty::unpack(variant, &words), r, "{r:?} round-trips");
                        assert_eq!(#ty::KINDS[usize::from(variant)], r.name(), "{r:?}'s kind");
                    }
                }
            }
        }
    }
}
