use super::*;

/// Renders an expression fully parenthesized.
fn show(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Float(v) => format!("{v:?}"),
        ExprKind::Char(c) => format!("'{}'", *c as char),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Ident(n) => n.clone(),
        ExprKind::Unary(op, a) => format!("({op:?} {})", show(a)),
        ExprKind::Binary(op, a, b) => format!("({} {op:?} {})", show(a), show(b)),
        ExprKind::Assign { op, target, value } => {
            format!("({} ={op:?} {})", show(target), show(value))
        }
        ExprKind::Ternary(a, b, c) => format!("({} ? {} : {})", show(a), show(b), show(c)),
        ExprKind::Call { name, args, .. } => format!(
            "{name}({})",
            args.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
        ExprKind::Index(a, i) => format!("{}[{}]", show(a), show(i)),
        ExprKind::Field(a, f) => format!("{}.{f}", show(a)),
        ExprKind::Cast(t, a) => format!(
            "(cast {:?}{} {})",
            t.base,
            "*".repeat(t.pointers.into()),
            show(a)
        ),
        ExprKind::SizeOf(t) => format!("sizeof({:?})", t.base),
        ExprKind::Arrow(a, f) => format!("{}->{f}", show(a)),
        ExprKind::SizeOfExpr(a) => format!("sizeof {}", show(a)),
        ExprKind::Comma(a, b) => format!("({}, {})", show(a), show(b)),
        ExprKind::CallPtr(f, args) => format!(
            "(*{})({})",
            show(f),
            args.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn expr(src: &str) -> String {
    let program = format!("int main() {{ {src}; }}");
    let (unit, diags) = parse(&program);
    assert!(diags.is_empty(), "{src}: {diags:?}");
    let Some(Item::Function(f)) = unit.and_then(|u| u.items.into_iter().next()) else {
        panic!("no function")
    };
    match &f.body.stmts[0].kind {
        StmtKind::Expr(e) => {
            assert_eq!(&program[e.span.clone()], src, "span of {src}");
            show(e)
        }
        other => panic!("{other:?}"),
    }
}

fn messages(src: &str) -> Vec<String> {
    parse(src).1.into_iter().map(|d| d.message).collect()
}

#[test]
fn c_precedence_and_associativity() {
    assert_eq!(expr("a + b * c"), "(a Add (b Mul c))");
    assert_eq!(expr("a - b - c"), "((a Sub b) Sub c)");
    assert_eq!(expr("a = b = c"), "(a =None (b =None c))");
    assert_eq!(expr("a += b * 2"), "(a =Some(Add) (b Mul 2))");
    assert_eq!(
        expr("a || b && c | d ^ e & f == g < h << i + j * k"),
        "(a Or (b And (c BitOr (d BitXor (e BitAnd (f Eq (g Lt (h Shl (i Add (j Mul k))))))))))"
    );
    assert_eq!(expr("a ? b : c ? d : e"), "(a ? b : (c ? d : e))");
    assert_eq!(expr("x = a < b ? a : b"), "(x =None ((a Lt b) ? a : b))");
    assert_eq!(expr("-a++"), "(Neg (PostInc a))");
    assert_eq!(expr("!*p"), "(Not (Deref p))");
    assert_eq!(expr("&a[i][j]"), "(AddrOf a[i][j])");
    assert_eq!(expr("st.MPI_SOURCE == 1"), "(st.MPI_SOURCE Eq 1)");
    assert_eq!(expr("(double)x / 2"), "((cast Double x) Div 2)");
    assert_eq!(expr("sizeof(int) * n"), "(sizeof(Int) Mul n)");
    assert_eq!(expr("(a + b) * c"), "((a Add b) Mul c)");
    assert_eq!(expr("f(1, g(2), \"s\" \"t\")"), "f(1, g(2), \"st\")");
    assert_eq!(expr("x = -1 - -1"), "(x =None ((Neg 1) Sub (Neg 1)))");
    assert_eq!(expr("a != b >= c % d"), "(a Ne (b Ge (c Rem d)))");
    assert_eq!(expr("~a >> 2 | b"), "(((BitNot a) Shr 2) BitOr b)");
}

#[test]
fn declarations_and_functions() {
    let src = "#define N 4\nint g = 1, a[N][2*N], *p;\nint f(int x, double v[], char **argv);\n\
               int f(int x, double v[], char **argv) { int b[] = {1, 2, 3}; return x; }\n\
               int main(void) { for (int i = 0; i < N; i++) { if (i) continue; else break; } \
               do ; while (0); return 0; }";
    let (unit, diags) = parse(src);
    assert!(diags.is_empty(), "{diags:?}");
    let unit = unit.unwrap();
    assert_eq!(unit.items.len(), 3, "the prototype is dropped");
    let Item::Globals(globals) = &unit.items[0] else {
        panic!()
    };
    assert_eq!(globals[1].ty.dims, vec![4, 8]);
    assert_eq!(globals[2].ty.pointers, 1);
    assert_eq!(&src[globals[1].name_span.clone()], "a");
    let Item::Function(f) = &unit.items[1] else {
        panic!()
    };
    assert_eq!(f.params[1].ty.pointers, 1);
    assert_eq!(f.params[2].ty.pointers, 2);
    let StmtKind::Decl(d) = &f.body.stmts[0].kind else {
        panic!()
    };
    assert_eq!(d[0].ty.dims, vec![3]);
}

#[test]
fn every_syntax_error_in_one_pass() {
    let src =
        "int main() {\n  int x = 1\n  x = (2 + ;\n  if (x { x = 3; }\n  y = 4 5;\n  return 0;\n}\n";
    assert_eq!(
        messages(src),
        vec![
            "expected `;` after the declaration",
            "expected an expression, found `;`",
            "expected `)` after the condition of `if`",
            "expected `;` after the expression, found number `5`",
        ]
    );
}

#[test]
fn unclosed_block_and_stray_tokens() {
    assert_eq!(
        messages("int main() {\n  if (1) {\n    x = 1;\n"),
        vec!["this `{` is never closed"]
    );
    assert_eq!(
        messages("int main() { return 0; } }\nmain() { }"),
        vec![
            "unexpected `}` outside of any function",
            "expected a result type before the function `main`",
        ]
    );
    assert_eq!(
        messages(
            "int main() { else x; float y; a->b; (f)(1); sizeof(x);\n switch (x) { case 1: break; }\n goto end; \
             long double z; setjmp(b); int (**fp)(int); }\nstruct s { int bits : 3; };\nunsigned float u;"
        ),
        vec![
            "`else` without a matching `if`",
            "`long double` is not supported by Rankscope's C",
            "`setjmp` is not supported by Rankscope's C",
            "pointers to function pointers are not supported by Rankscope's C",
            "bit-fields are not supported by Rankscope's C",
            "`float` cannot be `signed`, `unsigned`, `short` or `long`",
        ]
    );
}

/// `_Complex` after a type (`double _Complex z;`, `sizeof(float _Complex)`) says plainly that
/// it is not supported, rather than a parse error at the word.
#[test]
fn complex_types_are_refused_plainly() {
    assert_eq!(
        messages("int main() { double _Complex z; int n = sizeof(float _Complex); return 0; }"),
        vec![
            "`_Complex` is not supported by Rankscope's C",
            "`_Complex` is not supported by Rankscope's C",
        ]
    );
}

#[test]
fn array_size_errors() {
    assert_eq!(
        messages("int n; int a[n], b[0], c[], d[2][], e[1][2][3], f[1][1][1][1][1][1][1][1][1];"),
        vec![
            "the size of the global array `a` must be a constant",
            "the size of array `b` must be positive, not 0",
            "the array `c` needs a size",
            "only the first dimension of an array may be left out",
            "arrays have at most 8 dimensions",
        ]
    );
}

fn deep(open: &str, close: &str, n: usize) -> String {
    format!(
        "int main() {{ x = {}1{}; }}",
        open.repeat(n),
        close.repeat(n)
    )
}

#[test]
fn deep_nesting_is_a_diagnostic_not_a_crash() {
    for src in [
        deep("(", ")", 20_000),
        deep("-", "", 20_000),
        deep("a[", "]", 10_000),
        format!("int main() {}{}", "{".repeat(20_000), "}".repeat(20_000)),
        format!("int main() {{ x = 1{}; }}", " + 1".repeat(20_000)),
        format!("int main() {{ x = a{}; }}", "[0]".repeat(20_000)),
        format!("int main() {{ x = {}1; }}", "y = ".repeat(20_000)),
        format!("int a[] = {}1{};", "{".repeat(20_000), "}".repeat(20_000)),
        format!("int main() {{ {} }}", "if (1) ".repeat(20_000)),
    ] {
        let msgs = messages(&src);
        assert_eq!(
            msgs,
            vec!["the program is nested too deeply here"],
            "{}",
            &src[..40]
        );
    }
    // Just under the limits parses.
    assert!(messages(&deep("(", ")", 100)).is_empty());
    assert!(messages(&format!("int main() {{ x = 1{}; }}", " + 1".repeat(100))).is_empty());
}

#[test]
fn lexical_error_count_is_capped_too() {
    let msgs = messages(&"@ x ".repeat(150));
    assert_eq!(msgs.len(), MAX_ERRORS + 1);
    assert_eq!(
        msgs.last().map(String::as_str),
        Some("too many errors; stopping here")
    );
}

#[test]
fn error_count_is_capped() {
    let src = format!("int main() {{ {} }}", "x = ;\n".repeat(500));
    let msgs = messages(&src);
    assert_eq!(msgs.len(), MAX_ERRORS + 1);
    assert_eq!(
        msgs.last().map(String::as_str),
        Some("too many errors; stopping here")
    );
}
