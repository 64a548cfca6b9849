//! Static types of the compiler: what each expression is, how big it is in a rank's memory (LP64,
//! as on x86-64 Linux: `int` 4 bytes, `long` and pointers 8), C's integer promotions and usual
//! arithmetic conversions, and the memory layout of `struct`s and `union`s.

use crate::libs::handles::HandleKind;
use std::fmt;

use crate::lang::codegen::bytecode::Scalar;
use crate::lang::syntax::ast::{BaseType, Expr, ExprId, RecordDecl, Type};
use crate::lang::vm::memory::{DOUBLE_SIZE, INT_SIZE, STATUS_SIZE};

/// Bytes of a pointer (LP64).
pub const PTR_SIZE: u32 = 8;

/// An integer type: its width and signedness.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntTy {
    /// 1, 2, 4 or 8.
    pub bytes: u8,
    /// Two's complement signed, or unsigned (wrapping modulo 2^bits).
    pub signed: bool,
}

impl IntTy {
    /// `char` (signed on x86-64 Linux).
    pub const CHAR: IntTy = IntTy::new(1, true);
    /// `unsigned char`.
    pub const UCHAR: IntTy = IntTy::new(1, false);
    /// `short`.
    pub const SHORT: IntTy = IntTy::new(2, true);
    /// `unsigned short`.
    pub const USHORT: IntTy = IntTy::new(2, false);
    /// `int`.
    pub const INT: IntTy = IntTy::new(4, true);
    /// `unsigned int`.
    pub const UINT: IntTy = IntTy::new(4, false);
    /// `long` (and `long long`).
    pub const LONG: IntTy = IntTy::new(8, true);
    /// `unsigned long` (and `size_t`).
    pub const ULONG: IntTy = IntTy::new(8, false);

    const fn new(bytes: u8, signed: bool) -> IntTy {
        IntTy { bytes, signed }
    }

    /// The scalar the VM loads and stores for it.
    pub fn scalar(self) -> Scalar {
        match (self.bytes, self.signed) {
            (1, true) => Scalar::I8,
            (1, false) => Scalar::U8,
            (2, true) => Scalar::I16,
            (2, false) => Scalar::U16,
            (4, true) => Scalar::I32,
            (4, false) => Scalar::U32,
            _ => Scalar::I64,
        }
    }

    /// Its C name.
    pub fn name(self) -> &'static str {
        match (self.bytes, self.signed) {
            (1, true) => "char",
            (1, false) => "unsigned char",
            (2, true) => "short",
            (2, false) => "unsigned short",
            (4, true) => "int",
            (4, false) => "unsigned int",
            (_, true) => "long",
            (_, false) => "unsigned long",
        }
    }
}

/// The one static type of the front end: what the checker gives every expression and the
/// compiler reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Ty {
    /// No value.
    #[default]
    Void,
    /// An error was already reported about this expression: accept anything, report nothing
    /// more. Never reaches the compiler.
    Unknown,
    /// `NULL`: an `int` 0 the checker lets stand for any pointer.
    Null,
    /// `MPI_STATUS_IGNORE`: an `int` the checker accepts only where one status is written.
    StatusIgnore,
    /// `MPI_STATUSES_IGNORE`: likewise for an array of statuses.
    StatusesIgnore,
    /// `_Bool`: 0 or 1 in one byte.
    Bool,
    /// An integer type.
    Int(IntTy),
    /// `float`.
    Float,
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
    /// A variable-length array (C99): its element type and the id of the expression that gives
    /// its length, evaluated when its declaration runs (or, for a parameter `int a[n][m]`, when
    /// the function starts) and kept in a hidden slot the compiler finds by that id.
    Vla(Box<Ty>, ExprId),
    /// A `struct` or `union`: an index into the program's records ([`Layouts`]).
    Record(u32),
    /// A function type (only behind a pointer): an index into the program's function types.
    Func(u32),
}

impl Ty {
    /// `int`.
    pub const INT: Ty = Ty::Int(IntTy::INT);
    /// `char`.
    pub const CHAR: Ty = Ty::Int(IntTy::CHAR);
    /// `long`.
    pub const LONG: Ty = Ty::Int(IntTy::LONG);
    /// `unsigned long` (`size_t`).
    pub const ULONG: Ty = Ty::Int(IntTy::ULONG);

