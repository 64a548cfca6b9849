//! Static types of the compiler: what each expression is, how big it is in a rank's memory, and
//! how arrays decay to pointers.

use std::fmt;

use super::ast::{BaseType, Type};
use super::memory::{DOUBLE_SIZE, INT_SIZE, STATUS_SIZE};

/// A compile-time type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Ty {
    /// No value.
    #[default]
    Void,
    /// `char` (1 byte in memory, an `int` in expressions).
    Char,
    /// `int`.
    Int,
    /// `double`.
    Double,
    /// An int-sized MPI handle (`MPI_Request`, `MPI_Comm`, `MPI_Datatype`, `MPI_Op`).
    Handle(BaseType),
    /// `MPI_Status`.
    Status,
    /// A pointer.
    Ptr(Box<Ty>),
    /// A fixed-size array.
    Array(Box<Ty>, u32),
}

impl Ty {
    /// From a declared type (dimensions applied outermost first).
    pub fn from_decl(t: &Type) -> Ty {
        let mut ty = match t.base {
            BaseType::Void => Ty::Void,
            BaseType::Char => Ty::Char,
            BaseType::Int => Ty::Int,
            BaseType::Double => Ty::Double,
            BaseType::MpiStatus => Ty::Status,
            b @ (BaseType::MpiRequest
            | BaseType::MpiComm
            | BaseType::MpiDatatype
            | BaseType::MpiOp
            | BaseType::MpiWin
            | BaseType::MpiInfo) => Ty::Handle(b),
        };
        for _ in 0..t.pointers {
            ty = Ty::Ptr(Box::new(ty));
        }
        for &d in t.dims.iter().rev() {
            ty = Ty::Array(Box::new(ty), d);
        }
        ty
    }

    /// Bytes in memory (pointers are 4-byte addresses).
    pub fn size(&self) -> u32 {
        match self {
            Ty::Void => 0,
            Ty::Char => 1,
            Ty::Int | Ty::Handle(_) | Ty::Ptr(_) => INT_SIZE,
            Ty::Double => DOUBLE_SIZE,
            Ty::Status => STATUS_SIZE,
            Ty::Array(t, n) => t.size().saturating_mul(*n),
        }
    }

    /// Alignment in memory.
    pub fn align(&self) -> u32 {
        match self {
            Ty::Array(t, _) => t.align(),
            Ty::Double => 8,
            Ty::Void | Ty::Char => 1,
            _ => 4,
        }
    }

    /// Arrays decay to pointers to their first element; other types are unchanged.
    pub fn decay(&self) -> Ty {
        match self {
            Ty::Array(t, _) => Ty::Ptr(t.clone()),
            t => t.clone(),
        }
    }

    /// Values held in an int on the evaluation stack (char, int, handles).
    pub fn is_integer(&self) -> bool {
        matches!(self, Ty::Char | Ty::Int | Ty::Handle(_))
    }

    /// Integers and doubles.
    pub fn is_arithmetic(&self) -> bool {
        self.is_integer() || *self == Ty::Double
    }

    /// Pointers (after decay).
    pub fn is_pointer(&self) -> bool {
        matches!(self, Ty::Ptr(_) | Ty::Array(..))
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Void => write!(f, "void"),
            Ty::Char => write!(f, "char"),
            Ty::Int => write!(f, "int"),
            Ty::Double => write!(f, "double"),
            Ty::Handle(BaseType::MpiRequest) => write!(f, "MPI_Request"),
            Ty::Handle(BaseType::MpiComm) => write!(f, "MPI_Comm"),
            Ty::Handle(BaseType::MpiDatatype) => write!(f, "MPI_Datatype"),
            Ty::Handle(BaseType::MpiOp) => write!(f, "MPI_Op"),
            Ty::Handle(BaseType::MpiWin) => write!(f, "MPI_Win"),
            Ty::Handle(BaseType::MpiInfo) => write!(f, "MPI_Info"),
            Ty::Handle(_) => write!(f, "handle"),
            Ty::Status => write!(f, "MPI_Status"),
            Ty::Ptr(t) => write!(f, "{t} *"),
            Ty::Array(..) => {
                let mut dims = Vec::new();
                let mut t = self;
                while let Ty::Array(inner, n) = t {
                    dims.push(*n);
                    t = inner;
                }
                write!(f, "{t}")?;
                dims.iter().try_for_each(|n| write!(f, "[{n}]"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_d_arrays_nest_outermost_first() {
        let t = Ty::from_decl(&Type {
            base: BaseType::Double,
            pointers: 0,
            dims: vec![4, 8],
        });
        assert_eq!(
            t,
            Ty::Array(Box::new(Ty::Array(Box::new(Ty::Double), 8)), 4)
        );
        assert_eq!(t.size(), 256);
        assert_eq!(t.to_string(), "double[4][8]");
    }
}
