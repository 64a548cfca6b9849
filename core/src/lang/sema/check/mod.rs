//! The checker: finds the errors a C compiler would report before running anything — unknown
//! identifiers and functions, duplicate declarations, wrong argument counts, wrong argument kinds
//! to MPI calls and `printf` (an `int` where a buffer address is needed, a non-datatype where
//! `MPI_INT` belongs, `%d` given a `double`…), `break`/`continue` outside a loop, assignments to
//! things that are not variables, a missing `main` — each a [`Diagnostic`] with a span, a label and
//! a plain-English message, with a close name suggested for typos.
//!
//! Also the front end's entry point, [`front_end`]: parse, then check.
//!
//! The checker assumes a tree from [`parse`] (bounded depth) and walks it recursively.

use std::collections::{BTreeMap, BTreeSet};

use crate::lang::diagnostic::{line_col, Diagnostic};
use crate::lang::sema::builtins::{
    builtin, constant, ConstKind, ParamKind, BUILTINS, CONSTANTS, PRINTF_RELATIVES,
};
use crate::lang::sema::types::Layouts;
use crate::lang::syntax::ast::RecordDecl;
use crate::lang::syntax::ast::{
    BaseType, BinOp, Block, Expr, ExprKind, Function, Init, Item, Span, Stmt, StmtKind, Type,
    UnaryOp, Unit, VarDecl,
};
use crate::lang::syntax::parser::parse;
use crate::lang::syntax::token::base_type_name;

/// Parses and checks `source`. On failure, every diagnostic in source order: the syntax errors if
/// there are any (the tree is then not checked), otherwise the checked errors.
pub fn front_end(source: &str) -> Result<Unit, Vec<Diagnostic>> {
    let (unit, diags) = parse(source);
    let Some(unit) = unit else {
        return Err(diags);
    };
    let diags = Checker::new(Some(source)).run(&unit);
    if diags.is_empty() {
        Ok(unit)
    } else {
        Err(diags)
    }
}

/// Checks a parsed program; returns its errors in source order (a missing `main` last). Empty
/// means the program may be compiled.
pub fn check(unit: &Unit) -> Vec<Diagnostic> {
    Checker::new(None).run(unit)
}

