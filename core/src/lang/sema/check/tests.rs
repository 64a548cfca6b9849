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

/// MPICH's handles are `int`s (`typedef int MPI_Datatype;` in its `mpi.h`), and programs
/// written for it store them in `int`s, keep `int` arrays of datatypes, pass those to calls
/// and to their own functions: all of that compiles, as with mpicc. The value is checked at
/// the call, at run time. A handle of another kind where one is expected stays an error.
#[test]
fn an_int_holds_an_mpi_handle_as_with_mpich() {
    let src = "void show(int t) { printf(\"%d\\n\", t); }\n\
               void many(MPI_Datatype *ts, int n) { (void) ts; (void) n; }\n\
               void ints(int *ts) { (void) ts; }\n\
               int main(void) {\n  int x = 0, types[2] = {MPI_INT, MPI_DOUBLE};\n  \
               int *heap = malloc(2 * sizeof(MPI_Datatype));\n  MPI_Datatype dt = types[0];\n  \
               MPI_Datatype dts[2];\n  int c = MPI_COMM_WORLD; long l = MPI_SUM; double f = MPI_INT;\n  \
               heap[0] = MPI_INT; show(MPI_CHAR); many(types, 2); many(heap, 2); ints(dts);\n  \
               if (types[1] == MPI_DOUBLE && dt != 0) x = 1;\n  \
               MPI_Send(&x, 1, types[0], 0, 0, c);\n  MPI_Type_size(heap[0], &x);\n  \
               MPI_Reduce(&x, &x, 1, dt, (int) l, 0, MPI_COMM_WORLD);\n  (void) f;\n  \
               MPI_Reduce(&x, &x, 1, MPI_INT, MPI_INT, 0, MPI_COMM_WORLD);\n  return 0;\n}\n";
    assert_eq!(
        errors(src),
        vec!["argument 5 (`op`) of `MPI_Reduce` must be a reduction operation such as `MPI_SUM`, not an MPI datatype"]
    );
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
            "argument 2 (`count`) of `MPI_Send` must be an integer, not an MPI datatype",
            "`MPI_Send` takes 6 arguments but 5 were given",
            "argument 7 (`status`) of `MPI_Recv` must be the address of an `MPI_Status` or `MPI_STATUS_IGNORE`, not an `MPI_Status`",
            "argument 2 (`rank`) of `MPI_Comm_rank` must be the address of an `int` (`&x` or an `int` array), not an `int`",
            "argument 2 (`rank`) of `MPI_Comm_rank` must be the address of an `int` (`&x` or an `int` array), not an address of type `double *`",
            "argument 1 (`request`) of `MPI_Wait` must be the address of an `MPI_Request` (`&req` or an array of requests), not an `MPI_Request`",
            "argument 5 (`op`) of `MPI_Reduce` must be a reduction operation such as `MPI_SUM`, not an MPI datatype",
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

/// The one error of `src`, with the source text under its span and its note.
fn one_error(src: &str) -> (String, String, String) {
    let diags = front_end(src).err().unwrap_or_default();
    assert_eq!(diags.len(), 1, "{diags:?}");
    let d = &diags[0];
    (
        d.message.clone(),
        src[d.span.clone()].to_string(),
        d.notes.join(" | "),
    )
}

#[test]
fn a_variable_size_at_file_scope_is_refused_with_cs_fix() {
    let (message, at, note) =
        one_error("const int MAX = 100;\nint numbers[MAX];\nint main(void) { return 0; }\n");
    assert_eq!(
        message,
        "the size of the global array `numbers` must be a constant"
    );
    assert_eq!(at, "MAX");
    assert!(
        note.contains("#define MAX") && note.contains("enum"),
        "{note}"
    );
    // Inside a function the same declaration is a variable-length array.
    let local =
        "int main(void) { const int MAX = 100; int numbers[MAX]; numbers[0] = 1; return 0; }";
    assert_eq!(errors(local), Vec::<String>::new());
}

#[test]
fn variable_length_array_mistakes_are_reported_at_their_size() {
    let (message, at, _) =
        one_error("int main(void) { double d = 2.5; int a[d]; a[0] = 1; return 0; }");
    assert_eq!(
        message,
        "the size of array `a` must be an integer, not a `double`"
    );
    assert_eq!(at, "d");
    let (message, at, _) =
        one_error("int main(void) { int n = 3; int a[n] = { 1, 2, 3 }; return 0; }");
    assert_eq!(
        message,
        "the variable-length array `a` cannot have an initial value"
    );
    assert_eq!(at, "n");
}

#[test]
fn va_arg_of_a_promoted_type_names_the_type_that_arrives() {
    let f = |ty: &str| {
        format!(
            "#include <stdarg.h>\nint f(int n, ...) {{ va_list ap; va_start(ap, n); \
             int x = va_arg(ap, {ty}); va_end(ap); return x; }}\nint main(void) {{ return f(1, 2); }}\n"
        )
    };
    let (message, at, note) = one_error(&f("float"));
    assert_eq!(
        message,
        "`va_arg` cannot read a `float`: such an argument arrives as a `double`"
    );
    assert_eq!(at, "float");
    assert!(note.contains("promoted"), "{note}");
    let (message, at, _) = one_error(&f("char"));
    assert_eq!(
        message,
        "`va_arg` cannot read a `char`: such an argument arrives as an `int`"
    );
    assert_eq!(at, "char");
    assert_eq!(errors(&f("int")), Vec::<String>::new());
    assert_eq!(errors(&f("long")), Vec::<String>::new());
}

#[test]
fn va_start_belongs_in_a_variadic_function_with_its_last_parameter() {
    let (message, at, note) = one_error(
        "#include <stdarg.h>\nint f(int n) { va_list ap; va_start(ap, n); va_end(ap); return n; }\n\
         int main(void) { return f(1); }\n",
    );
    assert_eq!(
        message,
        "`va_start` is used in `f`, which does not take `...`"
    );
    assert!(at.starts_with("va_start"), "{at}");
    assert!(note.contains("int f(int n, ...)"), "{note}");
    let (message, at, _) = one_error(
        "#include <stdarg.h>\nint f(int n, int m, ...) { va_list ap; va_start(ap, n); va_end(ap); return n; }\n\
         int main(void) { return f(1, 2); }\n",
    );
    assert_eq!(
        message,
        "the second argument of `va_start` must be `m`, the last parameter before `...`"
    );
    assert_eq!(at, "n");
    let (message, at, _) = one_error("int f(...) { return 0; }\nint main(void) { return f(); }\n");
    assert_eq!(message, "`f` needs a named parameter before `...`");
    assert_eq!(at, "...");
}

#[test]
fn a_struct_through_dots_is_refused_and_numbers_and_addresses_pass() {
    let src = "struct p { int x; };\nint f(int n, ...) { return n; }\n\
               int main(void) { struct p s; double d = 1; return f(1, s, d, &d, 'c', 2L); }\n";
    let (message, at, note) = one_error(src);
    assert_eq!(
        message,
        "a `struct p` cannot be passed through `...` to `f`"
    );
    assert_eq!(at, "s");
    assert!(note.contains("address"), "{note}");
}