    /// The type of a base type.
    pub fn of_base(base: BaseType) -> Ty {
        match base {
            BaseType::Void => Ty::Void,
            BaseType::Bool => Ty::Bool,
            BaseType::Char => Ty::Int(IntTy::CHAR),
            BaseType::UChar => Ty::Int(IntTy::UCHAR),
            BaseType::Short => Ty::Int(IntTy::SHORT),
            BaseType::UShort => Ty::Int(IntTy::USHORT),
            BaseType::Int => Ty::Int(IntTy::INT),
            BaseType::UInt => Ty::Int(IntTy::UINT),
            BaseType::Long => Ty::Int(IntTy::LONG),
            BaseType::ULong => Ty::Int(IntTy::ULONG),
            BaseType::Float => Ty::Float,
            BaseType::Double => Ty::Double,
            BaseType::Record(id) => Ty::Record(id),
            BaseType::Func(id) => Ty::Func(id),
            BaseType::Handle(HandleKind::STATUS) => Ty::Status,
            b @ BaseType::Handle(_) => Ty::Handle(b),
        }
    }

    /// From a declared type (dimensions applied outermost first).
    pub fn from_decl(t: &Type) -> Ty {
        let mut ty = Ty::of_base(t.base);
        for _ in 0..t.pointers {
            ty = Ty::Ptr(Box::new(ty));
        }
        for &d in t.dims.iter().rev() {
            ty = Ty::Array(Box::new(ty), d);
        }
        ty
    }

    /// From a declared type whose dimensions at the indices in `vla` are variable-length
    /// (`double m[n][4]`: `Vla(Array(double, 4), n's id)`).
    pub fn from_decl_vla(t: &Type, vla: &[(usize, Expr)]) -> Ty {
        let mut ty = Ty::of_base(t.base);
        for _ in 0..t.pointers {
            ty = Ty::Ptr(Box::new(ty));
        }
        for (i, &d) in t.dims.iter().enumerate().rev() {
            ty = match vla.iter().find(|(at, _)| *at == i) {
                Some((_, e)) => Ty::Vla(Box::new(ty), e.id),
                None => Ty::Array(Box::new(ty), d),
            };
        }
        ty
    }

    /// A parameter's type with its variable-length inner dimensions (`int a[n][m]`: a pointer
    /// to `Vla(int, m's id)`).
    pub fn of_param_vla(t: &Type, vla: &[(usize, Expr)]) -> Ty {
        if t.dims.is_empty() || vla.is_empty() {
            return Ty::of_param(t);
        }
        match Ty::from_decl_vla(t, vla) {
            Ty::Array(inner, _) | Ty::Vla(inner, _) => Ty::Ptr(inner),
            other => other,
        }
    }

    /// Whether its size is known only at run time (a variable-length array, or an array of
    /// them).
    pub fn is_variable(&self) -> bool {
        match self {
            Ty::Vla(..) => true,
            Ty::Array(t, _) => t.is_variable(),
            _ => false,
        }
    }

    /// Pointer levels on top of a base type: `ptr_to(b, 2)` is `b **`.
    pub fn ptr_to(base: BaseType, levels: u8) -> Ty {
        let mut ty = Ty::of_base(base);
        for _ in 0..levels {
            ty = Ty::Ptr(Box::new(ty));
        }
        ty
    }

    /// The base type of a type that is one (numbers, handles, `MPI_Status`, records, function
    /// types); `None` for pointers, arrays and the checker's own kinds.
    pub fn base(&self) -> Option<BaseType> {
        Some(match self {
            Ty::Void => BaseType::Void,
            Ty::Bool => BaseType::Bool,
            Ty::Int(i) => match (i.bytes, i.signed) {
                (1, true) => BaseType::Char,
                (1, false) => BaseType::UChar,
                (2, true) => BaseType::Short,
                (2, false) => BaseType::UShort,
                (4, true) => BaseType::Int,
                (4, false) => BaseType::UInt,
                (_, true) => BaseType::Long,
                (_, false) => BaseType::ULong,
            },
            Ty::Float => BaseType::Float,
            Ty::Double => BaseType::Double,
            Ty::Handle(b) => *b,
            Ty::Status => BaseType::Handle(HandleKind::STATUS),
            Ty::Record(id) => BaseType::Record(*id),
            Ty::Func(id) => BaseType::Func(*id),
            _ => return None,
        })
    }

