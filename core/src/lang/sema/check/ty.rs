//! What C's rules say about the front end's one type, [`Ty`] (of [`crate::lang::sema::types`]), as
//! far as the checker cares — arithmetic, pointer-like, testable, the element of an index or a
//! `*` — and how a type is written in a message ("an `int`", "an MPI datatype", "an array of
//! `double`").
//!
//! The checker's words differ from the compiler's on purpose: for the compiler a handle *is* an
//! `int` ([`Ty::is_integer`]); for the checker an `MPI_Comm` is no number ([`Ty::is_number`]), so
//! `MPI_COMM_WORLD + 1` is reported.

use super::*;

impl Ty {
    /// A number for C's arithmetic: `_Bool`, an integer type, `float`, `double` (not a handle).
    pub(super) fn is_number(&self) -> bool {
        self.is_whole_number() || self.is_floating()
    }

    /// `_Bool` or an integer type (not a handle).
    pub(super) fn is_whole_number(&self) -> bool {
        matches!(self, Ty::Bool | Ty::Int(_))
    }

    /// A value of a base type (a number, a handle, a status, a struct): what is neither a
    /// pointer, an array, `void` nor one of the checker's own kinds.
    pub(super) fn is_base_value(&self) -> bool {
        self.base().is_some() && *self != Ty::Void
    }

    /// A pointer to a function: the function type's index.
    pub(super) fn func_ptr(&self) -> Option<u32> {
        match self {
            Ty::Ptr(t) => match **t {
                Ty::Func(id) => Some(id),
                _ => None,
            },
            _ => None,
        }
    }

    /// An MPI handle (`MPI_Comm`, `MPI_Datatype`, …).
    pub(super) fn is_handle(&self) -> bool {
        matches!(self, Ty::Handle(_))
    }

    /// A value a C `int` holds under MPICH's `mpi.h`: a whole number, or an MPI handle (MPICH
    /// declares `typedef int MPI_Comm;`, `MPI_Datatype`, … so `int` arrays of datatypes, handles
    /// compared with `int`s and printed with `%d` compile with mpicc). The calls still check that
    /// the value is a handle of their kind, at run time, as MPICH does.
    pub(super) fn is_int_like(&self) -> bool {
        self.is_whole_number() || self.is_handle()
    }

    /// Pointer-like: a pointer, an array (which decays), or a null constant.
    pub(super) fn is_pointerish(&self) -> bool {
        matches!(
            self,
            Ty::Ptr(..)
                | Ty::Array(..)
                | Ty::Vla(..)
                | Ty::Null
                | Ty::StatusIgnore
                | Ty::StatusesIgnore
        )
    }

    /// Usable as a condition or with `!`, `&&`, `==`: anything but a struct, a string or void.
    pub(super) fn is_testable(&self) -> bool {
        self.is_number() || self.is_handle() || self.is_pointerish() || *self == Ty::Unknown
    }

    /// The element type of indexing or dereferencing, if this can be indexed.
    pub(super) fn element(&self) -> Option<Ty> {
        match self {
            Ty::Array(t, _) | Ty::Vla(t, _) => Some((**t).clone()),
            Ty::Ptr(t) if **t == Ty::Void => None,
            Ty::Ptr(t) => Some((**t).clone()),
            Ty::Unknown => Some(Ty::Unknown),
            _ => None,
        }
    }

    /// The type under every array dimension: `int` for `int[4][8]`, `char *` for `char *[3]`.
    pub(super) fn innermost(&self) -> &Ty {
        match self {
            Ty::Array(t, _) | Ty::Vla(t, _) => t.innermost(),
            t => t,
        }
    }

    /// The base type and pointer levels after array decay, looking through inner dimensions:
    /// `(int, 1)` for `int *` and for `int[4][8]`, `(char, 2)` for `char **`.
    pub(super) fn as_pointer(&self) -> Option<(BaseType, u8)> {
        match self {
            Ty::Ptr(t) => {
                let (base, n) = levels(t);
                Some((base?, n.saturating_add(1)))
            }
            Ty::Array(..) | Ty::Vla(..) => {
                let (base, n) = levels(self.innermost());
                Some((base?, n.saturating_add(1)))
            }
            _ => None,
        }
    }

    /// "an `int`", "an MPI datatype", "an array of `double`", …
    pub(super) fn describe(&self) -> String {
        let name = |t: &Ty| {
            let (base, n) = levels(t);
            let base = base.map_or("?", base_type_name);
            (base, "*".repeat(usize::from(n)))
        };
        match self {
            Ty::Unknown => "a value of unknown type".into(),
            Ty::Void => "nothing (a `void` result)".into(),
            Ty::Null => "`NULL`".into(),
            Ty::StatusIgnore => "`MPI_STATUS_IGNORE`".into(),
            Ty::StatusesIgnore => "`MPI_STATUSES_IGNORE`".into(),
            Ty::Ptr(t) if matches!(**t, Ty::Func(_)) => "a function pointer".into(),
            Ty::Ptr(t) if matches!(**t, Ty::Record(_)) => "a pointer to a struct".into(),
            Ty::Ptr(t) => {
                let (base, stars) = name(t);
                format!("an address of type `{base} *{stars}`")
            }
            Ty::Array(..) | Ty::Vla(..) => {
                let (base, stars) = name(self.innermost());
                format!("an array of `{base}{stars}`")
            }
            t => match t.base() {
                Some(BaseType::Handle(kind)) if kind.get().what.is_some() => {
                    kind.get().what.unwrap_or_default().into()
                }
                base => with_article(&format!("`{}`", base.map_or("?", base_type_name))),
            },
        }
    }
}

/// The base type under a type's pointer levels (inner array dimensions looked through), and the
/// number of levels.
fn levels(t: &Ty) -> (Option<BaseType>, u8) {
    match t {
        Ty::Ptr(inner) => {
            let (base, n) = levels(inner);
            (base, n.saturating_add(1))
        }
        Ty::Array(inner, _) | Ty::Vla(inner, _) => levels(inner),
        t => (t.base(), 0),
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

/// The base type a pointer's target is for C under MPICH's `mpi.h`: a handle type is `int`
/// there (all but `MPI_Status`), so `int *` and `MPI_Datatype *` are one type.
pub(super) fn c_base(b: BaseType) -> BaseType {
    match b {
        BaseType::Handle(k) if k != crate::libs::handles::HandleKind::STATUS => BaseType::Int,
        b => b,
    }
}
