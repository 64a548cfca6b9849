//! The syntax tree of the MPI C subset, every node carrying the byte span of its source text.
//!
//! The language is C99 as MPI courses write it: the integer types signed and unsigned, `float`,
//! `double`, `_Bool`, `struct`s and `union`s, `enum`s and `typedef`s (resolved by the parser, so
//! the tree holds only resolved types), the MPI handle types, pointers, arrays (fixed-size, and
//! variable-length with their size expressions in [`VarDecl::vla`] and [`Param::vla`]), the
//! usual statements (with `switch` and `goto`) and operators, user functions, `printf`, and MPI
//! calls (which are ordinary calls to built-in functions).

use crate::libs::handles::HandleKind;
use std::ops::Range;

/// A byte range in the source text.
pub type Span = Range<usize>;

/// An expression's id, unique in its unit (given by the parser): the key of the checker's
/// typed table ([`crate::lang::sema::typed::Typed`]).
pub type ExprId = u32;

/// A declaration's id (a variable's or a parameter's), unique in its unit and never an
/// [`ExprId`]: what the checker binds a name to.
pub type DeclId = u32;

/// A whole translation unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Global declarations and functions, in source order.
    pub items: Vec<Item>,
    /// Every `struct` and `union` the program declares; [`BaseType::Record`] indexes it.
    pub records: Vec<RecordDecl>,
    /// The function types of function pointers declared (`int (*cmp)(const void *, const void
    /// *)`); [`BaseType::Func`] indexes it. A user function used as a value has the type
    /// `signatures.len() + its index among the program's functions`.
    pub signatures: Vec<FnSig>,
    /// The translation unit (the program's `.c` file, in order) each item comes from; empty for
    /// a program of one file.
    pub item_units: Vec<u32>,
}

/// A function type: what a function pointer points to.
#[derive(Clone, Debug, PartialEq)]
pub struct FnSig {
    /// The result type.
    pub ret: Type,
    /// The parameter types.
    pub params: Vec<Type>,
}

/// A `struct` or `union` as declared: its members in order (layout is the compiler's).
#[derive(Clone, Debug, PartialEq)]
pub struct RecordDecl {
    /// Its tag (`point` in `struct point`), or `<anonymous>`.
    pub name: String,
    /// A `union` (members overlap) rather than a `struct`.
    pub union: bool,
    /// Its members; `None` while only declared (`struct node;`), not yet defined.
    pub fields: Option<Vec<FieldDecl>>,
    /// Where it is declared (or first named).
    pub span: Span,
}

/// One member of a `struct` or `union`.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    /// Its type.
    pub ty: Type,
    /// Its name.
    pub name: String,
    /// Its declarator's span.
    pub span: Span,
}

impl RecordDecl {
    /// `struct point` or `union value`.
    pub fn keyword_name(&self) -> String {
        format!(
            "{} {}",
            if self.union { "union" } else { "struct" },
            self.name
        )
    }
}

/// A top-level item.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A function definition.
    Function(Function),
    /// Global variables (`int n = 4, a[10];`).
    Globals(Vec<VarDecl>),
}

/// The scalar base types.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BaseType {
    /// `void` (function results, `void *`).
    Void,
    /// `_Bool` (`bool` with `<stdbool.h>`): 1 byte holding 0 or 1.
    Bool,
    /// `char` (and `signed char`): 1 byte, signed as on x86-64 Linux.
    Char,
    /// `unsigned char`.
    UChar,
    /// `short`: 2 bytes.
    Short,
    /// `unsigned short`.
    UShort,
    /// `int`: 4 bytes, two's complement.
    Int,
    /// `unsigned int`: 4 bytes, wrapping modulo 2³².
    UInt,
    /// `long` and `long long`: 8 bytes (LP64).
    Long,
    /// `unsigned long` and `unsigned long long` (also `size_t`).
    ULong,
    /// `float`: 4-byte IEEE 754 single.
    Float,
    /// `double`: 8-byte IEEE 754.
    Double,
    /// A `struct` or `union`: an index into [`Unit::records`].
    Record(u32),
    /// A function type (only behind a pointer): an index into [`Unit::signatures`], or past
    /// them for a user function.
    Func(u32),
    /// A library's handle type (`MPI_Comm`, `MPI_Win`, …, the `MPI_Status` struct): data in
    /// the libraries' table ([`crate::libs::handles::HANDLES`]).
    Handle(HandleKind),
}

/// A declared type: a base type, pointer levels, and array dimensions (outermost first).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Type {
    /// The base type.
    pub base: BaseType,
    /// Number of `*`s (`char **argv` has 2). An array parameter `int a[]` counts as one.
    pub pointers: u8,
    /// Array dimensions of a declared array (`double m[4][8]` → `[4, 8]`); empty otherwise.
    pub dims: Vec<u32>,
}

/// A variable declaration (`int x = 3` or `double m[4][4]`).
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    /// Its id.
    pub id: DeclId,
    /// Its type.
    pub ty: Type,
    /// Declared `static` (a local then lives for the whole run and is initialized once).
    pub is_static: bool,
    /// Its name.
    pub name: String,
    /// Span of the name.
    pub name_span: Span,
    /// The initializer, if any.
    pub init: Option<Init>,
    /// Span of the whole declarator.
    pub span: Span,
    /// A variable-length array's sizes known only at run time (`double v[n]`, a local): the
    /// dimension's index in `ty.dims` (which holds 0 there) and its size expression.
    pub vla: Vec<(usize, Expr)>,
}

/// An initializer.
#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    /// `= expr`.
    Expr(Expr),
    /// `= { a, b, … }` (nested for 2-D arrays).
    List(Vec<Init>, Span),
}