    /// The type of an integer literal as the parser leaves it (a suffix or a value that needs
    /// another type is a cast around it): `int` when it fits, else `long` (C99 6.4.4.1).
    pub fn of_int_literal(v: i64) -> Ty {
        if i32::try_from(v).is_ok() {
            Ty::INT
        } else {
            Ty::LONG
        }
    }

    /// A parameter's type from its declaration: an array parameter (`int a[]`, `double
    /// m[][8]`) is a pointer to its first element.
    pub fn of_param(t: &Type) -> Ty {
        if t.dims.is_empty() {
            Ty::from_decl(t)
        } else {
            let inner = Type {
                base: t.base,
                pointers: t.pointers,
                dims: t.dims[1..].to_vec(),
            };
            Ty::Ptr(Box::new(Ty::from_decl(&inner)))
        }
    }

    /// Arrays decay to pointers to their first element; other types are unchanged.
    pub fn decay(&self) -> Ty {
        match self {
            Ty::Array(t, _) | Ty::Vla(t, _) => Ty::Ptr(t.clone()),
            t => t.clone(),
        }
    }

    /// Integer types, `_Bool` and handles: values held as integers.
    pub fn is_integer(&self) -> bool {
        matches!(self, Ty::Int(_) | Ty::Bool | Ty::Handle(_))
    }

    /// `float` or `double`.
    pub fn is_floating(&self) -> bool {
        matches!(self, Ty::Float | Ty::Double)
    }

    /// Integers and floating types.
    pub fn is_arithmetic(&self) -> bool {
        self.is_integer() || self.is_floating()
    }

    /// Pointers (after decay).
    pub fn is_pointer(&self) -> bool {
        matches!(self, Ty::Ptr(_) | Ty::Array(..) | Ty::Vla(..))
    }

    /// Scalars: values that fit one stack word (numbers, handles, pointers).
    pub fn is_scalar(&self) -> bool {
        self.is_arithmetic() || matches!(self, Ty::Ptr(_))
    }

    /// The integer type after C's integer promotions (`char`, `short`, `_Bool` → `int`);
    /// `None` for non-integers. Handles count as `int`.
    pub fn promoted(&self) -> Option<IntTy> {
        match self {
            Ty::Bool | Ty::Handle(_) => Some(IntTy::INT),
            Ty::Int(i) if i.bytes < 4 => Some(IntTy::INT),
            Ty::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The scalar the VM uses to load and store a value of this type (pointers are 64-bit
    /// words; `None` for aggregates and `void`).
    pub fn scalar(&self) -> Option<Scalar> {
        Some(match self {
            Ty::Bool => Scalar::Bool,
            Ty::Int(i) => i.scalar(),
            Ty::Float => Scalar::F32,
            Ty::Double => Scalar::F64,
            Ty::Handle(_) => Scalar::I32,
            Ty::Ptr(_) => Scalar::I64,
            _ => return None,
        })
    }
}

/// The type C's usual arithmetic conversions give two arithmetic operands (C99 6.3.1.8).
pub fn common(a: &Ty, b: &Ty) -> Ty {
    if *a == Ty::Double || *b == Ty::Double {
        return Ty::Double;
    }
    if *a == Ty::Float || *b == Ty::Float {
        return Ty::Float;
    }
    let (x, y) = (
        a.promoted().unwrap_or(IntTy::INT),
        b.promoted().unwrap_or(IntTy::INT),
    );
    Ty::Int(common_int(x, y))
}

/// The usual arithmetic conversions on two promoted integer types.
pub fn common_int(x: IntTy, y: IntTy) -> IntTy {
    if x == y {
        return x;
    }
    if x.signed == y.signed {
        return if x.bytes >= y.bytes { x } else { y };
    }
    let (u, s) = if x.signed { (y, x) } else { (x, y) };
    if u.bytes >= s.bytes {
        u
    } else {
        // The signed type is wider, so it holds every value of the unsigned one.
        s
    }
}

/// One member of a laid-out record.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its name.
    pub name: String,
    /// Its type.
    pub ty: Ty,
    /// Its byte offset in the record.
    pub offset: u32,
}

/// The layout of one `struct` or `union`.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// `struct point` or `union value`.
    pub name: String,
    /// Members in declaration order; `None` while the record is only declared.
    pub fields: Option<Vec<Field>>,
    /// Bytes, padded to the alignment.
    pub size: u32,
    /// The strictest member alignment.
    pub align: u32,
}

/// The layouts of a program's records, and sizes of every type that may contain one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layouts {
    records: Vec<Layout>,
}

