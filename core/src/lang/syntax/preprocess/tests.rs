use super::*;
use crate::lang::syntax::token::base_type_name;

/// The tokens of `src` after preprocessing, spelled out and joined by spaces.
fn spelled(src: &str) -> String {
    let (toks, diags) = run(src, "t.c");
    assert!(diags.is_empty(), "{src}: {diags:?}");
    toks.iter()
        .filter_map(|t| spell(&t.kind))
        .collect::<Vec<_>>()
        .join(" ")
}

fn spell(kind: &TokenKind) -> Option<String> {
    Some(match kind {
        TokenKind::Int(v) => v.to_string(),
        TokenKind::Float(v) => format!("{v:?}"),
        TokenKind::Char(c) => format!("'{}'", char::from(*c).escape_default()),
        TokenKind::Str(s) => format!("{s:?}"),
        TokenKind::Ident(n) => n.clone(),
        TokenKind::Type(b) => base_type_name(*b).to_string(),
        TokenKind::Punct(p) => p.text().to_string(),
        TokenKind::Eof => return None,
        other => other
            .describe()
            .trim_start_matches("keyword ")
            .trim_matches('`')
            .to_string(),
    })
}

fn errors(src: &str) -> Vec<String> {
    run(src, "t.c").1.into_iter().map(|d| d.message).collect()
}

