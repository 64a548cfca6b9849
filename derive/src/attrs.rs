//! The `#[record(…)]` attributes of a record type, its variants and its fields.

use syn::{Attribute, Error, LitInt, LitStr};

/// How the type's records feed the trace hash.
#[derive(Clone, Copy)]
pub(crate) enum HashStyle {
    /// Each variant's own code, then each field's `RecordField::hash` in declaration order (the
    /// encoding the trace used before records were packed: p2p, rma, locks, network choices).
    Fields,
    /// `code + variant`, then the packed words, all eleven.
    Packed(u32),
}

/// `#[record(hash = "fields")]` or `#[record(hash = "packed", code = N)]` on the type, plus a
/// struct's `name` and `code`.
pub(crate) struct TypeAttrs {
    pub(crate) hash: HashStyle,
    pub(crate) variant: VariantAttrs,
}

/// `#[record(name = "…", code = N, custom)]` on a variant (or a struct).
#[derive(Default)]
pub(crate) struct VariantAttrs {
    /// The kind's name (`RecordCodec::KINDS`).
    pub(crate) name: Option<LitStr>,
    /// Its hash code (hash = "fields").
    pub(crate) code: Option<u32>,
    /// Packed by hand: the type's `pack_custom(&self) -> Words` and
    /// `unpack_custom(variant, &Words) -> Self` handle it.
    pub(crate) custom: bool,
}

/// `#[record(shift = N)]` on a field: it shares the previous field's word, from bit N up.
pub(crate) fn field_shift(attrs: &[Attribute]) -> syn::Result<Option<u32>> {
    let mut shift = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("record")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("shift") {
                let n: LitInt = meta.value()?.parse()?;
                let n: u32 = n.base10_parse()?;
                if n == 0 || n >= 32 {
                    return Err(meta.error("shift is a bit position from 1 to 31"));
                }
                shift = Some(n);
                Ok(())
            } else {
                Err(meta.error("a field takes only `shift = N`"))
            }
        })?;
    }
    Ok(shift)
}

/// A variant's attributes.
pub(crate) fn variant_attrs(attrs: &[Attribute]) -> syn::Result<VariantAttrs> {
    let mut out = VariantAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("record")) {
        attr.parse_nested_meta(|meta| parse_variant_item(&meta, &mut out))?;
    }
    Ok(out)
}

fn parse_variant_item(
    meta: &syn::meta::ParseNestedMeta<'_>,
    out: &mut VariantAttrs,
) -> syn::Result<()> {
    if meta.path.is_ident("name") {
        out.name = Some(meta.value()?.parse()?);
    } else if meta.path.is_ident("code") {
        let n: LitInt = meta.value()?.parse()?;
        out.code = Some(n.base10_parse()?);
    } else if meta.path.is_ident("custom") {
        out.custom = true;
    } else {
        return Err(meta.error("a variant takes `name = \"…\"`, `code = N` and `custom`"));
    }
    Ok(())
}

/// The type's attributes (a struct's may also carry its variant's).
pub(crate) fn type_attrs(ident: &syn::Ident, attrs: &[Attribute]) -> syn::Result<TypeAttrs> {
    let mut style: Option<String> = None;
    let mut variant = VariantAttrs::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("record")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("hash") {
                let s: LitStr = meta.value()?.parse()?;
                style = Some(s.value());
                Ok(())
            } else {
                parse_variant_item(&meta, &mut variant)
            }
        })?;
    }
    let hash = match style.as_deref() {
        Some("fields") => HashStyle::Fields,
        Some("packed") => {
            let code = variant.code.take().ok_or_else(|| {
                Error::new_spanned(ident, "hash = \"packed\" needs the type's `code = N`")
            })?;
            HashStyle::Packed(code)
        }
        _ => {
            return Err(Error::new_spanned(
                ident,
                "say how records hash: #[record(hash = \"fields\")] or #[record(hash = \"packed\", code = N)]",
            ))
        }
    };
    Ok(TypeAttrs { hash, variant })
}
