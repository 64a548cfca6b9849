//! The built-in functions and constants of the language — `printf`, the MPI calls, the modelled
//! time calls (`compute`, `flops`, `yield`, `usleep`, `nanosleep`), a few math helpers, and the
//! MPI constants — with their parameter kinds and result types. The checker validates calls
//! against this table; the compiler uses it to evaluate arguments (a value or an address) and
//! to pick constant values.

use crate::lang::syntax::ast::BaseType;
use crate::libs::handles::HandleKind;
use crate::libs::mpi::attrs as a;
use crate::libs::mpi::constants as k;
use crate::libs::mpi::type_consts as tc;
use crate::libs::table as mpi_functions;

/// What a built-in accepts in one argument position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// An arithmetic value converted to `int` (counts, ranks, tags).
    Int,
    /// An arithmetic value converted to `double` (`compute`'s microseconds).
    Double,
    /// A value of a library's handle type (`MPI_Comm`, `MPI_Datatype`, `MPI_Op`, `MPI_Win`,
    /// `MPI_Info`, `MPI_Group`; described in [`crate::libs::handles::HANDLES`]).
    Handle(HandleKind),
    /// A data address: `&x`, `&a[i]`, an array, or a pointer; `NULL` is accepted (for an empty
    /// message or a non-root's receive buffer).
    Buffer,
    /// The address of a value of this base type (`&rank`, an `int` array, `&req`, `reqs`), never
    /// `NULL`.
    Ptr(BaseType),
    /// The address of one `MPI_Status`, or `MPI_STATUS_IGNORE` (or `NULL`).
    StatusOut,
    /// The address of an array of `MPI_Status`, or `MPI_STATUSES_IGNORE` (or `NULL`).
    StatusesOut,
    /// `&argc` or `NULL` (`MPI_Init`).
    ArgcPtr,
    /// `&argv` or `NULL` (`MPI_Init`).
    ArgvPtr,
    /// The address of a pointer variable that receives an allocated block (`&buf`,
    /// `MPI_Win_allocate`), never `NULL`.
    BaseOut,
    /// A string literal holding a `printf` format.
    Format,
    /// A function of the program, by name (`MPI_Op_create`'s
    /// `void f(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype)`).
    Function,
    /// An arithmetic value passed whole as a 64-bit integer of the named C type (ACP's
    /// `acp_ga_t`, `acp_handle_t`, `size_t`, `uint64_t`).
    Word(&'static str),
    /// A parameter of an MPI function Rankscope declares but does not run (its C type as
    /// MPICH's `mpi.h` writes it): any value is taken, since the call stops the rank.
    Unchecked(&'static str),
}

impl ParamKind {
    /// What the argument must be, for messages ("a buffer address (`&x` or an array)").
    pub fn describe(self) -> &'static str {
        match self {
            ParamKind::Int => "an integer",
            ParamKind::Double => "a number",
            ParamKind::Handle(kind) => kind.get().param.unwrap_or("a handle"),
            ParamKind::Buffer => "a buffer address (`&x` or an array)",
            ParamKind::Ptr(BaseType::Int) => "the address of an `int` (`&x` or an `int` array)",
            ParamKind::Ptr(BaseType::Handle(HandleKind::REQUEST)) => {
                "the address of an `MPI_Request` (`&req` or an array of requests)"
            }
            ParamKind::Ptr(BaseType::Handle(HandleKind::STATUS)) => {
                "the address of an `MPI_Status` (`&status`)"
            }
            ParamKind::Ptr(BaseType::Handle(HandleKind::WIN)) => {
                "the address of an `MPI_Win` (`&win`)"
            }
            ParamKind::Ptr(_) => "an address",
            ParamKind::StatusOut => "the address of an `MPI_Status` or `MPI_STATUS_IGNORE`",
            ParamKind::StatusesOut => "an array of `MPI_Status` or `MPI_STATUSES_IGNORE`",
            ParamKind::ArgcPtr => "`&argc` or `NULL`",
            ParamKind::ArgvPtr => "`&argv` or `NULL`",
            ParamKind::BaseOut => "the address of a pointer variable (`&buf`)",
            ParamKind::Format => "a format string literal",
            ParamKind::Function => "a function of the program (its name)",
            ParamKind::Word(_) => "an integer",
            ParamKind::Unchecked(c) => c,
        }
    }

    /// How C declares a parameter of this kind, as the MPI standard writes it (`MPI_Comm`,
    /// `void *`, `MPI_Request *`).
    pub fn c_type(self) -> String {
        let text = match self {
            ParamKind::Int => "int",
            ParamKind::Double => "double",
            ParamKind::Handle(kind) => kind.c_name(),
            ParamKind::Buffer | ParamKind::BaseOut => "void *",
            ParamKind::Ptr(base) => {
                return format!("{} *", crate::lang::syntax::token::base_type_name(base))
            }
            ParamKind::StatusOut | ParamKind::StatusesOut => "MPI_Status *",
            ParamKind::ArgcPtr => "int *",
            ParamKind::ArgvPtr => "char ***",
            ParamKind::Format => "const char *",
            ParamKind::Function => "MPI_User_function *",
            ParamKind::Word(name) | ParamKind::Unchecked(name) => name,
        };
        text.to_string()
    }

    /// Whether the argument is passed as an address (the compiler evaluates an address, not a
    /// value).
    pub fn is_address(self) -> bool {
        matches!(
            self,
            ParamKind::Buffer
                | ParamKind::Ptr(_)
                | ParamKind::StatusOut
                | ParamKind::StatusesOut
                | ParamKind::ArgcPtr
                | ParamKind::ArgvPtr
                | ParamKind::BaseOut
        )
    }
}

