//! The checker's types: what an expression is as far as C's rules care (arithmetic, pointer, array,
//! handle, record), the usual arithmetic conversions, and how a type is written in a message.

use super::*;
use crate::libs::handles::HandleKind;

/// The static type of an expression, as far as the checker cares.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Ty {
    /// An error was already reported: accept anything, report nothing more.
    Unknown,
    /// No value (a call to a `void` function).
    Void,
    /// `NULL`.
    Null,
    /// `MPI_STATUS_IGNORE`.
    StatusIgnore,
    /// `MPI_STATUSES_IGNORE`.
    StatusesIgnore,
    /// A value of a base type: numbers, handles, a status struct.
    Scalar(BaseType),
    /// A pointer with this many levels (≥ 1) to the base type.
    Ptr(BaseType, u8),
    /// An array: element base type, element pointer levels, dimensions (outermost first).
    Array(BaseType, u8, Vec<u32>),
}

pub(super) fn is_arith_base(b: BaseType) -> bool {
    is_integer_base(b) || is_floating_base(b)
}

pub(super) fn is_integer_base(b: BaseType) -> bool {
    matches!(
        b,
        BaseType::Bool
            | BaseType::Char
            | BaseType::UChar
            | BaseType::Short
            | BaseType::UShort
            | BaseType::Int
            | BaseType::UInt
            | BaseType::Long
            | BaseType::ULong
    )
}

pub(super) fn is_floating_base(b: BaseType) -> bool {
    matches!(b, BaseType::Float | BaseType::Double)
}

/// The base type of the usual arithmetic conversions of two arithmetic base types.
pub(super) fn common_base(a: BaseType, b: BaseType) -> BaseType {
    use crate::lang::sema::types::{common, Ty as T};
    match common(&T::of_base(a), &T::of_base(b)) {
        T::Double => BaseType::Double,
        T::Float => BaseType::Float,
        T::Int(i) => match (i.bytes, i.signed) {
            (8, true) => BaseType::Long,
            (8, false) => BaseType::ULong,
            (_, false) => BaseType::UInt,
            _ => BaseType::Int,
        },
        _ => BaseType::Int,
    }
}

pub(super) fn is_handle_base(b: BaseType) -> bool {
    matches!(
        b,
        BaseType::Handle(kind) if kind != HandleKind::STATUS
    )
}

impl Ty {
    pub(super) fn of(ty: &Type) -> Ty {
        if !ty.dims.is_empty() {
            Ty::Array(ty.base, ty.pointers, ty.dims.clone())
        } else if ty.pointers > 0 {
            Ty::Ptr(ty.base, ty.pointers)
        } else if ty.base == BaseType::Void {
            Ty::Void
        } else {
            Ty::Scalar(ty.base)
        }
    }

    pub(super) fn is_arith(&self) -> bool {
        matches!(self, Ty::Scalar(b) if is_arith_base(*b))
    }

    pub(super) fn is_integer(&self) -> bool {
        matches!(self, Ty::Scalar(b) if is_integer_base(*b))
    }

    pub(super) fn is_double(&self) -> bool {
        matches!(self, Ty::Scalar(b) if is_floating_base(*b))
    }

    /// The base type of an arithmetic scalar.
    pub(super) fn arith_base(&self) -> Option<BaseType> {
        match self {
            Ty::Scalar(b) if is_arith_base(*b) => Some(*b),
            _ => None,
        }
    }

    pub(super) fn is_handle(&self) -> bool {
        matches!(self, Ty::Scalar(b) if is_handle_base(*b))
    }

    /// Pointer-like: a pointer, an array (which decays), or a null constant.
    pub(super) fn is_pointerish(&self) -> bool {
        matches!(
            self,
            Ty::Ptr(..) | Ty::Array(..) | Ty::Null | Ty::StatusIgnore | Ty::StatusesIgnore
        )
    }