fn rendered(src: &str) -> String {
    run(src, "t.c")
        .1
        .iter()
        .map(|d| d.render("t.c", src))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn function_like_macros_with_nested_arguments() {
    assert_eq!(
        spelled("#define MAX(a, b) ((a) > (b) ? (a) : (b))\nMAX(f(1, 2), x[3])"),
        "( ( f ( 1 , 2 ) ) > ( x [ 3 ] ) ? ( f ( 1 , 2 ) ) : ( x [ 3 ] ) )"
    );
    assert_eq!(
        spelled("#define F() 7\n#define G(x) [x]\nF() G() G( )"),
        "7 [ ] [ ]"
    );
    // A function-like macro's name without `(` is just a name.
    assert_eq!(spelled("#define F(x) x\nint F; F\n(1)"), "int F ; 1");
    // Arguments may span lines; `(`…`)` nest.
    assert_eq!(spelled("#define ID(x) x\nID((a,\nb))"), "( a , b )");
}

#[test]
fn the_c99_standard_examples_expand_as_it_says() {
    // C99 6.10.3.5 example 3.
    let src = "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n\
               #define z z[0]\n#define h g(~\n#define m(a) a(w)\n#define w 0,1\n\
               #define t(a) a\n#define p() int\n#define q(x) x\n#define r(x,y) x ## y\n\
               #define str(x) # x\n\
               f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\n\
               g(x+(3,4)-w) | h 5) & m\n(f)^m(m);\n\
               p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n\
               char c[2][6] = { str(hello), str() };\n";
    let want = "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);\n\
                f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);\n\
                int i[] = { 1, 23, 4, 5, };\n\
                char c[2][6] = { \"hello\", \"\" };\n";
    assert_eq!(spelled(src), spelled(want));
    // Example 4: `#` and `##`.
    let src = "#define str(s) # s\n#define xstr(s) str(s)\n\
               #define debug(s, t) printf(\"x\" # s \"= %d, x\" # t \"= %s\", \\\n x ## s, x ## t)\n\
               #define INCFILE(n) vers ## n\n#define glue(a, b) a ## b\n\
               #define xglue(a, b) glue(a, b)\n#define HIGHLOW \"hello\"\n\
               #define LOW LOW \", world\"\n\
               debug(1, 2);\n\
               fputs(str(strncmp(\"abc\\0d\", \"abc\", '\\4') // this goes away\n== 0), s);\n\
               xstr(INCFILE(2).h)\nglue(HIGH, LOW);\nxglue(HIGH, LOW)\n";
    let want = "printf(\"x\" \"1\" \"= %d, x\" \"2\" \"= %s\", x1, x2);\n\
                fputs(\"strncmp(\\\"abc\\\\0d\\\", \\\"abc\\\", '\\\\4') == 0\", s);\n\
                \"vers2.h\"\n\"hello\";\n\"hello\" \", world\"\n";
    assert_eq!(spelled(src), spelled(want));
}

#[test]
fn no_macro_expands_inside_itself() {
    assert_eq!(
        spelled("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)"),
        "2 * 9 * g"
    );
    assert_eq!(spelled("#define foo foo a\nfoo"), "foo a");
    assert_eq!(spelled("#define A B\n#define B A\nA B"), "A B");
    assert_eq!(spelled("#define f(x) x f\nf(1)(2)"), "1 f ( 2 )");
}

#[test]
fn variadic_macros_and_pasting() {
    let src = "#define LOG(fmt, ...) printf(fmt, __VA_ARGS__)\n\
               #define ALL(...) f(__VA_ARGS__)\n\
               LOG(\"%d %d\", a, (b, c)); ALL(); ALL(1, 2)";
    assert_eq!(
        spelled(src),
        "printf ( \"%d %d\" , a , ( b , c ) ) ; f ( ) ; f ( 1 , 2 )"
    );
    let src = "#include <stdint.h>\n#define CAT(a, b) a ## b\n#define N 1\n\
               INT64_C(5) CAT(x, N) CAT(N, 0) CAT(+, =) CAT(, y) CAT(un, signed)";
    let (toks, diags) = run(src, "t.c");
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(toks[0].kind, TokenKind::Int(5));
    assert_eq!(toks[0].literal.longs, 1);
    assert_eq!(spelled(src), "5 xN N0 += y unsigned");
    // A chain of `##` joins the pasted token again (MPICH's tests: `op##_test##post`); an empty
    // operand in the middle leaves the chain going.
    let src = "#define P3(a, b, c) a ## b ## c
#define T(op, post) op ## _test ## post(x)
               P3(a, b, 1) P3(x, , z) P3(, , w) T(sum, 1) T(max, )";
    assert_eq!(spelled(src), "ab1 xz w sum_test1 ( x ) max_test ( x )");
    // GNU C's `, ## __VA_ARGS__` (MPICH's tests use it): the comma goes with empty arguments.
    let src = "#define E(fmt, ...) f(fmt, ## __VA_ARGS__)\nE(\"a\") E(\"b\", 1, 2)";
    assert_eq!(spelled(src), "f ( \"a\" ) f ( \"b\" , 1 , 2 )");
}

#[test]
fn command_line_definitions() {
    let mut map = FileMap::single("t.c", "A B F(2) C");
    map.defines = vec!["A 1".into(), "B".into(), "F(x) (x+1)".into()];
    let (toks, diags) = run_unit(&map, 0);
    assert!(diags.is_empty(), "{diags:?}");
    let text: Vec<String> = toks.iter().map(|t| format!("{:?}", t.kind)).collect();
    assert_eq!(text.len(), 8, "{text:?}"); // 1, (, 2, +, 1, ), C, EOF
    assert_eq!(toks[0].kind, TokenKind::Int(1));
}

#[test]
fn conditional_groups() {
    let src = "#define A 2\n#if A > 1 && defined(A) && !defined B\nyes1\n#else\nno\n#endif\n\
               #ifdef B\nno\n#elif A == 2\nyes2\n#elif 1\nno\n#else\nno\n#endif\n\
               #ifndef B\nyes3\n#endif\n\
               #if 0\n#if 1\nno\n#else\nno\n#endif\n#elif UNKNOWN_NAME + 1\nyes4\n#endif\n\
               #if (-1 > 0u) && (0x7fffffffffffffff + 1 < 0) && (3 / 2 == 1) && (-7 % 3 == -1)\nyes5\n#endif\n\
               #if 0 && (1 / 0)\nno\n#elif 1 ? 2 : (1 / 0)\nyes6\n#endif\n\
               #if 'a' == 97 && (1 << 3) == 8 && (~0 == -1) && (5 - 7 < 0)\nyes7\n#endif\n\
               #if __STDC_VERSION__ >= 199901L && __STDC__\nyes8\n#endif";
    assert_eq!(spelled(src), "yes1 yes2 yes3 yes4 yes5 yes6 yes7 yes8");
    // Skipped groups are not C: their text is never an error.
    assert_eq!(
        spelled("#if 0\ndon't @ \"open\n#bogus directive\n#endif\nok"),
        "ok"
    );
    // A comment may hide a directive.
    assert_eq!(spelled("#if 0 /*\n#endif */\nno\n#endif\nok"), "ok");
}

#[test]
fn line_file_and_predefined_names() {
    assert_eq!(
        spelled("#define L __LINE__\nL\n__LINE__ __FILE__ __STDC_VERSION__"),
        "2 3 \"t.c\" 199901"
    );
    let (toks, _) = run("__STDC_VERSION__", "t.c");
    assert_eq!(toks[0].literal.longs, 1);
    assert_eq!(spelled("#ifdef NULL\nNULL\n#endif"), "NULL");
}

#[test]
fn headers_define_their_macros() {
    let src = "#include <stdlib.h>\n#include \"limits.h\"\n#include <math.h>\n\
               #include <mpi.h>\n#include <stdbool.h>\n#include <float.h>\n\
               RAND_MAX INT_MAX INT_MIN UINT_MAX LONG_MIN M_PI MPI_MAX_PROCESSOR_NAME bool true DBL_EPSILON";
    assert_eq!(
        spelled(src),
        "2147483647 2147483647 ( - 2147483647 - 1 ) 4294967295 ( - 9223372036854775807 - 1 ) \
         3.141592653589793 128 _Bool 1 2.220446049250313e-16"
    );
    // Not without the include.
    assert_eq!(spelled("INT_MAX"), "INT_MAX");
    assert_eq!(
        spelled("#define NDEBUG\n#include <assert.h>\nassert(x)"),
        "( ( void ) 0 )"
    );
    assert_eq!(
        spelled("#include <inttypes.h>\nPRId64 PRIu32"),
        "\"ld\" \"u\""
    );
}

#[test]
fn expanded_tokens_point_at_the_use() {
    let src = "#define SQ(x) ((x) * (x))\nint y = SQ(a + 1);";
    let (toks, _) = run(src, "t.c");
    let use_at = src.rfind("SQ").unwrap();
    let call = use_at..src.rfind(')').unwrap() + 1;
    assert_eq!(&src[call.clone()], "SQ(a + 1)");
    // `(` from the body: the whole use; `a` from the argument: its own span.
    assert_eq!(toks[3].span, call);
    let a = src.rfind('a').unwrap();
    assert_eq!(toks[5].span, a..a + 1);
    for t in &toks {
        assert!(t.span.start <= t.span.end && t.span.end <= src.len());
    }
}

#[test]
fn expansion_is_bounded() {
    let mut src = String::from("#define F0(x) x x\n");
    for i in 1..40 {
        src.push_str(&format!("#define F{i}(x) F{}(F{}(x))\n", i - 1, i - 1));
    }
    src.push_str("F39(1)\n");
    let errs = errors(&src);
    assert!(
        errs == ["macro expansion produces too much code"]
            || errs == ["macros are nested too deeply"],
        "{errs:?}"
    );
    let mut src = String::from("#define P0(x) x ## x\n");
    for i in 1..40 {
        src.push_str(&format!("#define P{i}(x) P{}(P{}(x))\n", i - 1, i - 1));
    }
    src.push_str("P39(a)\n");
    assert!(!errors(&src).is_empty());
    let deep = format!("#define I(x) x\n{}1{}", "I(".repeat(500), ")".repeat(500));
    assert_eq!(errors(&deep), vec!["macros are nested too deeply"]);
    let deep = format!("#if {}1{}\n#endif", "(".repeat(5000), ")".repeat(5000));
    assert_eq!(
        errors(&deep),
        vec!["this `#if` expression is nested too deeply"]
    );
}

#[test]
fn preprocessor_errors_read_as_plain_english() {
    let src = "#include \"util.h\"\n#include <pthread.h>\n#include stdio.h\n\
               #define SQ(x) ((x) * (x))\n#define STR(x) #y\n#define CAT(a) ## a\n\
               #define BAD(a, a) a\n#define (x)\n\
               int a = SQ(1, 2) + SQ;\n#if 1 +\n#endif\n#if 1 / 0\n#endif\n#if 1.5\n#endif\n\
               #else\n#endif\n#bogus\n#line 7\n#ifdef\n#endif\n\
               #if 1\n#else\n#elif 1\n#endif\n#error \"stop here\"\n\
               #define P(a, b) a ## b\nP(+, -)\n#ifndef X\nint b = SQ(2\n";
    insta::assert_snapshot!(rendered(src));
}