/// One parameter of a built-in function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name, as in the MPI standard (`buf`, `count`, `datatype`, …).
    pub name: &'static str,
    /// What it accepts.
    pub kind: ParamKind,
}

/// A built-in function.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Builtin {
    /// Its name.
    pub name: &'static str,
    /// Its fixed parameters.
    pub params: &'static [Param],
    /// Whether more arguments of any kind may follow (`printf`).
    pub variadic: bool,
    /// Its result type: `Int` for MPI calls (an error code, `MPI_SUCCESS`), `Double` for
    /// `MPI_Wtime`, `sqrt` and `fabs`, `Void` for `compute`, `flops` and `yield`; with
    /// [`Builtin::result_pointers`] levels of pointer (`void *acp_query_address`).
    pub result: BaseType,
    /// Pointer levels of the result (0 but for `acp_query_address`'s `void *`).
    pub result_pointers: u8,
    /// The result's C type as the library's header spells it (`acp_ga_t`), or `""` to spell
    /// [`Builtin::result`].
    pub result_c: &'static str,
    /// How Rankscope models it, in one line (the reference page and `rankscope reference`
    /// show it).
    pub note: &'static str,
}

impl Builtin {
    /// `MPI_Send(buf, count, datatype, dest, tag, comm)`: the signature for messages.
    pub fn signature(&self) -> String {
        let mut names: Vec<&str> = self.params.iter().map(|p| p.name).collect();
        if self.variadic {
            names.push("…");
        }
        format!("{}({})", self.name, names.join(", "))
    }
}

impl Param {
    /// Its C declaration: `int count`, `void *buf`.
    pub fn c_decl(&self) -> String {
        let ty = self.kind.c_type();
        let sep = if ty.ends_with('*') { "" } else { " " };
        format!("{ty}{sep}{}", self.name)
    }
}

impl Builtin {
    /// Its C prototype: `int MPI_Send(void *buf, int count, …, MPI_Comm comm)`.
    pub fn c_signature(&self) -> String {
        let mut params: Vec<String> = self.params.iter().map(Param::c_decl).collect();
        if self.variadic {
            params.push("...".into());
        }
        if params.is_empty() {
            params.push("void".into());
        }
        let result = match self.result_c {
            "" => format!(
                "{}{}",
                crate::lang::syntax::token::base_type_name(self.result),
                " *".repeat(usize::from(self.result_pointers))
            ),
            named => named.to_string(),
        };
        let gap = if result.ends_with('*') { "" } else { " " };
        format!("{result}{gap}{}({})", self.name, params.join(", "))
    }

    /// The result's type.
    pub fn result_type(&self) -> crate::lang::syntax::ast::Type {
        crate::lang::syntax::ast::Type {
            base: self.result,
            pointers: self.result_pointers,
            dims: Vec::new(),
        }
    }
}

/// A parameter.
pub const fn p(name: &'static str, kind: ParamKind) -> Param {
    Param { name, kind }
}

use ParamKind as K;