    /// Usable as a condition or with `!`, `&&`, `==`: anything but a struct, a string or void.
    pub(super) fn is_testable(&self) -> bool {
        self.is_arith() || self.is_handle() || self.is_pointerish() || *self == Ty::Unknown
    }

    /// The element type of indexing or dereferencing, if this can be indexed.
    pub(super) fn element(&self) -> Option<Ty> {
        match self {
            Ty::Array(b, p, dims) if dims.len() > 1 => Some(Ty::Array(*b, *p, dims[1..].to_vec())),
            Ty::Array(b, 0, _) => Some(Ty::Scalar(*b)),
            Ty::Array(b, p, _) => Some(Ty::Ptr(*b, *p)),
            Ty::Ptr(BaseType::Void, 1) => None,
            Ty::Ptr(b, 1) => Some(Ty::Scalar(*b)),
            Ty::Ptr(b, n) => Some(Ty::Ptr(*b, n - 1)),
            Ty::Unknown => Some(Ty::Unknown),
            _ => None,
        }
    }

    /// As a pointer after array decay: (base, levels), ignoring inner dimensions.
    pub(super) fn as_pointer(&self) -> Option<(BaseType, u8)> {
        match self {
            Ty::Ptr(b, n) => Some((*b, *n)),
            Ty::Array(b, p, _) => Some((*b, p.saturating_add(1))),
            _ => None,
        }
    }

    /// "an `int`", "an MPI datatype", "an array of `double`", …
    pub(super) fn describe(&self) -> String {
        match self {
            Ty::Unknown => "a value of unknown type".into(),
            Ty::Void => "nothing (a `void` result)".into(),
            Ty::Null => "`NULL`".into(),
            Ty::StatusIgnore => "`MPI_STATUS_IGNORE`".into(),
            Ty::StatusesIgnore => "`MPI_STATUSES_IGNORE`".into(),
            Ty::Scalar(BaseType::Handle(kind)) if kind.get().what.is_some() => {
                kind.get().what.unwrap_or_default().into()
            }
            Ty::Scalar(b) => with_article(&format!("`{}`", base_type_name(*b))),
            Ty::Ptr(BaseType::Func(_), 1) => "a function pointer".into(),
            Ty::Ptr(BaseType::Record(_), 1) => "a pointer to a struct".into(),
            Ty::Ptr(b, n) => format!(
                "an address of type `{} {}`",
                base_type_name(*b),
                "*".repeat(usize::from(*n))
            ),
            Ty::Array(b, p, _) => {
                let stars = "*".repeat(usize::from(*p));
                format!("an array of `{}{stars}`", base_type_name(*b))
            }
        }
    }
}

pub(super) fn with_article(word: &str) -> String {
    let bare = word.trim_start_matches('`');
    let first = bare.chars().next().unwrap_or('x');
    if "aeiouAEIOU".contains(first) || bare.starts_with("MPI") {
        format!("an {word}")
    } else {
        format!("a {word}")
    }
}

/// How a type is written: `int`, `char **`, `double[4][8]`.
pub fn type_text(ty: &Type) -> String {
    let mut s = base_type_name(ty.base).to_string();
    if ty.pointers > 0 {
        s.push(' ');
        s.push_str(&"*".repeat(usize::from(ty.pointers)));
    }
    for d in &ty.dims {
        s.push_str(&format!("[{d}]"));
    }
    s
}

/// How a declaration is written: `int *values`, `char **argv`, `double m[4][8]`.
pub(super) fn decl_text(ty: &Type, name: &str) -> String {
    if matches!(ty.base, BaseType::Func(_)) {
        return format!("int (*{name})(…)");
    }
    let mut s = format!(
        "{} {}{name}",
        base_type_name(ty.base),
        "*".repeat(usize::from(ty.pointers))
    );
    for d in &ty.dims {
        s.push_str(&format!("[{d}]"));
    }
    s
}

pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}