impl Layouts {
    /// Lays out the records in declaration order (as C does: a member's type is complete before
    /// the record that holds it; pointers to incomplete records are fine).
    pub fn new(decls: &[RecordDecl]) -> Layouts {
        let mut l = Layouts {
            records: Vec::with_capacity(decls.len()),
        };
        for d in decls {
            l.records.push(Layout {
                name: d.keyword_name(),
                fields: None,
                size: 0,
                align: 1,
            });
        }
        // A record defined inside another (`struct { short f; double x; } pos;` as a member)
        // comes after it in `decls`: lay out again until every size settles (one more pass per
        // level of such nesting).
        let mut previous: Vec<(u32, u32)> = Vec::new();
        for _ in 0..=decls.len() {
            l.lay_out(decls);
            let now: Vec<(u32, u32)> = l.records.iter().map(|r| (r.size, r.align)).collect();
            if now == previous {
                break;
            }
            previous = now;
        }
        l
    }

    /// One pass of laying out every record with the sizes known so far.
    fn lay_out(&mut self, decls: &[RecordDecl]) {
        let l = self;
        for (id, d) in decls.iter().enumerate() {
            let Some(members) = &d.fields else { continue };
            let (mut size, mut align, mut fields) = (0u32, 1u32, Vec::new());
            for m in members {
                let ty = Ty::from_decl(&m.ty);
                let (s, a) = (l.size(&ty), l.align(&ty).max(1));
                align = align.max(a);
                let offset = if d.union {
                    0
                } else {
                    size.div_ceil(a).saturating_mul(a)
                };
                size = if d.union {
                    size.max(s)
                } else {
                    offset.saturating_add(s)
                };
                fields.push(Field {
                    name: m.name.clone(),
                    ty,
                    offset,
                });
            }
            let r = &mut l.records[id];
            r.size = size.div_ceil(align).saturating_mul(align);
            r.align = align;
            r.fields = Some(fields);
        }
    }

    /// A record's layout.
    pub fn record(&self, id: u32) -> Option<&Layout> {
        self.records.get(id as usize)
    }

    /// A member of a record by name.
    pub fn field(&self, id: u32, name: &str) -> Option<&Field> {
        self.record(id)?
            .fields
            .as_ref()?
            .iter()
            .find(|f| f.name == name)
    }