const fn other(
    name: &'static str,
    params: &'static [Param],
    result: BaseType,
    note: &'static str,
) -> Builtin {
    Builtin {
        name,
        params,
        variadic: false,
        result,
        result_pointers: 0,
        result_c: "",
        note,
    }
}

/// `printf`.
pub(crate) const PRINTF: Builtin = Builtin {
    name: "printf",
    params: &[p("format", K::Format)],
    variadic: true,
    result: BaseType::Int,
    result_pointers: 0,
    result_c: "",
    note: "glibc's format syntax, checked against the arguments when compiling; the line shows on \
           the rank's console at its simulated time.",
};

/// A leading parameter of one of `printf`'s relatives: how C declares it and what the checker
/// asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lead {
    /// Its C declaration (`FILE *stream`).
    pub decl: &'static str,
    /// What the argument must be, for messages.
    pub what: &'static str,
}

/// One of `printf`'s relatives: leading arguments, then a format and its arguments as
/// `printf`'s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PrintfRelative {
    /// Its name.
    pub name: &'static str,
    /// The parameters before the format.
    pub lead: &'static [Lead],
    /// How Rankscope models it, in one line.
    pub note: &'static str,
}

const fn lead(decl: &'static str, what: &'static str) -> Lead {
    Lead { decl, what }
}

/// `fprintf`, `sprintf` and `snprintf`, which the checker and the compiler take as `printf`
/// after their leading arguments.
pub const PRINTF_RELATIVES: &[PrintfRelative] = &[
    PrintfRelative {
        name: "fprintf",
        lead: &[lead("FILE *stream", "a stream (`stdout` or `stderr`)")],
        note: "`stdout` goes to the rank's console, as `printf`; `stderr` to the rank's error stream, marked apart on the console (the CLI prints it on its standard error).",
    },
    PrintfRelative {
        name: "sprintf",
        lead: &[lead("char *str", "a `char` buffer")],
        note: "`printf`'s formatting into a `char` buffer of the rank's memory.",
    },
    PrintfRelative {
        name: "snprintf",
        lead: &[
            lead("char *str", "a `char` buffer"),
            lead("size_t size", "its size"),
        ],
        note: "`printf`'s formatting into at most `size` bytes of a `char` buffer, as glibc.",
    },
];

/// The built-ins that are not MPI functions (the MPI functions are `libs::mpi::functions`).
pub(crate) const OTHERS: &[Builtin] = &[
    other(
        "compute",
        &[p("microseconds", K::Double)],
        BaseType::Void,
        "Busy for that long: an explicit model of the code before it, whose owed time it \
         forgives.",
    ),
    other(
        "flops",
        &[p("count", K::Double)],
        BaseType::Void,
        "Busy for the machine's time for that many floating-point operations (its `[cpu]` \
         rate); forgives the code before it, as `compute`.",
    ),
    other(
        "yield",
        &[],
        BaseType::Void,
        "Lets handlers run: an EM-X block boundary, costing the thread's re-invocation.",
    ),
    other(
        "usleep",
        &[p("microseconds", K::Int)],
        BaseType::Int,
        "Asleep for that many simulated microseconds.",
    ),
    other(
        "nanosleep",
        &[p("nanoseconds", K::Int)],
        BaseType::Int,
        "Rankscope's one-argument form: asleep for that many simulated nanoseconds.",
    ),
];

/// Every built-in function: `printf`, the MPI functions (their signatures are the entries of
/// `libs::mpi::functions`), then the others.
#[derive(Copy, Clone, Debug)]
pub struct Builtins;

/// Every built-in function, in a fixed order (`BUILTINS.iter()`).
pub const BUILTINS: Builtins = Builtins;

impl Builtins {
    /// Every built-in function, in a fixed order.
    pub fn iter(self) -> impl Iterator<Item = &'static Builtin> {
        std::iter::once(&PRINTF)
            .chain(mpi_functions::all().map(|f| &f.sig))
            .chain(OTHERS.iter())
    }
}

/// The built-in function called `name`.
pub fn builtin(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// What a built-in constant is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConstKind {
    /// An `int` (`MPI_ANY_SOURCE`, `MPI_ANY_TAG`, `MPI_SUCCESS`, `MPI_UNDEFINED`,
    /// `MPI_TAG_UB`).
    Int,
    /// A value of an MPI handle type (`MPI_COMM_WORLD`, `MPI_INT`, `MPI_SUM`,
    /// `MPI_REQUEST_NULL`).
    Handle(BaseType),
    /// The null pointer `NULL`.
    Null,
    /// `MPI_STATUS_IGNORE`: a null `MPI_Status *`.
    StatusIgnore,
    /// `MPI_STATUSES_IGNORE`: a null `MPI_Status *` for arrays of statuses.
    StatusesIgnore,
    /// `MPI_IN_PLACE`: a `void *` that only collectives' buffer arguments accept.
    InPlace,
}