/// A function definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// Result type.
    pub ret: Type,
    /// Name.
    pub name: String,
    /// Span of the name.
    pub name_span: Span,
    /// Parameters.
    pub params: Vec<Param>,
    /// Takes more arguments after them (`int sum(int n, ...)`), read with `<stdarg.h>`.
    pub variadic: bool,
    /// The body.
    pub body: Block,
    /// Span from the result type to the closing brace.
    pub span: Span,
    /// Declared `static` (here or by an earlier prototype of its file): private to its file.
    pub is_static: bool,
}

/// A function parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its id.
    pub id: DeclId,
    /// Its type (arrays as pointers).
    pub ty: Type,
    /// Its name.
    pub name: String,
    /// Span of the parameter.
    pub span: Span,
    /// A variable-length array parameter's inner sizes (`int a[n][m]`: `m`), as in
    /// [`VarDecl::vla`].
    pub vla: Vec<(usize, Expr)>,
}

/// `{ … }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// The statements.
    pub stmts: Vec<Stmt>,
    /// From `{` to `}`.
    pub span: Span,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Its source text.
    pub span: Span,
}

/// The kinds of statements.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// Local declarations.
    Decl(Vec<VarDecl>),
    /// An expression followed by `;`.
    Expr(Expr),
    /// `if (cond) then else otherwise`.
    If {
        /// The condition.
        cond: Expr,
        /// Taken when non-zero.
        then: Box<Stmt>,
        /// Taken when zero.
        otherwise: Option<Box<Stmt>>,
    },
    /// `while (cond) body`.
    While {
        /// The condition.
        cond: Expr,
        /// The body.
        body: Box<Stmt>,
    },
    /// `do body while (cond);`.
    DoWhile {
        /// The body.
        body: Box<Stmt>,
        /// The condition.
        cond: Expr,
    },
    /// `for (init; cond; step) body`; `init` is a declaration or an expression statement.
    For {
        /// Runs once first.
        init: Option<Box<Stmt>>,
        /// Checked before each iteration; absent means forever.
        cond: Option<Expr>,
        /// Runs after each iteration.
        step: Option<Expr>,
        /// The body.
        body: Box<Stmt>,
    },
    /// `break;`.
    Break,
    /// `continue;`.
    Continue,
    /// `return;` or `return expr;`.
    Return(Option<Expr>),
    /// A nested block.
    Block(Block),
    /// `;` alone.
    Empty,
    /// `switch (value) body`: jumps to the matching `case` label in `body`.
    Switch {
        /// The value compared with each `case`.
        value: Expr,
        /// The body holding the labels.
        body: Box<Stmt>,
    },
    /// `case constant: statement` inside a `switch`.
    Case {
        /// The label's value (a constant expression).
        value: Expr,
        /// The statement the label marks.
        body: Box<Stmt>,
    },
    /// `default: statement` inside a `switch`.
    Default(Box<Stmt>),
    /// `name: statement`.
    Label {
        /// The label.
        name: String,
        /// The statement it marks.
        body: Box<Stmt>,
    },
    /// `goto name;`.
    Goto(String),
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// Its id.
    pub id: ExprId,
    /// What it is.
    pub kind: ExprKind,
    /// Its source text.
    pub span: Span,
}

/// Unary operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`.
    Neg,
    /// `+x`.
    Plus,
    /// `!x`.
    Not,
    /// `~x`.
    BitNot,
    /// `&x` (address of a variable, array element or array).
    AddrOf,
    /// `*p`.
    Deref,
    /// `++x`.
    PreInc,
    /// `--x`.
    PreDec,
    /// `x++`.
    PostInc,
    /// `x--`.
    PostDec,
}

/// Binary operators (assignment operators are [`ExprKind::Assign`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// `&`.
    BitAnd,
    /// `|`.
    BitOr,
    /// `^`.
    BitXor,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `&&` (short-circuit).
    And,
    /// `||` (short-circuit).
    Or,
}

impl BinOp {
    /// The operator as written in C (`+`, `<<`, `&&`, …).
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

/// The kinds of expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal (decimal, hex or octal).
    Int(i64),
    /// A floating-point literal.
    Float(f64),
    /// A character literal.
    Char(u8),
    /// A string literal (escapes already decoded): a `char *` to a NUL-terminated copy.
    Str(String),
    /// A variable, function or built-in constant (`MPI_COMM_WORLD`, `MPI_INT`, …).
    Ident(String),
    /// A unary operation.
    Unary(UnaryOp, Box<Expr>),
    /// A binary operation.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `target = value` or `target op= value`.
    Assign {
        /// `None` for `=`, `Some(Add)` for `+=`, …
        op: Option<BinOp>,
        /// What is assigned to.
        target: Box<Expr>,
        /// The value.
        value: Box<Expr>,
    },
    /// `cond ? a : b`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A call through a function pointer that is not a plain name (`(*op)(a, b)`,
    /// `table[i](x)`).
    CallPtr(Box<Expr>, Vec<Expr>),
    /// A call to a user function or a built-in (`printf`, `MPI_Send`, `compute`, …).
    Call {
        /// The function name.
        name: String,
        /// Span of the name.
        name_span: Span,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// `base[index]`.
    Index(Box<Expr>, Box<Expr>),
    /// `base.field` (a `struct`, `union` or `MPI_Status` member).
    Field(Box<Expr>, String),
    /// `base->field`.
    Arrow(Box<Expr>, String),
    /// `(type) expr`.
    Cast(Type, Box<Expr>),
    /// `sizeof(type)`.
    SizeOf(Type),
    /// `sizeof expr` (not evaluated).
    SizeOfExpr(Box<Expr>),
    /// `a, b`: evaluates `a`, then gives `b`.
    Comma(Box<Expr>, Box<Expr>),
}