/// The static type of an expression, as far as the checker cares.
#[derive(Clone, Debug, PartialEq)]
enum Ty {
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

fn is_arith_base(b: BaseType) -> bool {
    is_integer_base(b) || is_floating_base(b)
}

fn is_integer_base(b: BaseType) -> bool {
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

fn is_floating_base(b: BaseType) -> bool {
    matches!(b, BaseType::Float | BaseType::Double)
}

/// The base type of the usual arithmetic conversions of two arithmetic base types.
fn common_base(a: BaseType, b: BaseType) -> BaseType {
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

fn is_handle_base(b: BaseType) -> bool {
    matches!(
        b,
        BaseType::MpiRequest
            | BaseType::MpiComm
            | BaseType::MpiDatatype
            | BaseType::MpiOp
            | BaseType::MpiWin
            | BaseType::MpiInfo
            | BaseType::MpiGroup
    )
}

impl Ty {
    fn of(ty: &Type) -> Ty {
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

    fn is_arith(&self) -> bool {
        matches!(self, Ty::Scalar(b) if is_arith_base(*b))
    }

    fn is_integer(&self) -> bool {
        matches!(self, Ty::Scalar(b) if is_integer_base(*b))
    }

    fn is_double(&self) -> bool {
        matches!(self, Ty::Scalar(b) if is_floating_base(*b))
    }

    /// The base type of an arithmetic scalar.
    fn arith_base(&self) -> Option<BaseType> {
        match self {
            Ty::Scalar(b) if is_arith_base(*b) => Some(*b),
            _ => None,
        }
    }

    fn is_handle(&self) -> bool {
        matches!(self, Ty::Scalar(b) if is_handle_base(*b))
    }

    /// Pointer-like: a pointer, an array (which decays), or a null constant.
    fn is_pointerish(&self) -> bool {
        matches!(
            self,
            Ty::Ptr(..) | Ty::Array(..) | Ty::Null | Ty::StatusIgnore | Ty::StatusesIgnore
        )
    }

    /// Usable as a condition or with `!`, `&&`, `==`: anything but a struct, a string or void.
    fn is_testable(&self) -> bool {
        self.is_arith() || self.is_handle() || self.is_pointerish() || *self == Ty::Unknown
    }

    /// The element type of indexing or dereferencing, if this can be indexed.
    fn element(&self) -> Option<Ty> {
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
    fn as_pointer(&self) -> Option<(BaseType, u8)> {
        match self {
            Ty::Ptr(b, n) => Some((*b, *n)),
            Ty::Array(b, p, _) => Some((*b, p.saturating_add(1))),
            _ => None,
        }
    }

    /// "an `int`", "an MPI datatype", "an array of `double`", …
    fn describe(&self) -> String {
        match self {
            Ty::Unknown => "a value of unknown type".into(),
            Ty::Void => "nothing (a `void` result)".into(),
            Ty::Null => "`NULL`".into(),
            Ty::StatusIgnore => "`MPI_STATUS_IGNORE`".into(),
            Ty::StatusesIgnore => "`MPI_STATUSES_IGNORE`".into(),
            Ty::Scalar(BaseType::MpiComm) => "a communicator".into(),
            Ty::Scalar(BaseType::MpiDatatype) => "an MPI datatype".into(),
            Ty::Scalar(BaseType::MpiOp) => "a reduction operation".into(),
            Ty::Scalar(BaseType::MpiWin) => "a window".into(),
            Ty::Scalar(BaseType::MpiInfo) => "an info object".into(),
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

fn with_article(word: &str) -> String {
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
fn decl_text(ty: &Type, name: &str) -> String {
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

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Optimal-string-alignment distance (insertions, deletions, substitutions, transpositions),
/// giving up above `limit`.
fn distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
        }
    }
    let v = d[a.len() * w + b.len()];
    (v <= limit).then_some(v)
}

/// The candidate closest to `name` (edit distance ≤ 2, ≤ 1 for short names; same letters in
/// another case count as closest), ties broken alphabetically.
fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let limit = if name.chars().count() <= 3 { 1 } else { 2 };
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        let d = if c.eq_ignore_ascii_case(name) {
            0
        } else {
            match distance(name, c, limit) {
                Some(d) => d,
                None => continue,
            }
        };
        if best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

struct Var {
    ty: Type,
    span: Span,
}

struct FnSig {
    ret: Type,
    params: Vec<(String, Type)>,
    name_span: Span,
}

struct Checker<'a> {
    src: Option<&'a str>,
    diags: Vec<Diagnostic>,
    /// Scope 0 holds the globals.
    scopes: Vec<BTreeMap<String, Var>>,
    functions: BTreeMap<String, FnSig>,
    loops: usize,
    /// `switch`es around the current statement.
    switches: usize,
    /// Labels defined in the current function, and the `goto`s to check against them.
    labels: BTreeSet<String>,
    gotos: Vec<(String, Span)>,
    /// Function types: the declared function pointers', then each user function's (in the
    /// compiler's order), with the user functions' indices in it.
    fn_types: Vec<(Type, Vec<Type>)>,
    fn_ids: BTreeMap<String, u32>,
    /// The program's records and their layouts.
    records: Vec<RecordDecl>,
    layouts: Layouts,
    /// The function being checked: name and result type.
    current: Option<(String, Type)>,
    /// Unknown names already reported in the current function.
    reported: BTreeSet<String>,
}

impl<'a> Checker<'a> {
    fn new(src: Option<&'a str>) -> Self {
        Checker {
            src,
            diags: Vec::new(),
            scopes: vec![BTreeMap::new()],
            functions: BTreeMap::new(),
            loops: 0,
            switches: 0,
            labels: BTreeSet::new(),
            gotos: Vec::new(),
            records: Vec::new(),
            fn_types: Vec::new(),
            fn_ids: BTreeMap::new(),
            layouts: Layouts::default(),
            current: None,
            reported: BTreeSet::new(),
        }
    }

    fn run(mut self, unit: &Unit) -> Vec<Diagnostic> {
        self.records = unit.records.clone();
        self.layouts = Layouts::new(&unit.records);
        self.fn_types = unit
            .signatures
            .iter()
            .map(|s| (s.ret.clone(), s.params.clone()))
            .collect();
        for item in &unit.items {
            if let Item::Function(f) = item {
                if !self.fn_ids.contains_key(&f.name) {
                    self.fn_ids
                        .insert(f.name.clone(), self.fn_types.len() as u32);
                    self.fn_types.push((
                        f.ret.clone(),
                        f.params.iter().map(|p| p.ty.clone()).collect(),
                    ));
                }
            }
        }
        for item in &unit.items {
            if let Item::Function(f) = item {
                self.declare_function(f);
            }
        }
        for item in &unit.items {
            match item {
                Item::Globals(decls) => {
                    for d in decls {
                        self.var_decl(d, true);
                    }
                }
                Item::Function(f) => self.function(f),
            }
        }
        self.diags.sort_by_key(|d| d.span.start);
        if !self.functions.contains_key("main") {
            self.diags.push(
                Diagnostic::error("the program has no `main` function", 0..0)
                    .with_label("every program needs a `main`")
                    .with_note("add `int main(int argc, char **argv) { … }`"),
            );
        }
        self.diags
    }

    fn error(&mut self, message: impl Into<String>, span: Span, label: impl Into<String>) {
        self.diags
            .push(Diagnostic::error(message, span).with_label(label));
    }

    fn error_note(
        &mut self,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
        note: impl Into<String>,
    ) {
        self.diags.push(
            Diagnostic::error(message, span)
                .with_label(label)
                .with_note(note),
        );
    }

    /// " at line 3" when the source is known.
    fn where_(&self, span: &Span) -> String {
        match self.src {
            Some(src) => format!(" on line {}", line_col(src, span.start).line),
            None => String::new(),
        }
    }

    // ---- declarations ---------------------------------------------------------------------

    /// Reports a name that may not be declared (a built-in); returns false then.
    fn declarable(&mut self, name: &str, span: &Span) -> bool {
        if builtin(name).is_some() {
            self.error_note(
                format!("`{name}` is a built-in function and cannot be redeclared"),
                span.clone(),
                "choose another name",
                format!(
                    "the built-in is `{}`",
                    builtin(name).map_or(String::new(), |b| b.signature())
                ),
            );
            return false;
        }
        if constant(name).is_some() {
            self.error(
                format!("`{name}` is a built-in constant and cannot be redeclared"),
                span.clone(),
                "choose another name",
            );
            return false;
        }
        true
    }

    fn declare_function(&mut self, f: &Function) {
        if !self.declarable(&f.name, &f.name_span) {
            return;
        }
        if let Some(first) = self.functions.get(&f.name) {
            let at = self.where_(&first.name_span);
            self.error_note(
                format!("the function `{}` is defined twice", f.name),
                f.name_span.clone(),
                "defined again here",
                format!("the first definition is{at}"),
            );
            return;
        }
        if f.name == "main" {
            if f.ret.base != BaseType::Int || f.ret.pointers != 0 {
                self.error_note(
                    "`main` must return `int`",
                    f.name_span.clone(),
                    format!("declared to return `{}`", type_text(&f.ret)),
                    "write `int main(int argc, char **argv)`",
                );
            }
            let ok = match f.params.as_slice() {
                [] => true,
                [argc, argv] => {
                    argc.ty
                        == Type {
                            base: BaseType::Int,
                            pointers: 0,
                            dims: Vec::new(),
                        }
                        && argv.ty.base == BaseType::Char
                        && argv.ty.pointers == 2
                }
                _ => false,
            };
            if !ok {
                let span = match (f.params.first(), f.params.last()) {
                    (Some(a), Some(b)) => a.span.start..b.span.end,
                    _ => f.name_span.clone(),
                };
                self.error_note(
                    "`main` takes either no parameters or `(int argc, char **argv)`",
                    span,
                    "unexpected parameters",
                    "write `int main(void)` or `int main(int argc, char **argv)`",
                );
            }
        }
        self.functions.insert(
            f.name.clone(),
            FnSig {
                ret: f.ret.clone(),
                params: f
                    .params
                    .iter()
                    .map(|p| (p.name.clone(), p.ty.clone()))
                    .collect(),
                name_span: f.name_span.clone(),
            },
        );
    }

    /// Adds a variable to the innermost scope, reporting a duplicate.
    fn declare_var(&mut self, name: &str, ty: &Type, span: &Span) {
        if !self.declarable(name, span) {
            return;
        }
        let global = self.scopes.len() == 1;
        let scope = self
            .scopes
            .last()
            .map(|s| s.get(name).map(|v| v.span.clone()));
        let earlier = match scope.flatten() {
            Some(first) => Some(first),
            None if global => self.functions.get(name).map(|f| f.name_span.clone()),
            None => None,
        };
        if let Some(first) = earlier {
            let at = self.where_(&first);
            let what = if global && self.functions.contains_key(name) {
                "a function"
            } else {
                "a variable"
            };
            self.error_note(
                format!("`{name}` is already declared in this scope"),
                span.clone(),
                "declared again here",
                format!("{what} `{name}` is declared earlier{at}"),
            );
            return;
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(
                name.to_string(),
                Var {
                    ty: ty.clone(),
                    span: span.clone(),
                },
            );
        }
    }

    fn var_decl(&mut self, d: &VarDecl, global: bool) {
        let ty = &d.ty;
        if ty.base == BaseType::Void && ty.pointers == 0 {
            self.error(
                format!("the variable `{}` cannot have type `void`", d.name),
                d.name_span.clone(),
                "`void` has no values",
            );
        } else if self.layouts.checked_size(ty).is_none() {
            if ty.pointers == 0 && matches!(ty.base, BaseType::Record(_)) {
                self.error(
                    format!(
                        "`{}` is a `{}`, which is declared but never defined",
                        d.name,
                        self.record_name(ty.base)
                    ),
                    d.name_span.clone(),
                    "incomplete type",
                );
            } else {
                self.error(
                    format!("the array `{}` is too large", d.name),
                    d.span.clone(),
                    "more than 4 GiB",
                );
            }
        }
        if let Some(init) = &d.init {
            self.init(d, init, global);
        }
        self.declare_var(&d.name, ty, &d.name_span);
    }

    /// `struct point` for a record base type.
    fn record_name(&self, b: BaseType) -> String {
        match b {
            BaseType::Record(id) => self
                .records
                .get(id as usize)
                .map_or_else(|| "struct".into(), RecordDecl::keyword_name),
            b => base_type_name(b).to_string(),
        }
    }

    /// Checks every value in an initializer of a struct, a union, a string-initialized `char`
    /// array or an array of more than two dimensions (the compiler checks the shape).
    fn init_values(&mut self, init: &Init, global: bool) {
        match init {
            Init::Expr(e) => {
                self.value(e);
                if global && !is_constant(e) {
                    self.error_note(
                        "the initial value of a global variable must be a constant",
                        e.span.clone(),
                        "not a constant",
                        "assign it at the start of `main` instead",
                    );
                }
            }
            Init::List(items, _) => {
                for i in items {
                    self.init_values(i, global);
                }
            }
        }
    }

    fn init(&mut self, d: &VarDecl, init: &Init, global: bool) {
        let string_init = matches!(
            init,
            Init::Expr(Expr {
                kind: ExprKind::Str(_),
                ..
            })
        ) && d.ty.pointers == 0
            && matches!(d.ty.base, BaseType::Char | BaseType::UChar)
            && d.ty.dims.len() == 1;
        if string_init
            || (d.ty.pointers == 0 && matches!(d.ty.base, BaseType::Record(_)))
            || d.ty.dims.len() > 2
        {
            self.init_values(init, global);
            return;
        }
        let elem = Type {
            base: d.ty.base,
            pointers: d.ty.pointers,
            dims: Vec::new(),
        };
        match (init, d.ty.dims.as_slice()) {
            (Init::Expr(e), []) => self.init_value(&elem, e, global),
            (Init::Expr(e), _) => {
                self.expr(e);
                self.error_note(
                    format!("the array `{}` must be initialized with a list", d.name),
                    e.span.clone(),
                    "not a list",
                    "write `= { 1, 2, 3 }`",
                );
            }
            (Init::List(_, span), []) => self.error_note(
                format!("`{}` is not an array, so it takes a single value", d.name),
                span.clone(),
                "braces are for arrays",
                "write `= value`",
            ),
            (Init::List(items, span), dims) => {
                let flat = items.iter().all(|i| matches!(i, Init::Expr(_)));
                let capacity = if flat {
                    dims.iter().map(|&n| u64::from(n)).product::<u64>()
                } else {
                    u64::from(dims[0])
                };
                if items.len() as u64 > capacity {
                    self.error(
                        format!(
                            "too many values for `{}`: it holds {} but {} are given",
                            d.name,
                            capacity,
                            items.len()
                        ),
                        span.clone(),
                        "too many values",
                    );
                }
                for item in items {
                    match item {
                        Init::Expr(e) => self.init_value(&elem, e, global),
                        Init::List(inner, inner_span) => {
                            if dims.len() < 2 {
                                self.error(
                                    format!(
                                        "`{}` has one dimension, so its values are not lists",
                                        d.name
                                    ),
                                    inner_span.clone(),
                                    "unexpected braces",
                                );
                                continue;
                            }
                            if inner.len() as u64 > u64::from(dims[1]) {
                                self.error(
                                    format!(
                                        "too many values in a row of `{}`: a row holds {} but {} are given",
                                        d.name,
                                        dims[1],
                                        inner.len()
                                    ),
                                    inner_span.clone(),
                                    "too many values",
                                );
                            }
                            for x in inner {
                                match x {
                                    Init::Expr(e) => self.init_value(&elem, e, global),
                                    Init::List(_, s) => self.error(
                                        "arrays have at most 2 dimensions, so lists nest at most twice",
                                        s.clone(),
                                        "unexpected braces",
                                    ),
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn init_value(&mut self, target: &Type, e: &Expr, global: bool) {
        let t = self.value(e);
        if global && !is_constant(e) {
            self.error_note(
                "the initial value of a global variable must be a constant",
                e.span.clone(),
                "not a constant",
                "assign it at the start of `main` instead",
            );
        }
        self.assignable(&Ty::of(target), &t, e);
    }

    fn function(&mut self, f: &Function) {
        self.current = Some((f.name.clone(), f.ret.clone()));
        self.reported.clear();
        self.loops = 0;
        self.switches = 0;
        self.labels.clear();
        self.gotos.clear();
        self.scopes.push(BTreeMap::new());
        for p in &f.params {
            if p.ty.base == BaseType::Void && p.ty.pointers == 0 {
                self.error(
                    format!("the parameter `{}` cannot have type `void`", p.name),
                    p.span.clone(),
                    "`void` has no values",
                );
            }
            self.declare_var(&p.name, &p.ty, &p.span);
        }
        // The body shares the parameters' scope, as in C.
        for s in &f.body.stmts {
            self.stmt(s);
        }
        for (name, span) in std::mem::take(&mut self.gotos) {
            if !self.labels.contains(&name) {
                self.error(
                    format!("`goto {name}`: there is no label `{name}` in this function"),
                    span,
                    "unknown label",
                );
            }
        }
        self.scopes.pop();
        self.current = None;
    }

    // ---- statements -----------------------------------------------------------------------

    fn block(&mut self, b: &Block) {
        self.scopes.push(BTreeMap::new());
        for s in &b.stmts {
            self.stmt(s);
        }
        self.scopes.pop();
    }

    fn cond(&mut self, e: &Expr) {
        let t = self.value(e);
        if !t.is_testable() {
            self.error(
                format!(
                    "a condition must be a number or a pointer, not {}",
                    t.describe()
                ),
                e.span.clone(),
                "cannot be tested",
            );
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Decl(decls) => {
                for d in decls {
                    self.var_decl(d, false);
                }
            }
            StmtKind::Expr(e) => {
                self.expr(e);
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.cond(cond);
                self.stmt(then);
                if let Some(o) = otherwise {
                    self.stmt(o);
                }
            }
            StmtKind::While { cond, body } => {
                self.cond(cond);
                self.loop_body(body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.loop_body(body);
                self.cond(cond);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.scopes.push(BTreeMap::new());
                if let Some(init) = init {
                    self.stmt(init);
                }
                if let Some(c) = cond {
                    self.cond(c);
                }
                if let Some(st) = step {
                    self.expr(st);
                }
                self.loop_body(body);
                self.scopes.pop();
            }
            StmtKind::Break if self.switches > 0 => {}
            StmtKind::Break | StmtKind::Continue => {
                if self.loops == 0 {
                    let word = if s.kind == StmtKind::Break {
                        "break"
                    } else {
                        "continue"
                    };
                    self.error(
                        format!("`{word}` outside of a loop"),
                        s.span.clone(),
                        "not inside `for`, `while` or `do`",
                    );
                }
            }
            StmtKind::Return(value) => self.ret(value.as_ref(), &s.span),
            StmtKind::Block(b) => self.block(b),
            StmtKind::Empty => {}
            StmtKind::Switch { .. }
            | StmtKind::Case { .. }
            | StmtKind::Default(_)
            | StmtKind::Label { .. }
            | StmtKind::Goto(_) => self.labelled(s),
        }
    }

    /// `switch`, `case`, `default`, labels and `goto` (apart from [`Self::stmt`] to keep its stack
    /// frame small for deeply nested blocks).
    fn labelled(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Switch { value, body } => {
                let t = self.value(value);
                if !(t.is_integer() || t == Ty::Unknown) {
                    self.error(
                        format!("a `switch` needs an integer value, not {}", t.describe()),
                        value.span.clone(),
                        "not an integer",
                    );
                }
                self.switches += 1;
                self.stmt(body);
                self.switches -= 1;
            }
            StmtKind::Case { value, body } => {
                if self.switches == 0 {
                    self.error(
                        "`case` outside of a `switch`",
                        s.span.clone(),
                        "not inside `switch`",
                    );
                }
                if crate::lang::syntax::parser::const_int(value, &self.records).is_none() {
                    self.error_note(
                        "a `case` label must be a constant integer",
                        value.span.clone(),
                        "not a constant",
                        "use a number, a character like 'a', an `enum` constant or a `#define`",
                    );
                }
                self.stmt(body);
            }
            StmtKind::Default(body) => {
                if self.switches == 0 {
                    self.error(
                        "`default` outside of a `switch`",
                        s.span.clone(),
                        "not inside `switch`",
                    );
                }
                self.stmt(body);
            }
            StmtKind::Label { name, body } => {
                if !self.labels.insert(name.clone()) {
                    self.error(
                        format!("the label `{name}` is defined twice in this function"),
                        s.span.clone(),
                        "defined again here",
                    );
                }
                self.stmt(body);
            }
            StmtKind::Goto(name) => self.gotos.push((name.clone(), s.span.clone())),
            _ => {}
        }
    }

    fn loop_body(&mut self, body: &Stmt) {
        self.loops += 1;
        self.stmt(body);
        self.loops -= 1;
    }

    fn ret(&mut self, value: Option<&Expr>, span: &Span) {
        let Some((name, ret)) = self.current.clone() else {
            return;
        };
        let returns_void = ret.base == BaseType::Void && ret.pointers == 0;
        match value {
            Some(e) if returns_void => {
                self.expr(e);
                self.error(
                    format!("`{name}` returns `void`, so `return` cannot have a value"),
                    e.span.clone(),
                    "remove this value",
                );
            }
            Some(e) => {
                let t = self.value(e);
                self.assignable(&Ty::of(&ret), &t, e);
            }
            None if !returns_void => self.error(
                format!("`{name}` must return a value of type `{}`", type_text(&ret)),
                span.clone(),
                "`return` without a value",
            ),
            None => {}
        }
    }

    // ---- expressions ----------------------------------------------------------------------

    /// An expression used as a value: not `void`, not a string literal.
    fn value(&mut self, e: &Expr) -> Ty {
        let t = self.expr(e);
        match t {
            Ty::Void => {
                let what = match &e.kind {
                    ExprKind::Call { name, .. } => format!("`{name}` returns nothing"),
                    _ => "this has no value".to_string(),
                };
                self.error(
                    format!("{what}, so its result cannot be used"),
                    e.span.clone(),
                    "no value",
                );
                Ty::Unknown
            }
            t => t,
        }
    }

    fn lookup(&self, name: &str) -> Option<&Var> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    fn ident(&mut self, name: &str, span: &Span) -> Ty {
        if let Some(v) = self.lookup(name) {
            return Ty::of(&v.ty);
        }
        if let Some(c) = constant(name) {
            return match c.kind {
                ConstKind::Int => Ty::Scalar(BaseType::Int),
                ConstKind::Handle(b) => Ty::Scalar(b),
                ConstKind::Null => Ty::Null,
                ConstKind::StatusIgnore => Ty::StatusIgnore,
                ConstKind::StatusesIgnore => Ty::StatusesIgnore,
                ConstKind::InPlace => Ty::Ptr(BaseType::Void, 1),
            };
        }
        if crate::lang::libc::stream(name).is_some() {
            return Ty::Ptr(BaseType::Void, 1);
        }
        if let Some(&id) = self.fn_ids.get(name) {
            if self.functions.contains_key(name) {
                return Ty::Ptr(BaseType::Func(id), 1);
            }
        }
        if crate::lang::libc::lookup(name).is_some() {
            self.error_note(
                format!("`{name}` is a library function: its address cannot be taken here"),
                span.clone(),
                "a library function, not a value",
                format!(
                    "call it with `{name}(…)`, or wrap it in a function of your own to pass it"
                ),
            );
            return Ty::Unknown;
        }
        if self.functions.contains_key(name) || builtin(name).is_some() {
            self.error(
                format!("`{name}` is a function; call it with `{name}(…)`"),
                span.clone(),
                "a function, not a value",
            );
            return Ty::Unknown;
        }
        if self.reported.insert(name.to_string()) {
            let mut candidates: Vec<&str> = self
                .scopes
                .iter()
                .flat_map(|s| s.keys().map(String::as_str))
                .collect();
            candidates.extend(CONSTANTS.iter().map(|c| c.name));
            let mut d = Diagnostic::error(format!("unknown identifier `{name}`"), span.clone())
                .with_label("not declared");
            if let Some(s) = suggest(name, candidates) {
                d = d.with_note(format!("did you mean `{s}`?"));
            }
            self.diags.push(d);
        }
        Ty::Unknown
    }

    /// Whether `e` names something that can be assigned or have its address taken.
    fn is_lvalue(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Ident(name) => self.lookup(name).is_some(),
            ExprKind::Index(..) | ExprKind::Field(..) | ExprKind::Arrow(..) => true,
            ExprKind::Unary(UnaryOp::Deref, _) => true,
            _ => false,
        }
    }

    fn not_assignable(&mut self, target: &Expr, what: &str) {
        let message = match &target.kind {
            ExprKind::Ident(name) if constant(name).is_some() => {
                format!("cannot {what} the built-in constant `{name}`")
            }
            _ => format!("cannot {what} this expression"),
        };
        self.error(message, target.span.clone(), "not a variable");
    }

    /// Checks that a value of type `value` may be stored in `target`'s type.
    fn assignable(&mut self, target: &Ty, value: &Ty, e: &Expr) {
        let ok = match (target, value) {
            (Ty::Unknown, _) | (_, Ty::Unknown) => true,
            (Ty::Scalar(t), v) if is_arith_base(*t) => v.is_arith(),
            (Ty::Scalar(t), v) if is_handle_base(*t) => {
                *v == Ty::Scalar(*t) || v.is_integer() || *v == Ty::Null
            }
            (Ty::Scalar(BaseType::MpiStatus), v) => *v == Ty::Scalar(BaseType::MpiStatus),
            (Ty::Ptr(..), v) => v.is_pointerish() || is_zero(e),
            _ => true,
        };
        if !ok {
            self.error(
                format!("cannot store {} in {}", value.describe(), target.describe()),
                e.span.clone(),
                "wrong kind of value",
            );
        }
    }

    fn expr(&mut self, e: &Expr) -> Ty {
        match &e.kind {
            ExprKind::Int(_) => Ty::Scalar(BaseType::Int),
            ExprKind::Float(_) => Ty::Scalar(BaseType::Double),
            ExprKind::Char(_) => Ty::Scalar(BaseType::Char),
            ExprKind::Str(_) => Ty::Ptr(BaseType::Char, 1),
            ExprKind::Ident(name) => self.ident(name, &e.span),
            ExprKind::Unary(op, a) => self.unary(*op, a, e),
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.value(a), self.value(b));
                self.binary(*op, &ta, &tb, a, b)
            }
            ExprKind::Assign { op, target, value } => {
                let tt = self.expr(target);
                let tv = self.value(value);
                if matches!(tt, Ty::Array(..)) {
                    self.error_note(
                        "an array cannot be assigned as a whole",
                        target.span.clone(),
                        "an array",
                        "assign its elements one by one",
                    );
                    return Ty::Unknown;
                }
                if tt != Ty::Unknown && !self.is_lvalue(target) {
                    self.not_assignable(target, "assign to");
                    return Ty::Unknown;
                }
                match op {
                    None => self.assignable(&tt, &tv, value),
                    Some(op) => {
                        let result = self.binary(*op, &tt, &tv, target, value);
                        self.assignable(&tt, &result, value);
                    }
                }
                tt
            }
            ExprKind::Ternary(c, a, b) => {
                self.cond(c);
                let (ta, tb) = (self.value(a), self.value(b));
                if let (Some(x), Some(y)) = (ta.arith_base(), tb.arith_base()) {
                    Ty::Scalar(common_base(x, y))
                } else if ta == Ty::Unknown {
                    tb
                } else {
                    ta
                }
            }
            ExprKind::Call {
                name,
                name_span,
                args,
            } => self.call(name, name_span, args, e),
            ExprKind::Index(base, index) => {
                let tb = self.value(base);
                let ti = self.value(index);
                if !(ti.is_integer() || ti == Ty::Unknown) {
                    self.error(
                        format!("an array index must be an integer, not {}", ti.describe()),
                        index.span.clone(),
                        "not an integer",
                    );
                }
                match tb.element() {
                    Some(t) => t,
                    None => {
                        self.error(
                            format!(
                                "only arrays and pointers can be indexed, not {}",
                                tb.describe()
                            ),
                            base.span.clone(),
                            "not an array",
                        );
                        Ty::Unknown
                    }
                }
            }
            ExprKind::Field(base, field) => {
                let tb = self.value(base);
                self.member(&tb, field, e, ".")
            }
            ExprKind::Arrow(base, field) => {
                let tb = self.value(base);
                match tb {
                    Ty::Unknown => Ty::Unknown,
                    Ty::Ptr(b, 1) => self.member(&Ty::Scalar(b), field, e, "->"),
                    t => {
                        self.error_note(
                            format!("`->` needs a pointer to a struct, not {}", t.describe()),
                            base.span.clone(),
                            "not a pointer to a struct",
                            "use `.` on a struct variable",
                        );
                        Ty::Unknown
                    }
                }
            }
            ExprKind::Comma(a, b) => {
                self.expr(a);
                self.expr(b)
            }
            ExprKind::CallPtr(callee, args) => {
                let mut c: &Expr = callee;
                while let ExprKind::Unary(UnaryOp::Deref, inner) = &c.kind {
                    c = inner;
                }
                let t = self.value(c);
                self.pointer_call(&t, args, e, &callee.span)
            }
            ExprKind::SizeOfExpr(a) => {
                self.expr(a);
                Ty::Scalar(BaseType::ULong)
            }
            ExprKind::Cast(ty, a) => {
                let ta = self.value(a);
                let target = Ty::of(ty);
                let ok = match (&target, &ta) {
                    (_, Ty::Unknown) => true,
                    (Ty::Void, _) => true,
                    (Ty::Scalar(BaseType::MpiStatus), _) | (_, Ty::Scalar(BaseType::MpiStatus)) => {
                        false
                    }
                    (Ty::Scalar(_), t) => t.is_arith() || t.is_handle() || t.is_pointerish(),
                    (Ty::Ptr(..), t) => t.is_pointerish() || t.is_integer(),
                    _ => false,
                };
                if !ok {
                    self.error(
                        format!("cannot convert {} to `{}`", ta.describe(), type_text(ty)),
                        e.span.clone(),
                        "invalid cast",
                    );
                    return Ty::Unknown;
                }
                target
            }
            ExprKind::SizeOf(ty) => {
                if self.layouts.checked_size(ty).is_none() {
                    self.error(
                        format!("`{}` has no size", type_text(ty)),
                        e.span.clone(),
                        "no size",
                    );
                }
                Ty::Scalar(BaseType::ULong)
            }
        }
    }

    /// The type of member `field` of `t` (a struct, union or `MPI_Status`), reporting a
    /// missing one with a suggestion.
    fn member(&mut self, t: &Ty, field: &str, e: &Expr, via: &str) -> Ty {
        let fields: Vec<(String, Type)> = match t {
            Ty::Unknown => return Ty::Unknown,
            Ty::Scalar(BaseType::MpiStatus) => ["MPI_SOURCE", "MPI_TAG", "MPI_ERROR"]
                .iter()
                .map(|f| {
                    (
                        f.to_string(),
                        Type {
                            base: BaseType::Int,
                            pointers: 0,
                            dims: Vec::new(),
                        },
                    )
                })
                .collect(),
            Ty::Scalar(BaseType::Record(id)) => {
                match self
                    .records
                    .get(*id as usize)
                    .and_then(|r| r.fields.clone())
                {
                    Some(f) => f.into_iter().map(|f| (f.name, f.ty)).collect(),
                    None => {
                        self.error(
                            format!(
                                "`{}` is declared but never defined, so it has no members",
                                self.record_name(BaseType::Record(*id))
                            ),
                            e.span.clone(),
                            "incomplete type",
                        );
                        return Ty::Unknown;
                    }
                }
            }
            t => {
                let hint = if via == "." && matches!(t, Ty::Ptr(BaseType::Record(_), 1)) {
                    format!("this is a pointer: write `->{field}`")
                } else {
                    format!("`{via}{field}` reads a member of a struct")
                };
                self.error_note(
                    format!(
                        "only a struct, a union or an `MPI_Status` has fields, not {}",
                        t.describe()
                    ),
                    e.span.clone(),
                    "no such member",
                    hint,
                );
                return Ty::Unknown;
            }
        };
        if let Some((_, ty)) = fields.iter().find(|(n, _)| n == field) {
            return Ty::of(ty);
        }
        let owner = match t {
            Ty::Scalar(b) => self.record_name(*b),
            _ => "this".into(),
        };
        let owner = if owner == "MPI_Status" {
            "`MPI_Status`".to_string()
        } else {
            format!("`{owner}`")
        };
        let mut d = Diagnostic::error(format!("{owner} has no field `{field}`"), e.span.clone())
            .with_label("unknown field");
        let names: Vec<&str> = fields.iter().map(|(n, _)| n.as_str()).collect();
        d = match suggest(field, names.iter().copied()) {
            Some(s) => d.with_note(format!("did you mean `{s}`?")),
            None => {
                let mut list: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
                let last = list.pop().unwrap_or_default();
                if list.is_empty() {
                    d.with_note(format!("its only field is {last}"))
                } else {
                    d.with_note(format!("its fields are {} and {last}", list.join(", ")))
                }
            }
        };
        self.diags.push(d);
        Ty::Unknown
    }

    fn unary(&mut self, op: UnaryOp, a: &Expr, e: &Expr) -> Ty {
        match op {
            UnaryOp::AddrOf => {
                if let ExprKind::Ident(name) = &a.kind {
                    if self.lookup(name).is_none() && self.functions.contains_key(name) {
                        // `&f` is `f`: a pointer to the function.
                        return self.value(a);
                    }
                }
                let t = self.value(a);
                if t == Ty::Unknown {
                    return t;
                }
                if !self.is_lvalue(a) {
                    self.not_assignable(a, "take the address of");
                    return Ty::Unknown;
                }
                match t {
                    Ty::Scalar(b) => Ty::Ptr(b, 1),
                    Ty::Ptr(b, n) => Ty::Ptr(b, n.saturating_add(1)),
                    Ty::Array(b, p, _) => Ty::Ptr(b, p.saturating_add(1)),
                    _ => Ty::Unknown,
                }
            }
            UnaryOp::Deref => {
                let t = self.value(a);
                match t.element() {
                    Some(t) => t,
                    None => {
                        self.error(
                            format!(
                                "only a pointer can be dereferenced with `*`, not {}",
                                t.describe()
                            ),
                            a.span.clone(),
                            "not a pointer",
                        );
                        Ty::Unknown
                    }
                }
            }
            UnaryOp::Neg | UnaryOp::Plus => {
                let t = self.value(a);
                if t.is_arith() || t == Ty::Unknown {
                    match t.arith_base() {
                        Some(b) => Ty::Scalar(common_base(b, BaseType::Int)),
                        None => t,
                    }
                } else {
                    self.operand_error(
                        if op == UnaryOp::Neg { "-" } else { "+" },
                        "a number",
                        &t,
                        a,
                    );
                    Ty::Unknown
                }
            }
            UnaryOp::Not => {
                let t = self.value(a);
                if !t.is_testable() {
                    self.operand_error("!", "a number or a pointer", &t, a);
                }
                Ty::Scalar(BaseType::Int)
            }
            UnaryOp::BitNot => {
                let t = self.value(a);
                if !(t.is_integer() || t == Ty::Unknown) {
                    self.operand_error("~", "an integer", &t, a);
                }
                Ty::Scalar(BaseType::Int)
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let t = self.value(a);
                if t == Ty::Unknown {
                    return t;
                }
                let sym = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
                    "++"
                } else {
                    "--"
                };
                if !(t.is_arith() || matches!(t, Ty::Ptr(..))) {
                    self.operand_error(sym, "a number or a pointer", &t, a);
                    return Ty::Unknown;
                }
                if !self.is_lvalue(a) {
                    self.not_assignable(a, &format!("apply `{sym}` to"));
                    return Ty::Unknown;
                }
                let _ = e;
                t
            }
        }
    }

    fn operand_error(&mut self, op: &str, needs: &str, found: &Ty, at: &Expr) {
        self.error(
            format!("`{op}` needs {needs}, not {}", found.describe()),
            at.span.clone(),
            "wrong kind of operand",
        );
    }

    fn binary(&mut self, op: BinOp, ta: &Ty, tb: &Ty, a: &Expr, b: &Expr) -> Ty {
        if *ta == Ty::Unknown || *tb == Ty::Unknown {
            return match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div => Ty::Unknown,
                _ => Ty::Scalar(BaseType::Int),
            };
        }
        let sym = op.symbol();
        let arith_result = || match (ta.arith_base(), tb.arith_base()) {
            (Some(x), Some(y)) => Ty::Scalar(common_base(x, y)),
            _ => Ty::Scalar(BaseType::Int),
        };
        match op {
            BinOp::Add | BinOp::Sub => {
                if ta.is_arith() && tb.is_arith() {
                    return arith_result();
                }
                if let (Some((base, n)), true) = (ta.as_pointer(), tb.is_integer()) {
                    return Ty::Ptr(base, n);
                }
                if op == BinOp::Add {
                    if let (true, Some((base, n))) = (ta.is_integer(), tb.as_pointer()) {
                        return Ty::Ptr(base, n);
                    }
                }
                if op == BinOp::Sub && ta.as_pointer().is_some() && tb.as_pointer().is_some() {
                    return Ty::Scalar(BaseType::Int);
                }
                self.pair_error(sym, "numbers", ta, tb, a, b);
                Ty::Unknown
            }
            BinOp::Mul | BinOp::Div => {
                if ta.is_arith() && tb.is_arith() {
                    return arith_result();
                }
                self.pair_error(sym, "numbers", ta, tb, a, b);
                Ty::Unknown
            }
            BinOp::Rem | BinOp::Shl | BinOp::Shr | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
                if !(ta.is_integer() && tb.is_integer()) {
                    self.pair_error(sym, "integers", ta, tb, a, b);
                    return Ty::Scalar(BaseType::Int);
                }
                if matches!(op, BinOp::Shl | BinOp::Shr) {
                    let left = ta.arith_base().unwrap_or(BaseType::Int);
                    return Ty::Scalar(common_base(left, BaseType::Int));
                }
                arith_result()
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne => {
                let comparable = |t: &Ty| t.is_testable() || t.is_handle();
                if !(comparable(ta) && comparable(tb)) {
                    self.pair_error(sym, "numbers, handles or pointers", ta, tb, a, b);
                }
                Ty::Scalar(BaseType::Int)
            }
            BinOp::And | BinOp::Or => {
                if !(ta.is_testable() && tb.is_testable()) {
                    self.pair_error(sym, "numbers or pointers", ta, tb, a, b);
                }
                Ty::Scalar(BaseType::Int)
            }
        }
    }

    fn pair_error(&mut self, op: &str, needs: &str, ta: &Ty, tb: &Ty, a: &Expr, b: &Expr) {
        self.error(
            format!(
                "`{op}` needs {needs}, but the left side is {} and the right side is {}",
                ta.describe(),
                tb.describe()
            ),
            a.span.start..b.span.end,
            "wrong kinds of operands",
        );
    }

    // ---- calls ----------------------------------------------------------------------------

    /// A call through a function pointer of type `t`: the argument count and kinds.
    fn pointer_call(&mut self, t: &Ty, args: &[Expr], e: &Expr, at: &Span) -> Ty {
        let types: Vec<Ty> = args.iter().map(|a| self.value(a)).collect();
        let id = match t {
            Ty::Unknown => return Ty::Unknown,
            Ty::Ptr(BaseType::Func(id), 1) => *id,
            t => {
                self.error(
                    format!("only a function can be called, not {}", t.describe()),
                    at.clone(),
                    "not a function",
                );
                return Ty::Unknown;
            }
        };
        let Some((ret, params)) = self.fn_types.get(id as usize).cloned() else {
            return Ty::Unknown;
        };
        if args.len() != params.len() {
            self.count_error(
                "this function pointer",
                plural(params.len(), "argument", "arguments"),
                args.len(),
                e,
                "as its type says".to_string(),
            );
        } else {
            for (a, (p, t)) in args.iter().zip(params.iter().zip(&types)) {
                let target = Ty::of(p);
                self.assignable(&target, t, a);
            }
        }
        Ty::of(&ret)
    }

    fn call(&mut self, name: &str, name_span: &Span, args: &[Expr], e: &Expr) -> Ty {
        if let Some(v) = self.lookup(name) {
            if matches!(Ty::of(&v.ty), Ty::Ptr(BaseType::Func(_), 1)) {
                let t = Ty::of(&v.ty);
                return self.pointer_call(&t, args, e, name_span);
            }
            for a in args {
                self.expr(a);
            }
            self.error(
                format!("`{name}` is a variable, not a function"),
                name_span.clone(),
                "not a function",
            );
            return Ty::Unknown;
        }
        if let Some(sig) = self.functions.get(name) {
            let ret = sig.ret.clone();
            let params = sig.params.clone();
            self.user_call(name, &ret, &params, args, e);
            return Ty::of(&ret);
        }
        if let Some(t) = self.printf_family(name, args, e) {
            return t;
        }
        let own_form = builtin(name).is_some_and(|b| b.params.len() == args.len());
        if let Some((_, f)) = crate::lang::libc::lookup(name).filter(|_| !own_form) {
            return self.library_call(f, args, e);
        }
        if let Some(b) = builtin(name) {
            self.builtin_call(b, args, e);
            return Ty::of(&b.result_type());
        }
        for a in args {
            self.expr(a);
        }
        let mut candidates: Vec<&str> = self.functions.keys().map(String::as_str).collect();
        candidates.extend(BUILTINS.iter().map(|b| b.name));
        candidates.extend(crate::lang::libc::LIBC.iter().map(|f| f.name));
        candidates.extend(PRINTF_RELATIVES.iter().map(|r| r.name));
        if let Some(reason) = crate::lang::libc::unsupported(name) {
            self.error_note(
                format!("`{name}` is not supported by Rankscope's C"),
                name_span.clone(),
                "not available",
                reason,
            );
            return Ty::Unknown;
        }
        let mut d = Diagnostic::error(format!("undeclared function `{name}`"), name_span.clone())
            .with_label("no function by this name");
        if let Some(s) = suggest(name, candidates) {
            d = d.with_note(format!("did you mean `{s}`?"));
        } else if name.starts_with("MPI_") {
            d = d.with_note("Rankscope does not support this MPI function");
        }
        self.diags.push(d);
        Ty::Unknown
    }

    /// `fprintf(stream, format, …)`, `sprintf(buffer, format, …)`, `snprintf(buffer, size,
    /// format, …)`: the leading arguments, then the format as `printf`'s.
    fn printf_family(&mut self, name: &str, args: &[Expr], e: &Expr) -> Option<Ty> {
        let relative = PRINTF_RELATIVES.iter().find(|r| r.name == name)?;
        let lead = relative.lead.len();
        let what: Vec<&str> = relative.lead.iter().map(|l| l.what).collect();
        if args.len() < lead + 1 {
            for a in args {
                self.expr(a);
            }
            self.count_error(
                name,
                format!("at least {}", plural(lead + 1, "argument", "arguments")),
                args.len(),
                e,
                format!("the call is `{name}({}, format, …)`", what.join(", ")),
            );
            return Some(Ty::Scalar(BaseType::Int));
        }
        for (i, a) in args[..lead].iter().enumerate() {
            let t = self.value(a);
            let ok = if i == 0 {
                t.is_pointerish()
            } else {
                t.is_arith()
            };
            if !ok && t != Ty::Unknown {
                self.error(
                    format!(
                        "argument {} of `{name}` must be {}, not {}",
                        i + 1,
                        what[i],
                        t.describe()
                    ),
                    a.span.clone(),
                    "wrong kind of argument",
                );
            }
        }
        let rest = &args[lead..];
        let types: Vec<Ty> = rest.iter().map(|a| self.expr(a)).collect();
        if !matches!(rest[0].kind, ExprKind::Str(_)) {
            self.error(
                format!("the format of `{name}` must be a string literal"),
                rest[0].span.clone(),
                "expected a string literal",
            );
        } else {
            self.printf(rest, &types, e);
        }
        Some(Ty::Scalar(BaseType::Int))
    }

    /// A call to a C library function: argument count, then numbers where numbers belong and
    /// pointers where pointers do.
    fn library_call(&mut self, f: &crate::lang::libc::LibFn, args: &[Expr], e: &Expr) -> Ty {
        let types: Vec<Ty> = args.iter().map(|a| self.value(a)).collect();
        let ret = ctype(f.ret);
        if args.len() != f.params.len() {
            self.count_error(
                f.name,
                plural(f.params.len(), "argument", "arguments"),
                args.len(),
                e,
                format!("the function is `{}`", f.signature()),
            );
            return ret;
        }
        for (i, ((p, a), t)) in f.params.iter().zip(args).zip(&types).enumerate() {
            let ok = *t == Ty::Unknown
                || if p.is_pointer() {
                    t.is_pointerish() || is_zero(a)
                } else {
                    t.is_arith() || (t.is_handle() && *p == crate::lang::libc::C::Int)
                };
            if !ok {
                self.error_note(
                    format!(
                        "argument {} of `{}` must be {}, not {}",
                        i + 1,
                        f.name,
                        if p.is_pointer() {
                            format!("a pointer (`{}`)", p.text())
                        } else {
                            format!("a number (`{}`)", p.text())
                        },
                        t.describe()
                    ),
                    a.span.clone(),
                    "wrong kind of argument",
                    format!("the function is `{}`", f.signature()),
                );
            }
        }
        ret
    }

    fn count_error(&mut self, name: &str, expected: String, given: usize, e: &Expr, note: String) {
        let were = if given == 1 { "was" } else { "were" };
        self.error_note(
            format!("`{name}` takes {expected} but {given} {were} given"),
            e.span.clone(),
            format!("expected {expected}"),
            note,
        );
    }

    fn user_call(
        &mut self,
        name: &str,
        ret: &Type,
        params: &[(String, Type)],
        args: &[Expr],
        e: &Expr,
    ) {
        let types: Vec<Ty> = args.iter().map(|a| self.value(a)).collect();
        if args.len() != params.len() {
            let list: Vec<String> = params.iter().map(|(n, t)| decl_text(t, n)).collect();
            let note = format!(
                "`{name}` is defined as `{} {name}({})`",
                type_text(ret),
                list.join(", ")
            );
            self.count_error(
                name,
                plural(params.len(), "argument", "arguments"),
                args.len(),
                e,
                note,
            );
            return;
        }
        for (i, ((pname, pty), (a, t))) in params.iter().zip(args.iter().zip(&types)).enumerate() {
            let target = Ty::of(pty);
            let ok = match (&target, t) {
                (_, Ty::Unknown) | (Ty::Unknown, _) => true,
                (Ty::Ptr(pb, pn), t) => match t.as_pointer() {
                    Some((b, n)) => {
                        *pb == BaseType::Void
                            || (b == BaseType::Void && n == 1)
                            || (b == *pb && n == *pn)
                    }
                    None => t.is_pointerish() || is_zero(a),
                },
                (Ty::Scalar(BaseType::MpiStatus), t) => *t == Ty::Scalar(BaseType::MpiStatus),
                (Ty::Scalar(BaseType::Record(r)), t) => *t == Ty::Scalar(BaseType::Record(*r)),
                (Ty::Scalar(pb), t) if is_arith_base(*pb) => t.is_arith(),
                (Ty::Scalar(_), t) => t.is_handle() || t.is_integer() || *t == Ty::Null,
                _ => true,
            };
            if !ok {
                self.error_note(
                    format!(
                        "argument {} (`{pname}`) of `{name}` must be {}, not {}",
                        i + 1,
                        with_article(&format!("`{}`", type_text(pty))),
                        t.describe()
                    ),
                    a.span.clone(),
                    "wrong kind of argument",
                    address_hint(a, t, &target),
                );
            }
        }
    }

    fn builtin_call(
        &mut self,
        b: &'static crate::lang::sema::builtins::Builtin,
        args: &[Expr],
        e: &Expr,
    ) {
        let types: Vec<Ty> = args
            .iter()
            .enumerate()
            .map(|(i, a)| {
                if b.variadic && i >= b.params.len()
                    || b.params.get(i).is_some_and(|p| p.kind == ParamKind::Format)
                {
                    let t = self.expr(a);
                    if t == Ty::Void {
                        return self.value(a);
                    }
                    t
                } else {
                    self.value(a)
                }
            })
            .collect();
        let n = b.params.len();
        let wrong_count = if b.variadic {
            args.len() < n
        } else {
            args.len() != n
        };
        if wrong_count {
            let expected = if b.variadic {
                format!("at least {}", plural(n, "argument", "arguments"))
            } else {
                plural(n, "argument", "arguments")
            };
            self.count_error(
                b.name,
                expected,
                args.len(),
                e,
                format!("the call is `{}`", b.signature()),
            );
            return;
        }
        for (i, (p, (a, t))) in b.params.iter().zip(args.iter().zip(&types)).enumerate() {
            if let Some(problem) = self.arg_problem(p.kind, a, t) {
                let mut d = Diagnostic::error(
                    format!(
                        "argument {} (`{}`) of `{}` must be {}, not {}",
                        i + 1,
                        p.name,
                        b.name,
                        p.kind.describe(),
                        t.describe()
                    ),
                    a.span.clone(),
                )
                .with_label(problem);
                let hint = address_hint(a, t, &Ty::Ptr(BaseType::Void, 1));
                if p.kind.is_address() && !hint.is_empty() && !t.is_pointerish() {
                    d = d.with_note(hint);
                } else if p.kind == ParamKind::StatusOut && *t == Ty::StatusesIgnore {
                    d = d.with_note("use `MPI_STATUS_IGNORE` for a single status");
                } else if p.kind == ParamKind::StatusesOut && *t == Ty::StatusIgnore {
                    d = d.with_note("use `MPI_STATUSES_IGNORE` for an array of statuses");
                }
                self.diags.push(d);
            }
        }
        if b.name == "printf" {
            self.printf(args, &types, e);
        }
    }

    /// Why `a` (of type `t`) does not fit a parameter of `kind`; `None` when it does.
    fn arg_problem(&self, kind: ParamKind, a: &Expr, t: &Ty) -> Option<&'static str> {
        if *t == Ty::Unknown {
            return None;
        }
        let null = matches!(t, Ty::Null) || is_zero(a);
        let ok = match kind {
            ParamKind::Int | ParamKind::Double | ParamKind::Word(_) => t.is_arith(),
            ParamKind::Comm => *t == Ty::Scalar(BaseType::MpiComm),
            ParamKind::Datatype => *t == Ty::Scalar(BaseType::MpiDatatype),
            ParamKind::Op => *t == Ty::Scalar(BaseType::MpiOp),
            ParamKind::Win => *t == Ty::Scalar(BaseType::MpiWin),
            ParamKind::Info => *t == Ty::Scalar(BaseType::MpiInfo),
            ParamKind::Group => *t == Ty::Scalar(BaseType::MpiGroup),
            ParamKind::BaseOut => {
                if null {
                    return Some("an address is needed here, not a null pointer");
                }
                t.as_pointer().is_some_and(|(_, levels)| levels >= 2)
            }
            ParamKind::Buffer => matches!(t, Ty::Ptr(..) | Ty::Array(..)) || null,
            ParamKind::Ptr(base) => {
                if null || matches!(t, Ty::StatusIgnore | Ty::StatusesIgnore) {
                    return Some("an address is needed here, not a null pointer");
                }
                t.as_pointer() == Some((base, 1))
            }
            ParamKind::StatusOut => {
                null || *t == Ty::StatusIgnore || t.as_pointer() == Some((BaseType::MpiStatus, 1))
            }
            ParamKind::StatusesOut => {
                null || *t == Ty::StatusesIgnore || t.as_pointer() == Some((BaseType::MpiStatus, 1))
            }
            ParamKind::ArgcPtr => null || t.as_pointer() == Some((BaseType::Int, 1)),
            ParamKind::ArgvPtr => null || t.as_pointer() == Some((BaseType::Char, 3)),
            ParamKind::Format => matches!(a.kind, ExprKind::Str(_)),
            ParamKind::Function => {
                matches!(t, Ty::Ptr(BaseType::Func(_), 1)) || *t == Ty::Ptr(BaseType::Void, 1)
            }
        };
        if ok {
            return None;
        }
        Some(match kind {
            ParamKind::Int | ParamKind::Double | ParamKind::Word(_) => "expected a number",
            ParamKind::Comm => "expected a communicator",
            ParamKind::Datatype => "expected a datatype like `MPI_INT`",
            ParamKind::Op => "expected an operation like `MPI_SUM`",
            ParamKind::Win => "expected a window (`MPI_Win`)",
            ParamKind::Info => "expected `MPI_INFO_NULL`",
            ParamKind::Format => "expected a string literal",
            ParamKind::Function => "expected the name of a function",
            _ => "expected an address",
        })
    }

    fn printf(&mut self, args: &[Expr], types: &[Ty], e: &Expr) {
        let Some(Expr {
            kind: ExprKind::Str(format),
            span: fspan,
        }) = args.first()
        else {
            return;
        };
        let convs = match conversions(format) {
            Ok(c) => c,
            Err(message) => {
                self.error(message, fspan.clone(), "in this format");
                return;
            }
        };
        let given = args.len() - 1;
        if convs.len() != given {
            let were = if given == 1 { "was" } else { "were" };
            self.error_note(
                format!(
                    "the `printf` format has {} but {given} {were} given",
                    plural(convs.len(), "conversion", "conversions"),
                ),
                e.span.clone(),
                format!("expected {}", plural(convs.len(), "argument", "arguments")),
                "each `%d`, `%f`, `%s`… takes one argument after the format",
            );
            return;
        }
        for (i, (conv, (a, t))) in convs
            .iter()
            .zip(args[1..].iter().zip(&types[1..]))
            .enumerate()
        {
            let (ok, fix) = match conv {
                '*' => (
                    t.is_integer(),
                    "a `*` width or precision takes an `int` argument",
                ),
                'p' => (
                    t.is_pointerish(),
                    "`%p` prints a pointer: an address or an array",
                ),
                'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'c' => (
                    t.is_integer() || t.is_handle(),
                    if t.is_double() {
                        "use `%f` for a `double`, or convert it with `(int)`"
                    } else {
                        "this conversion prints an integer"
                    },
                ),
                's' => (
                    matches!(t.as_pointer(), Some((BaseType::Char | BaseType::UChar, 1))),
                    "`%s` prints a string: a string literal or a `char` array",
                ),
                _ => (
                    t.is_double(),
                    if t.is_integer() {
                        "use `%d` for an `int`, or convert it with `(double)`"
                    } else {
                        "this conversion prints a `double`"
                    },
                ),
            };
            if !ok && *t != Ty::Unknown {
                self.error_note(
                    format!(
                        "`%{conv}` in the `printf` format does not match argument {}, which is {}",
                        i + 2,
                        t.describe()
                    ),
                    a.span.clone(),
                    format!("printed with `%{conv}`"),
                    fix,
                );
            }
        }
    }
}

/// The conversion letters of a `printf` format (`%%` excluded; `*` for a width or precision
/// taken from an argument), or what is wrong with it. (What is valid is [`printf::conversions`]'s
/// decision; this adds the letters the messages quote.)
fn conversions(format: &str) -> Result<Vec<char>, String> {
    if let Err(e) = crate::lang::libc::printf::conversions(format) {
        if e.message.contains("%n") || e.message.contains("positional") {
            return Err(e.message);
        }
    }
    let mut out = Vec::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        while chars.peek().is_some_and(|f| "-+ 0#".contains(*f)) {
            chars.next();
        }
        while let Some(&f) = chars.peek() {
            if f.is_ascii_digit() || f == '.' {
                chars.next();
            } else if f == '*' {
                out.push('*');
                chars.next();
            } else {
                break;
            }
        }
        while chars.peek().is_some_and(|f| "hlLzjt".contains(*f)) {
            chars.next();
        }
        match chars.next() {
            Some('%') => {}
            Some(
                conv @ ('d' | 'i' | 'u' | 'o' | 'x' | 'X' | 'c' | 's' | 'f' | 'F' | 'e' | 'E' | 'g'
                | 'G' | 'a' | 'A' | 'p'),
            ) => {
                out.push(conv);
            }
            Some(other) => {
                return Err(format!(
                    "unknown conversion `%{other}` in the `printf` format"
                ))
            }
            None => {
                return Err(
                    "the `printf` format ends with a lone `%`; write `%%` for a percent sign"
                        .into(),
                )
            }
        }
    }
    Ok(out)
}

/// The checker's type of a library signature's type.
fn ctype(c: crate::lang::libc::C) -> Ty {
    use crate::lang::libc::C;
    match c {
        C::Void => Ty::Void,
        C::Int => Ty::Scalar(BaseType::Int),
        C::UInt => Ty::Scalar(BaseType::UInt),
        C::Long => Ty::Scalar(BaseType::Long),
        C::SizeT => Ty::Scalar(BaseType::ULong),
        C::Double => Ty::Scalar(BaseType::Double),
        C::Float => Ty::Scalar(BaseType::Float),
        C::VoidPtr => Ty::Ptr(BaseType::Void, 1),
        C::CharPtr => Ty::Ptr(BaseType::Char, 1),
        C::FnPtr => Ty::Ptr(BaseType::Void, 1),
    }
}

/// The literal `0` (a null pointer in C).
fn is_zero(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Int(0))
}

/// "write `&x` to pass the address of `x`" when a variable's value was passed where its address
/// belongs; empty otherwise.
fn address_hint(a: &Expr, t: &Ty, target: &Ty) -> String {
    if !matches!(target, Ty::Ptr(..)) || !matches!(t, Ty::Scalar(_)) {
        return String::new();
    }
    match &a.kind {
        ExprKind::Ident(name) => format!("write `&{name}` to pass the address of `{name}`"),
        ExprKind::Index(..) | ExprKind::Field(..) | ExprKind::Arrow(..) => {
            "write `&` before it to pass its address".to_string()
        }
        _ => String::new(),
    }
}

/// Whether a global initializer is a constant expression.
fn is_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::Float(_)
        | ExprKind::Char(_)
        | ExprKind::Str(_)
        | ExprKind::SizeOf(_) => true,
        ExprKind::Unary(UnaryOp::AddrOf, a) => matches!(a.kind, ExprKind::Ident(_)),
        ExprKind::Ident(name) => constant(name).is_some(),
        ExprKind::Unary(op, a) => {
            matches!(
                op,
                UnaryOp::Neg | UnaryOp::Plus | UnaryOp::Not | UnaryOp::BitNot
            ) && is_constant(a)
        }
        ExprKind::Binary(_, a, b) => is_constant(a) && is_constant(b),
        ExprKind::Ternary(a, b, c) => is_constant(a) && is_constant(b) && is_constant(c),
        ExprKind::Cast(_, a) => is_constant(a),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(src: &str) -> Vec<String> {
        match front_end(src) {
            Ok(_) => Vec::new(),
            Err(diags) => diags.into_iter().map(|d| d.message).collect(),
        }
    }

    fn in_main(body: &str) -> String {
        format!(
            "int main(int argc, char **argv) {{\n  int rank, size, x, a[4], m[2][3];\n  double d, v[8];\n  \
             char name[16];\n  MPI_Request req, reqs[4];\n  MPI_Status st, sts[4];\n{body}\n  return 0;\n}}\n"
        )
    }

    #[test]
    fn the_deepest_trees_the_parser_accepts_are_checked_without_overflow() {
        let n = 120;
        let programs = [
            format!("int main() {{ int x; x = {}1; return 0; }}", "- ".repeat(n)),
            format!(
                "int main() {{ int x; x = 1{}; return 0; }}",
                " + x".repeat(n)
            ),
            format!(
                "int main() {{ int x; x = {}1{}; return 0; }}",
                "(x + ".repeat(n / 2),
                ")".repeat(n / 2)
            ),
            format!(
                "int main() {{ {}x = 1;{} return 0; }}",
                "{ int x; ".repeat(n),
                "}".repeat(n)
            ),
            format!(
                "int main() {{ int x; {}x = 1; return 0; }}",
                "if (x) while (x) ".repeat(n / 2)
            ),
            format!(
                "int main() {{ int x; x = {}1; return 0; }}",
                "x ? x : ".repeat(n)
            ),
        ];
        for src in programs {
            assert!(parse(&src).1.is_empty(), "{}", &src[..60]);
            assert_eq!(errors(&src), Vec::<String>::new(), "{}", &src[..60]);
        }
    }

    #[test]
    fn suggestions() {
        assert_eq!(suggest("rnak", ["rank", "size"]), Some("rank".into()));
        assert_eq!(
            suggest("MPI_Sned", ["MPI_Send", "MPI_Recv"]),
            Some("MPI_Send".into())
        );
        assert_eq!(suggest("mpi_send", ["MPI_Send"]), Some("MPI_Send".into()));
        assert_eq!(suggest("xy", ["ab"]), None);
        assert_eq!(suggest("y", ["x"]), Some("x".into()));
        assert_eq!(suggest("foo", ["barbaz"]), None);
    }

    #[test]
    fn valid_programs_pass() {
        let ok = in_main(
            "  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n  MPI_Comm_size(MPI_COMM_WORLD, &size);\n  \
             MPI_Send(a, 4, MPI_INT, 1, 0, MPI_COMM_WORLD);\n  MPI_Recv(&a[1], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);\n  \
             MPI_Isend(&d, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &reqs[0]);\n  MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);\n  \
             MPI_Waitall(4, reqs, sts);\n  MPI_Wait(&req, MPI_STATUS_IGNORE);\n  MPI_Get_count(&st, MPI_INT, &x);\n  \
             MPI_Reduce(&x, &rank, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);\n  MPI_Bcast(m[1], 3, MPI_INT, 0, MPI_COMM_WORLD);\n  \
             printf(\"%d %5.2f %s %s %c %% %ld\\n\", st.MPI_SOURCE, d * 2, name, \"lit\", 'c', (long_t) );\n",
        );
        // (the last printf uses an unknown identifier on purpose: only that is reported)
        assert_eq!(errors(&ok), vec!["unknown identifier `long_t`"]);
        let ok = in_main(
            "  d = MPI_Wtime(); compute(10); flops(1e6); yield(); usleep(5); nanosleep(x);\n  \
             x = abs(-3) + (int)sqrt(fabs(d));\n  req = MPI_REQUEST_NULL; reqs[1] = NULL; if (reqs[1]) x++;\n  \
             for (int i = 0; i < 4; ++i) { if (i == 2) continue; a[i] = i % 2 ? i << 1 : ~i; }\n  \
             do { x -= 1; } while (x > 0 && !rank);\n  m[1][2] = sizeof(MPI_Status); name[0] = 'a';\n  \
             MPI_Init(NULL, NULL); MPI_Finalize();",
        );
        assert_eq!(errors(&ok), Vec::<String>::new());
    }

    #[test]
    fn names_scopes_and_functions() {
        let src = "int g = 1;\nint g;\nint f(int a, int a) { int b; { int b; } int b; return a; }\n\
                   void h() { return 1; }\nint k() { return; }\nint main() { int x = f(1); h(2); x = h(); \
                   y = 2; y = 3; rnak = 1; x = g(2); int printf; break; foo(); MPI_Sendd(); MPI_Foo(); \
                   x = MPI_INT; x = main; }";
        assert_eq!(
            errors(src),
            vec![
                "`g` is already declared in this scope",
                "`a` is already declared in this scope",
                "`b` is already declared in this scope",
                "`h` returns `void`, so `return` cannot have a value",
                "`k` must return a value of type `int`",
                "`f` takes 2 arguments but 1 was given",
                "`h` takes 0 arguments but 1 was given",
                "`h` returns nothing, so its result cannot be used",
                "unknown identifier `y`",
                "unknown identifier `rnak`",
                "`g` is a variable, not a function",
                "`printf` is a built-in function and cannot be redeclared",
                "`break` outside of a loop",
                "undeclared function `foo`",
                "undeclared function `MPI_Sendd`",
                "undeclared function `MPI_Foo`",
                "cannot store an MPI datatype in an `int`",
                "cannot store a function pointer in an `int`",
            ]
        );
    }

    #[test]
    fn mpi_argument_kinds() {
        let src = in_main(
            "  MPI_Send(x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);\n  MPI_Send(&x, 1, 1, 1, 0, MPI_COMM_WORLD);\n  \
             MPI_Send(&x, MPI_INT, 1, 1, 0, MPI_COMM_WORLD);\n  MPI_Send(&x, 1, MPI_INT, 1, 0);\n  \
             MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, st);\n  MPI_Comm_rank(MPI_COMM_WORLD, rank);\n  \
             MPI_Comm_rank(MPI_COMM_WORLD, &d);\n  MPI_Wait(req, &st);\n  MPI_Wait(NULL, &st);\n  \
             MPI_Waitall(4, reqs, MPI_STATUS_IGNORE);\n  MPI_Reduce(&x, &x, 1, MPI_INT, MPI_INT, 0, MPI_COMM_WORLD);\n  \
             MPI_Barrier(0);\n  MPI_Send(\"hi\", 2, MPI_CHAR, 1, 0, MPI_COMM_WORLD);\n  compute(&x);\n  MPI_Init(&argc, argv);",
        );
        assert_eq!(
            errors(&src),
            vec![
                "argument 1 (`buf`) of `MPI_Send` must be a buffer address (`&x` or an array), not an `int`",
                "argument 3 (`datatype`) of `MPI_Send` must be an MPI datatype such as `MPI_INT`, not an `int`",
                "argument 2 (`count`) of `MPI_Send` must be an integer, not an MPI datatype",
                "argument 3 (`datatype`) of `MPI_Send` must be an MPI datatype such as `MPI_INT`, not an `int`",
                "`MPI_Send` takes 6 arguments but 5 were given",
                "argument 7 (`status`) of `MPI_Recv` must be the address of an `MPI_Status` or `MPI_STATUS_IGNORE`, not an `MPI_Status`",
                "argument 2 (`rank`) of `MPI_Comm_rank` must be the address of an `int` (`&x` or an `int` array), not an `int`",
                "argument 2 (`rank`) of `MPI_Comm_rank` must be the address of an `int` (`&x` or an `int` array), not an address of type `double *`",
                "argument 1 (`request`) of `MPI_Wait` must be the address of an `MPI_Request` (`&req` or an array of requests), not an `MPI_Request`",
                "argument 1 (`request`) of `MPI_Wait` must be the address of an `MPI_Request` (`&req` or an array of requests), not `NULL`",
                "argument 3 (`statuses`) of `MPI_Waitall` must be an array of `MPI_Status` or `MPI_STATUSES_IGNORE`, not `MPI_STATUS_IGNORE`",
                "argument 5 (`op`) of `MPI_Reduce` must be a reduction operation such as `MPI_SUM`, not an MPI datatype",
                "argument 1 (`comm`) of `MPI_Barrier` must be a communicator such as `MPI_COMM_WORLD`, not an `int`",
                "argument 1 (`microseconds`) of `compute` must be a number, not an address of type `int *`",
                "argument 2 (`argv`) of `MPI_Init` must be `&argv` or `NULL`, not an address of type `char **`",
            ]
        );
    }

    #[test]
    fn printf_formats() {
        let src = in_main(
            "  printf(\"%d %d\\n\", x);\n  printf(\"%d\\n\", d);\n  printf(\"%f\\n\", x);\n  printf(\"%s\\n\", x);\n  \
             printf(\"%q\\n\", x);\n  printf(\"%*d\\n\", d, x);\n  printf(x);\n  printf();\n  printf(\"100%\");",
        );
        assert_eq!(
            errors(&src),
            vec![
                "the `printf` format has 2 conversions but 1 was given",
                "`%d` in the `printf` format does not match argument 2, which is a `double`",
                "`%f` in the `printf` format does not match argument 2, which is an `int`",
                "`%s` in the `printf` format does not match argument 2, which is an `int`",
                "unknown conversion `%q` in the `printf` format",
                "`%*` in the `printf` format does not match argument 2, which is a `double`",
                "argument 1 (`format`) of `printf` must be a format string literal, not an `int`",
                "`printf` takes at least 1 argument but 0 were given",
                "the `printf` format ends with a lone `%`; write `%%` for a percent sign",
            ]
        );
    }

    #[test]
    fn expressions_and_lvalues() {
        let src = in_main(
            "  a = 1;\n  3 = x;\n  MPI_INT = 2;\n  x = &3;\n  d % 2;\n  x = st + 1;\n  x[0] = 1;\n  a[d] = 1;\n  \
             x = st.MPI_SORCE;\n  x = x.MPI_TAG;\n  x = *x;\n  if (st) x = 1;\n  x++ ++;\n  (x + 1)++;\n  \
             int g = 1, h = g;\n  x = (MPI_Status)x;\n  x = sizeof(void);",
        );
        assert_eq!(
            errors(&src),
            vec![
                "an array cannot be assigned as a whole",
                "cannot assign to this expression",
                "cannot assign to the built-in constant `MPI_INT`",
                "cannot take the address of this expression",
                "`%` needs integers, but the left side is a `double` and the right side is an `int`",
                "`+` needs numbers, but the left side is an `MPI_Status` and the right side is an `int`",
                "only arrays and pointers can be indexed, not an `int`",
                "an array index must be an integer, not a `double`",
                "`MPI_Status` has no field `MPI_SORCE`",
                "only a struct, a union or an `MPI_Status` has fields, not an `int`",
                "only a pointer can be dereferenced with `*`, not an `int`",
                "a condition must be a number or a pointer, not an `MPI_Status`",
                "cannot apply `++` to this expression",
                "cannot apply `++` to this expression",
                "cannot convert an `int` to `MPI_Status`",
                "`void` has no size",
            ]
        );
    }

    #[test]
    fn globals_initializers_and_main() {
        let src = "int n = 4;\nint m = n;\nint a[2] = {1, 2, 3};\nint b[2][2] = {{1, 2, 3}, {4}};\nint c[3] = 5;\n\
                   int s = {1};\nvoid v;\ndouble w[2][2] = {1, 2, 3, 4};\nMPI_Comm comm = MPI_COMM_WORLD;\n\
                   void main(int a) { }\n";
        assert_eq!(
            errors(src),
            vec![
                "the initial value of a global variable must be a constant",
                "too many values for `a`: it holds 2 but 3 are given",
                "too many values in a row of `b`: a row holds 2 but 3 are given",
                "the array `c` must be initialized with a list",
                "`s` is not an array, so it takes a single value",
                "the variable `v` cannot have type `void`",
                "`main` must return `int`",
                "`main` takes either no parameters or `(int argc, char **argv)`",
            ]
        );
        assert_eq!(
            errors("int f() { return 0; }"),
            vec!["the program has no `main` function"]
        );
    }
}