/// A built-in constant: its kind for the checker, its value for the compiler.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Constant {
    /// Its name.
    pub name: &'static str,
    /// What it is.
    pub kind: ConstKind,
    /// Its value (handles are `libs::mpi::constants`' numbers).
    pub value: i64,
}

const fn c(name: &'static str, kind: ConstKind, value: i32) -> Constant {
    Constant {
        name,
        kind,
        value: value as i64,
    }
}

const fn int(name: &'static str, value: i32) -> Constant {
    c(name, ConstKind::Int, value)
}

const fn datatype(name: &'static str, value: i32) -> Constant {
    c(
        name,
        ConstKind::Handle(BaseType::Handle(HandleKind::DATATYPE)),
        value,
    )
}

const fn op(name: &'static str, value: i32) -> Constant {
    c(
        name,
        ConstKind::Handle(BaseType::Handle(HandleKind::OP)),
        value,
    )
}

const fn errhandler(name: &'static str, value: i32) -> Constant {
    c(
        name,
        ConstKind::Handle(BaseType::Handle(HandleKind::ERRHANDLER)),
        value,
    )
}

/// Every built-in constant, in a fixed order. Adding one is one line here (and a named `pub
/// const` in `libs::mpi::constants` if the library needs its value).
pub const CONSTANTS: &[Constant] = &[
    c(
        "MPI_COMM_WORLD",
        ConstKind::Handle(BaseType::Handle(HandleKind::COMM)),
        k::MPI_COMM_WORLD,
    ),
    c(
        "MPI_COMM_SELF",
        ConstKind::Handle(BaseType::Handle(HandleKind::COMM)),
        k::MPI_COMM_SELF,
    ),
    c(
        "MPI_COMM_NULL",
        ConstKind::Handle(BaseType::Handle(HandleKind::COMM)),
        k::MPI_COMM_NULL,
    ),
    c(
        "MPI_GROUP_EMPTY",
        ConstKind::Handle(BaseType::Handle(HandleKind::GROUP)),
        k::MPI_GROUP_EMPTY,
    ),
    c(
        "MPI_GROUP_NULL",
        ConstKind::Handle(BaseType::Handle(HandleKind::GROUP)),
        k::MPI_GROUP_NULL,
    ),
    int("MPI_IDENT", k::MPI_IDENT),
    int("MPI_THREAD_SINGLE", k::MPI_THREAD_SINGLE),
    int("MPI_THREAD_FUNNELED", k::MPI_THREAD_FUNNELED),
    int("MPI_THREAD_SERIALIZED", k::MPI_THREAD_SERIALIZED),
    int("MPI_THREAD_MULTIPLE", k::MPI_THREAD_MULTIPLE),
    int("MPI_CONGRUENT", k::MPI_CONGRUENT),
    int("MPI_SIMILAR", k::MPI_SIMILAR),
    int("MPI_UNEQUAL", k::MPI_UNEQUAL),
    int("MPI_GRAPH", k::MPI_GRAPH),
    int("MPI_CART", k::MPI_CART),
    int("MPI_DIST_GRAPH", k::MPI_DIST_GRAPH),
    datatype("MPI_CHAR", k::MPI_CHAR),
    datatype("MPI_INT", k::MPI_INT),
    datatype("MPI_DOUBLE", k::MPI_DOUBLE),
    datatype("MPI_BYTE", k::MPI_BYTE),
    datatype("MPI_SIGNED_CHAR", k::MPI_SIGNED_CHAR),
    datatype("MPI_UNSIGNED_CHAR", k::MPI_UNSIGNED_CHAR),
    datatype("MPI_SHORT", k::MPI_SHORT),
    datatype("MPI_UNSIGNED_SHORT", k::MPI_UNSIGNED_SHORT),
    datatype("MPI_UNSIGNED", k::MPI_UNSIGNED),
    datatype("MPI_LONG", k::MPI_LONG),
    datatype("MPI_UNSIGNED_LONG", k::MPI_UNSIGNED_LONG),
    datatype("MPI_LONG_LONG", k::MPI_LONG_LONG),
    datatype("MPI_LONG_LONG_INT", k::MPI_LONG_LONG),
    datatype("MPI_UNSIGNED_LONG_LONG", k::MPI_UNSIGNED_LONG_LONG),
    datatype("MPI_FLOAT", k::MPI_FLOAT),
    datatype("MPI_LONG_DOUBLE", k::MPI_LONG_DOUBLE),
    datatype("MPI_C_BOOL", k::MPI_C_BOOL),
    datatype("MPI_INT8_T", k::MPI_INT8_T),
    datatype("MPI_INT16_T", k::MPI_INT16_T),
    datatype("MPI_INT32_T", k::MPI_INT32_T),
    datatype("MPI_INT64_T", k::MPI_INT64_T),
    datatype("MPI_UINT8_T", k::MPI_UINT8_T),
    datatype("MPI_UINT16_T", k::MPI_UINT16_T),
    datatype("MPI_UINT32_T", k::MPI_UINT32_T),
    datatype("MPI_UINT64_T", k::MPI_UINT64_T),
    datatype("MPI_AINT", k::MPI_AINT),
    datatype("MPI_OFFSET", k::MPI_OFFSET),
    datatype("MPI_COUNT", k::MPI_COUNT),
    datatype("MPI_FLOAT_INT", k::MPI_FLOAT_INT),
    datatype("MPI_DOUBLE_INT", k::MPI_DOUBLE_INT),
    datatype("MPI_LONG_INT", k::MPI_LONG_INT),
    datatype("MPI_SHORT_INT", k::MPI_SHORT_INT),
    datatype("MPI_2INT", k::MPI_2INT),
    datatype("MPI_LONG_DOUBLE_INT", k::MPI_LONG_DOUBLE_INT),
    datatype("MPI_PACKED", k::MPI_PACKED),
    datatype("MPI_LB", k::MPI_LB),
    datatype("MPI_UB", k::MPI_UB),
    datatype("MPI_WCHAR", k::MPI_WCHAR),
    datatype("MPI_CXX_BOOL", k::MPI_CXX_BOOL),
    datatype("MPI_C_FLOAT_COMPLEX", k::MPI_C_FLOAT_COMPLEX),
    datatype("MPI_C_COMPLEX", k::MPI_C_FLOAT_COMPLEX),
    datatype("MPI_C_DOUBLE_COMPLEX", k::MPI_C_DOUBLE_COMPLEX),
    datatype("MPI_C_LONG_DOUBLE_COMPLEX", k::MPI_C_LONG_DOUBLE_COMPLEX),
    datatype("MPI_CXX_FLOAT_COMPLEX", k::MPI_CXX_FLOAT_COMPLEX),
    datatype("MPI_CXX_DOUBLE_COMPLEX", k::MPI_CXX_DOUBLE_COMPLEX),
    datatype(
        "MPI_CXX_LONG_DOUBLE_COMPLEX",
        k::MPI_CXX_LONG_DOUBLE_COMPLEX,
    ),
    datatype("MPI_DATATYPE_NULL", k::MPI_DATATYPE_NULL),
    op("MPI_SUM", k::MPI_SUM),
    op("MPI_PROD", k::MPI_PROD),
    op("MPI_MAX", k::MPI_MAX),
    op("MPI_MIN", k::MPI_MIN),
    op("MPI_LAND", k::MPI_LAND),
    op("MPI_BAND", k::MPI_BAND),
    op("MPI_LOR", k::MPI_LOR),
    op("MPI_BOR", k::MPI_BOR),
    op("MPI_LXOR", k::MPI_LXOR),
    op("MPI_BXOR", k::MPI_BXOR),
    op("MPI_MINLOC", k::MPI_MINLOC),
    op("MPI_MAXLOC", k::MPI_MAXLOC),
    op("MPI_OP_NULL", k::MPI_OP_NULL),
    op("MPI_REPLACE", k::MPI_REPLACE),
    op("MPI_NO_OP", k::MPI_NO_OP),
    c(
        "MPI_WIN_NULL",
        ConstKind::Handle(BaseType::Handle(HandleKind::WIN)),
        k::MPI_WIN_NULL,
    ),
    c(
        "MPI_INFO_NULL",
        ConstKind::Handle(BaseType::Handle(HandleKind::INFO)),
        k::MPI_INFO_NULL,
    ),
    c(
        "MPI_INFO_ENV",
        ConstKind::Handle(BaseType::Handle(HandleKind::INFO)),
        k::MPI_INFO_ENV,
    ),
    errhandler("MPI_ERRHANDLER_NULL", k::MPI_ERRHANDLER_NULL),
    errhandler("MPI_ERRORS_ARE_FATAL", k::MPI_ERRORS_ARE_FATAL),
    errhandler("MPI_ERRORS_RETURN", k::MPI_ERRORS_RETURN),
    errhandler("MPI_ERRORS_ABORT", k::MPI_ERRORS_ABORT),
    int("MPI_LOCK_EXCLUSIVE", k::MPI_LOCK_EXCLUSIVE),
    int("MPI_LOCK_SHARED", k::MPI_LOCK_SHARED),
    int("MPI_MODE_NOCHECK", k::MPI_MODE_NOCHECK),
    int("MPI_MODE_NOSTORE", k::MPI_MODE_NOSTORE),
    int("MPI_MODE_NOPUT", k::MPI_MODE_NOPUT),
    int("MPI_MODE_NOPRECEDE", k::MPI_MODE_NOPRECEDE),
    int("MPI_MODE_NOSUCCEED", k::MPI_MODE_NOSUCCEED),
    int("MPI_ANY_SOURCE", k::MPI_ANY_SOURCE),
    int("MPI_ANY_TAG", k::MPI_ANY_TAG),
    int("MPI_SUCCESS", k::MPI_SUCCESS),
    int("MPI_UNDEFINED", k::MPI_UNDEFINED),
    int("MPI_TAG_UB", a::MPI_TAG_UB),
    int("MPI_HOST", a::MPI_HOST),
    int("MPI_IO", a::MPI_IO),
    int("MPI_WTIME_IS_GLOBAL", a::MPI_WTIME_IS_GLOBAL),
    int("MPI_UNIVERSE_SIZE", a::MPI_UNIVERSE_SIZE),
    int("MPI_LASTUSEDCODE", a::MPI_LASTUSEDCODE),
    int("MPI_APPNUM", a::MPI_APPNUM),
    int("MPI_KEYVAL_INVALID", a::MPI_KEYVAL_INVALID),
    int("MPI_WIN_BASE", a::MPI_WIN_BASE),
    int("MPI_WIN_SIZE", a::MPI_WIN_SIZE),
    int("MPI_WIN_DISP_UNIT", a::MPI_WIN_DISP_UNIT),
    int("MPI_WIN_CREATE_FLAVOR", a::MPI_WIN_CREATE_FLAVOR),
    int("MPI_WIN_MODEL", a::MPI_WIN_MODEL),
    int("MPI_WIN_FLAVOR_CREATE", a::MPI_WIN_FLAVOR_CREATE),
    int("MPI_WIN_FLAVOR_ALLOCATE", a::MPI_WIN_FLAVOR_ALLOCATE),
    int("MPI_WIN_FLAVOR_DYNAMIC", a::MPI_WIN_FLAVOR_DYNAMIC),
    int("MPI_WIN_FLAVOR_SHARED", a::MPI_WIN_FLAVOR_SHARED),
    int("MPI_WIN_SEPARATE", a::MPI_WIN_SEPARATE),
    int("MPI_WIN_UNIFIED", a::MPI_WIN_UNIFIED),
    int("MPI_COMBINER_NAMED", tc::MPI_COMBINER_NAMED),
    int("MPI_COMBINER_DUP", tc::MPI_COMBINER_DUP),
    int("MPI_COMBINER_CONTIGUOUS", tc::MPI_COMBINER_CONTIGUOUS),
    int("MPI_COMBINER_VECTOR", tc::MPI_COMBINER_VECTOR),
    int(
        "MPI_COMBINER_HVECTOR_INTEGER",
        tc::MPI_COMBINER_HVECTOR_INTEGER,
    ),
    int("MPI_COMBINER_HVECTOR", tc::MPI_COMBINER_HVECTOR),
    int("MPI_COMBINER_INDEXED", tc::MPI_COMBINER_INDEXED),
    int(
        "MPI_COMBINER_HINDEXED_INTEGER",
        tc::MPI_COMBINER_HINDEXED_INTEGER,
    ),
    int("MPI_COMBINER_HINDEXED", tc::MPI_COMBINER_HINDEXED),
    int("MPI_COMBINER_INDEXED_BLOCK", tc::MPI_COMBINER_INDEXED_BLOCK),
    int(
        "MPI_COMBINER_STRUCT_INTEGER",
        tc::MPI_COMBINER_STRUCT_INTEGER,
    ),
    int("MPI_COMBINER_STRUCT", tc::MPI_COMBINER_STRUCT),
    int("MPI_COMBINER_SUBARRAY", tc::MPI_COMBINER_SUBARRAY),
    int("MPI_COMBINER_DARRAY", tc::MPI_COMBINER_DARRAY),
    int("MPI_COMBINER_F90_REAL", tc::MPI_COMBINER_F90_REAL),
    int("MPI_COMBINER_F90_COMPLEX", tc::MPI_COMBINER_F90_COMPLEX),
    int("MPI_COMBINER_F90_INTEGER", tc::MPI_COMBINER_F90_INTEGER),
    int("MPI_COMBINER_RESIZED", tc::MPI_COMBINER_RESIZED),
    int(
        "MPI_COMBINER_HINDEXED_BLOCK",
        tc::MPI_COMBINER_HINDEXED_BLOCK,
    ),
    int("MPI_ORDER_C", tc::MPI_ORDER_C),
    int("MPI_ORDER_FORTRAN", tc::MPI_ORDER_FORTRAN),
    int("MPI_DISTRIBUTE_BLOCK", tc::MPI_DISTRIBUTE_BLOCK),
    int("MPI_DISTRIBUTE_CYCLIC", tc::MPI_DISTRIBUTE_CYCLIC),
    int("MPI_DISTRIBUTE_NONE", tc::MPI_DISTRIBUTE_NONE),
    int("MPI_DISTRIBUTE_DFLT_DARG", tc::MPI_DISTRIBUTE_DFLT_DARG),
    int("MPI_PROC_NULL", k::MPI_PROC_NULL),
    int("MPI_ROOT", k::MPI_ROOT),
    int("MPI_COMM_TYPE_SHARED", k::MPI_COMM_TYPE_SHARED),
    int("MPI_MAX_PROCESSOR_NAME", k::MPI_MAX_PROCESSOR_NAME),
    int("MPI_BSEND_OVERHEAD", k::MPI_BSEND_OVERHEAD),
    c(
        "MPI_STATUS_IGNORE",
        ConstKind::StatusIgnore,
        k::MPI_STATUS_IGNORE,
    ),
    c(
        "MPI_STATUSES_IGNORE",
        ConstKind::StatusesIgnore,
        k::MPI_STATUSES_IGNORE,
    ),
    c(
        "MPI_REQUEST_NULL",
        ConstKind::Handle(BaseType::Handle(HandleKind::REQUEST)),
        k::MPI_REQUEST_NULL,
    ),
    c("MPI_IN_PLACE", ConstKind::InPlace, k::MPI_IN_PLACE),
    c(
        "MPI_MESSAGE_NULL",
        ConstKind::Handle(BaseType::Handle(HandleKind::MESSAGE)),
        k::MPI_MESSAGE_NULL,
    ),
    c(
        "MPI_MESSAGE_NO_PROC",
        ConstKind::Handle(BaseType::Handle(HandleKind::MESSAGE)),
        k::MPI_MESSAGE_NO_PROC,
    ),
    c("NULL", ConstKind::Null, 0),
    // MPICH: `#define MPI_BOTTOM (void *)0` — buffers of types built from absolute addresses
    // (`MPI_Get_address`) start there.
    c("MPI_BOTTOM", ConstKind::Null, 0),
];

/// The built-in constant called `name`.
pub fn constant(name: &str) -> Option<&'static Constant> {
    CONSTANTS.iter().find(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        let all: Vec<&Builtin> = BUILTINS.iter().collect();
        for (i, b) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|o| o.name != b.name), "{}", b.name);
            assert_eq!(builtin(b.name), Some(*b));
            assert!(constant(b.name).is_none());
        }
        for (i, c) in CONSTANTS.iter().enumerate() {
            assert!(
                CONSTANTS[..i].iter().all(|o| o.name != c.name),
                "{}",
                c.name
            );
        }
        assert_eq!(builtin("MPI_Send").map(|b| b.params.len()), Some(6));
        assert_eq!(
            builtin("MPI_Recv").map(|b| b.signature()).as_deref(),
            Some("MPI_Recv(buf, count, datatype, source, tag, comm, status)")
        );
    }
}