    /// Whether a type has a size (not `void`, not an only-declared record).
    pub fn is_complete(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Void | Ty::Unknown | Ty::Func(_) => false,
            Ty::Record(id) => self.record(*id).is_some_and(|r| r.fields.is_some()),
            Ty::Array(t, _) | Ty::Vla(t, _) => self.is_complete(t),
            _ => true,
        }
    }

    /// `sizeof` of a declared type: `None` for `void`, an only-declared record, or a size that
    /// does not fit in 32 bits.
    pub fn checked_size(&self, t: &Type) -> Option<u32> {
        let ty = Ty::from_decl(t);
        let mut elem = &ty;
        while let Ty::Array(inner, _) = elem {
            elem = inner;
        }
        if !self.is_complete(elem) {
            return None;
        }
        t.dims
            .iter()
            .try_fold(self.size(elem), |acc, &d| acc.checked_mul(d))
    }

    /// Bytes in memory.
    pub fn size(&self, ty: &Ty) -> u32 {
        match ty {
            Ty::Void | Ty::Unknown => 0,
            Ty::Null | Ty::StatusIgnore | Ty::StatusesIgnore => INT_SIZE,
            Ty::Bool => 1,
            Ty::Int(i) => u32::from(i.bytes),
            Ty::Float => 4,
            Ty::Double => DOUBLE_SIZE,
            Ty::Handle(_) => INT_SIZE,
            Ty::Ptr(_) => PTR_SIZE,
            Ty::Status => STATUS_SIZE,
            Ty::Array(t, n) => self.size(t).saturating_mul(*n),
            // Known at run time only: the compiler emits the code that computes it.
            Ty::Vla(..) => 0,
            Ty::Record(id) => self.record(*id).map_or(0, |r| r.size),
            Ty::Func(_) => 0,
        }
    }

    /// Alignment in memory.
    pub fn align(&self, ty: &Ty) -> u32 {
        match ty {
            Ty::Array(t, _) | Ty::Vla(t, _) => self.align(t),
            Ty::Record(id) => self.record(*id).map_or(1, |r| r.align),
            Ty::Status => 4,
            t => self.size(t).max(1),
        }
    }

    /// The type's C spelling (`struct point *`, `unsigned long[4]`).
    pub fn name(&self, ty: &Ty) -> String {
        match ty {
            Ty::Record(id) => self
                .record(*id)
                .map_or_else(|| "struct".to_string(), |r| r.name.clone()),
            Ty::Ptr(t) => format!("{} *", self.name(t)),
            Ty::Array(..) | Ty::Vla(..) => {
                let mut dims = String::new();
                let mut t = ty;
                loop {
                    match t {
                        Ty::Array(inner, n) => {
                            dims.push_str(&format!("[{n}]"));
                            t = inner;
                        }
                        Ty::Vla(inner, _) => {
                            dims.push_str("[*]");
                            t = inner;
                        }
                        _ => break,
                    }
                }
                format!("{}{dims}", self.name(t))
            }
            t => t.to_string(),
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Void => write!(f, "void"),
            Ty::Unknown => write!(f, "?"),
            Ty::Null => write!(f, "NULL"),
            Ty::StatusIgnore => write!(f, "MPI_STATUS_IGNORE"),
            Ty::StatusesIgnore => write!(f, "MPI_STATUSES_IGNORE"),
            Ty::Bool => write!(f, "_Bool"),
            Ty::Int(i) => write!(f, "{}", i.name()),
            Ty::Float => write!(f, "float"),
            Ty::Double => write!(f, "double"),
            Ty::Handle(BaseType::Handle(kind)) => f.write_str(kind.c_name()),
            Ty::Handle(_) => write!(f, "handle"),
            Ty::Status => write!(f, "MPI_Status"),
            Ty::Record(_) => write!(f, "struct"),
            Ty::Func(_) => write!(f, "function"),
            Ty::Ptr(t) => write!(f, "{t} *"),
            Ty::Array(..) | Ty::Vla(..) => {
                let mut dims = Vec::new();
                let mut t = self;
                loop {
                    match t {
                        Ty::Array(inner, n) => {
                            dims.push(n.to_string());
                            t = inner;
                        }
                        Ty::Vla(inner, _) => {
                            dims.push("*".to_string());
                            t = inner;
                        }
                        _ => break,
                    }
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
    use crate::lang::syntax::ast::FieldDecl;

    fn ty(base: BaseType, pointers: u8, dims: Vec<u32>) -> Type {
        Type {
            base,
            pointers,
            dims,
        }
    }

    #[test]
    fn two_d_arrays_nest_outermost_first() {
        let t = Ty::from_decl(&ty(BaseType::Double, 0, vec![4, 8]));
        assert_eq!(
            t,
            Ty::Array(Box::new(Ty::Array(Box::new(Ty::Double), 8)), 4)
        );
        assert_eq!(Layouts::default().size(&t), 256);
        assert_eq!(t.to_string(), "double[4][8]");
    }

    #[test]
    fn a_struct_defined_inside_a_member_list_has_its_size_in_the_outer_one() {
        // The inner record is declared after the outer one that holds it by value.
        let (unit, diags) = crate::lang::syntax::parser::parse(
            "struct p { char kind; struct { short f; double x, y; } pos; char tag; };",
        );
        assert!(diags.is_empty(), "{diags:?}");
        let records = unit.expect("parsed").records;
        let l = Layouts::new(&records);
        let outer = records
            .iter()
            .position(|r| r.name == "p")
            .expect("struct p") as u32;
        assert_eq!(l.size(&Ty::Record(outer)), 40);
        assert_eq!(l.field(outer, "pos").map(|f| f.offset), Some(8));
        assert_eq!(l.field(outer, "tag").map(|f| f.offset), Some(32));
    }

    #[test]
    fn variable_length_dimensions_are_vla_types_that_decay_to_pointers() {
        let size = Expr {
            id: 7,
            kind: crate::lang::syntax::ast::ExprKind::Ident("n".into()),
            span: 0..1,
        };
        let t = Ty::from_decl_vla(&ty(BaseType::Double, 0, vec![0, 4]), &[(0, size.clone())]);
        let row = Ty::Array(Box::new(Ty::Double), 4);
        assert_eq!(t, Ty::Vla(Box::new(row.clone()), 7));
        assert!(t.is_variable() && !row.is_variable());
        assert_eq!(t.decay(), Ty::Ptr(Box::new(row)));
        assert_eq!(t.to_string(), "double[*][4]");
        let p = Ty::of_param_vla(&ty(BaseType::Int, 0, vec![1, 0]), &[(1, size)]);
        assert_eq!(p, Ty::Ptr(Box::new(Ty::Vla(Box::new(Ty::INT), 7))));
    }

    #[test]
    fn lp64_sizes() {
        let l = Layouts::default();
        let size = |b: BaseType, p: u8| l.size(&Ty::from_decl(&ty(b, p, vec![])));
        assert_eq!(size(BaseType::Char, 0), 1);
        assert_eq!(size(BaseType::Short, 0), 2);
        assert_eq!(size(BaseType::UInt, 0), 4);
        assert_eq!(size(BaseType::Long, 0), 8);
        assert_eq!(size(BaseType::Float, 0), 4);
        assert_eq!(size(BaseType::Char, 1), 8);
        assert_eq!(size(BaseType::Bool, 0), 1);
    }

    #[test]
    fn usual_arithmetic_conversions() {
        let c = |a: IntTy, b: IntTy| common(&Ty::Int(a), &Ty::Int(b));
        assert_eq!(c(IntTy::CHAR, IntTy::SHORT), Ty::INT);
        assert_eq!(c(IntTy::INT, IntTy::UINT), Ty::Int(IntTy::UINT));
        assert_eq!(c(IntTy::UINT, IntTy::LONG), Ty::LONG);
        assert_eq!(c(IntTy::ULONG, IntTy::INT), Ty::ULONG);
        assert_eq!(common(&Ty::Float, &Ty::INT), Ty::Float);
        assert_eq!(common(&Ty::Float, &Ty::Double), Ty::Double);
    }

    #[test]
    fn struct_and_union_layout_pads_like_gcc() {
        let field = |b: BaseType, name: &str| FieldDecl {
            ty: ty(b, 0, vec![]),
            name: name.into(),
            span: 0..0,
        };
        let decls = vec![
            RecordDecl {
                name: "s".into(),
                union: false,
                fields: Some(vec![
                    field(BaseType::Char, "c"),
                    field(BaseType::Double, "d"),
                    field(BaseType::Int, "i"),
                ]),
                span: 0..0,
            },
            RecordDecl {
                name: "u".into(),
                union: true,
                fields: Some(vec![field(BaseType::Char, "c"), field(BaseType::Int, "i")]),
                span: 0..0,
            },
        ];
        let l = Layouts::new(&decls);
        assert_eq!(l.size(&Ty::Record(0)), 24);
        assert_eq!(l.field(0, "d").map(|f| f.offset), Some(8));
        assert_eq!(l.field(0, "i").map(|f| f.offset), Some(16));
        assert_eq!(l.size(&Ty::Record(1)), 4);
        assert_eq!(l.name(&Ty::Ptr(Box::new(Ty::Record(0)))), "struct s *");
    }

    #[test]
    fn sizeof_of_declared_types() {
        let t = |base, pointers, dims: &[u32]| Type {
            base,
            pointers,
            dims: dims.to_vec(),
        };
        assert_eq!(
            Layouts::default().checked_size(&t(BaseType::Int, 0, &[])),
            Some(4)
        );
        assert_eq!(
            Layouts::default().checked_size(&t(BaseType::Double, 0, &[4, 8])),
            Some(256)
        );
        assert_eq!(
            Layouts::default().checked_size(&t(BaseType::Char, 2, &[])),
            Some(8)
        );
        assert_eq!(
            Layouts::default().checked_size(&t(BaseType::Handle(HandleKind::STATUS), 0, &[2])),
            Some(40)
        );
        assert_eq!(
            Layouts::default().checked_size(&t(BaseType::Void, 0, &[])),
            None
        );
        assert_eq!(
            Layouts::default().checked_size(&t(BaseType::Double, 0, &[1 << 20, 1 << 20])),
            None
        );
    }
}
