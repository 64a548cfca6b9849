//! The standard headers Rankscope's C knows: which `#include <…>` names are accepted, and the
//! object-like and function-like macros each defines, with the values of glibc and MPICH on
//! x86-64 Linux (LP64); and the types they define with `typedef` (`size_t`, `int64_t`,
//! `MPI_Aint`, …) and the structs they declare (`struct timeval`, `struct timespec`), which the
//! parser starts with. Functions and variables the headers declare (`printf`, `stdout`,
//! `MPI_COMM_WORLD`) are the compiler's built-ins, not macros.

use std::collections::BTreeMap;

use crate::lang::syntax::ast::{BaseType, FieldDecl, RecordDecl, Type};

/// One known header: its name as written between `<` and `>`, and its macros as `#define`
/// lines without the `#define` (`"RAND_MAX 2147483647"`, `"INT64_C(c) c ## L"`).
#[derive(Debug)]
pub struct Header {
    /// `stdio.h`, `sys/time.h`, …
    pub name: &'static str,
    /// Its macro definitions.
    pub defines: &'static [&'static str],
}

const NULL: &str = "NULL NULL";

/// Every known header. `inttypes.h` also gets the `PRI…` macros of [`inttypes_defines`].
pub const HEADERS: &[Header] = &[
    Header {
        name: "stdio.h",
        defines: &[
            NULL,
            "EOF (-1)",
            "BUFSIZ 8192",
            "FILENAME_MAX 4096",
            "SEEK_SET 0",
            "SEEK_CUR 1",
            "SEEK_END 2",
        ],
    },
    Header {
        name: "stdlib.h",
        defines: &[
            NULL,
            "EXIT_SUCCESS 0",
            "EXIT_FAILURE 1",
            "RAND_MAX 2147483647",
        ],
    },
    Header {
        name: "string.h",
        defines: &[NULL],
    },
    Header {
        name: "strings.h",
        defines: &[],
    },
    Header {
        name: "memory.h",
        defines: &[NULL],
    },
    Header {
        name: "math.h",
        defines: &[
            "M_E 2.7182818284590452354",
            "M_LOG2E 1.4426950408889634074",
            "M_LOG10E 0.43429448190325182765",
            "M_LN2 0.69314718055994530942",
            "M_LN10 2.30258509299404568402",
            "M_PI 3.14159265358979323846",
            "M_PI_2 1.57079632679489661923",
            "M_PI_4 0.78539816339744830962",
            "M_1_PI 0.31830988618379067154",
            "M_2_PI 0.63661977236758134308",
            "M_2_SQRTPI 1.12837916709551257390",
            "M_SQRT2 1.41421356237309504880",
            "M_SQRT1_2 0.70710678118654752440",
            "HUGE_VAL (__builtin_huge_val ())",
            "HUGE_VALF (__builtin_huge_valf ())",
            "INFINITY (__builtin_inff ())",
            "NAN (__builtin_nanf (\"\"))",
            "FP_NAN 0",
            "FP_INFINITE 1",
            "FP_ZERO 2",
            "FP_SUBNORMAL 3",
            "FP_NORMAL 4",
        ],
    },
    Header {
        name: "mpi.h",
        defines: &[
            // The standard the library implements: `MPI_Get_version`'s (libs/mpi/functions/environment.rs).
            "MPI_VERSION 3",
            "MPI_SUBVERSION 1",
            "MPI_MAX_PROCESSOR_NAME 128",
            "MPI_MAX_LIBRARY_VERSION_STRING 8192",
            "MPI_MAX_ERROR_STRING 512",
            "MPI_MAX_PORT_NAME 256",
            "MPI_MAX_OBJECT_NAME 128",
            "MPI_MAX_INFO_KEY 255",
            "MPI_MAX_INFO_VAL 1024",
            "MPI_ERR_LASTCODE 0x3fffffff",
            "MPI_ERR_BUFFER 1",
            "MPI_ERR_COUNT 2",
            "MPI_ERR_TYPE 3",
            "MPI_ERR_TAG 4",
            "MPI_ERR_COMM 5",
            "MPI_ERR_RANK 6",
            "MPI_ERR_ROOT 7",
            "MPI_ERR_GROUP 8",
            "MPI_ERR_OP 9",
            "MPI_ERR_TOPOLOGY 10",
            "MPI_ERR_DIMS 11",
            "MPI_ERR_ARG 12",
            "MPI_ERR_UNKNOWN 13",
            "MPI_ERR_TRUNCATE 14",
            "MPI_ERR_OTHER 15",
            "MPI_ERR_INTERN 16",
            "MPI_ERR_IN_STATUS 17",
            "MPI_ERR_PENDING 18",
            "MPI_ERR_REQUEST 19",
            "MPI_ERR_ACCESS 20",
            "MPI_ERR_AMODE 21",
            "MPI_ERR_BAD_FILE 22",
            "MPI_ERR_CONVERSION 23",
            "MPI_ERR_DUP_DATAREP 24",
            "MPI_ERR_FILE_EXISTS 25",
            "MPI_ERR_FILE_IN_USE 26",
            "MPI_ERR_FILE 27",
            "MPI_ERR_INFO 28",
            "MPI_ERR_INFO_KEY 29",
            "MPI_ERR_INFO_VALUE 30",
            "MPI_ERR_INFO_NOKEY 31",
            "MPI_ERR_IO 32",
            "MPI_ERR_NAME 33",
            "MPI_ERR_NO_MEM 34",
            "MPI_ERR_NOT_SAME 35",
            "MPI_ERR_NO_SPACE 36",
            "MPI_ERR_NO_SUCH_FILE 37",
            "MPI_ERR_PORT 38",
            "MPI_ERR_QUOTA 39",
            "MPI_ERR_READ_ONLY 40",
            "MPI_ERR_SERVICE 41",
            "MPI_ERR_SPAWN 42",
            "MPI_ERR_UNSUPPORTED_DATAREP 43",
            "MPI_ERR_UNSUPPORTED_OPERATION 44",
            "MPI_ERR_WIN 45",
            "MPI_ERR_BASE 46",
            "MPI_ERR_LOCKTYPE 47",
            "MPI_ERR_KEYVAL 48",
            "MPI_ERR_RMA_CONFLICT 49",
            "MPI_ERR_RMA_SYNC 50",
            "MPI_ERR_SIZE 51",
            "MPI_ERR_DISP 52",
            "MPI_ERR_ASSERT 53",
            "MPI_ERR_RMA_RANGE 55",
            "MPI_ERR_RMA_ATTACH 56",
            "MPI_ERR_RMA_SHARED 57",
            "MPI_ERR_RMA_FLAVOR 58",
            "MPI_ERR_SESSION 75",
            "MPI_ERR_PROC_ABORTED 76",
            "MPI_ERR_VALUE_TOO_LARGE 77",
            // Attribute callbacks (libs/mpi/attrs.rs): the null ones are null pointers, MPICH's
            // `MPIR_Dup_fn` a value no function of the program has.
            "MPI_NULL_COPY_FN ((MPI_Copy_function *)0)",
            "MPI_NULL_DELETE_FN ((MPI_Delete_function *)0)",
            "MPI_DUP_FN ((MPI_Copy_function *)1)",
            "MPI_COMM_NULL_COPY_FN ((MPI_Comm_copy_attr_function *)0)",
            "MPI_COMM_NULL_DELETE_FN ((MPI_Comm_delete_attr_function *)0)",
            "MPI_COMM_DUP_FN ((MPI_Comm_copy_attr_function *)MPI_DUP_FN)",
            "MPI_WIN_NULL_COPY_FN ((MPI_Win_copy_attr_function *)0)",
            "MPI_WIN_NULL_DELETE_FN ((MPI_Win_delete_attr_function *)0)",
            "MPI_WIN_DUP_FN ((MPI_Win_copy_attr_function *)MPI_DUP_FN)",
            "MPI_TYPE_NULL_COPY_FN ((MPI_Type_copy_attr_function *)0)",
            "MPI_TYPE_NULL_DELETE_FN ((MPI_Type_delete_attr_function *)0)",
            "MPI_TYPE_DUP_FN ((MPI_Type_copy_attr_function *)MPI_DUP_FN)",
        ],
    },
    Header {
        name: "acp.h",
        defines: &[
            "ACP_GA_NULL 0ULL",
            "ACP_ATKEY_NULL 0ULL",
            "ACP_HANDLE_NULL 0LL",
            "ACP_HANDLE_ALL (-1LL)",
            "ACP_HANDLE_CONT (-2LL)",
        ],
    },
    Header {
        name: "pvm3.h",
        defines: &[
            "PvmDataDefault 0",
            "PvmDataRaw 1",
            "PvmDataInPlace 2",
            "PvmTaskDefault 0",
            "PvmOk 0",
            "PvmBadParam (-2)",
            "PvmNoData (-5)",
            "PvmSysErr (-14)",
            "PvmNoBuf (-15)",
            "PvmNoSuchBuf (-16)",
            "PvmNoParent (-23)",
            "PvmOutOfRes (-27)",
            "PvmNoTask (-31)",
        ],
    },
    Header {
        name: "time.h",
        defines: &[
            NULL,
            "CLOCKS_PER_SEC 1000000L",
            "CLOCK_REALTIME 0",
            "CLOCK_MONOTONIC 1",
            "CLOCK_PROCESS_CPUTIME_ID 2",
            "CLOCK_THREAD_CPUTIME_ID 3",
        ],
    },
    Header {
        name: "sys/time.h",
        defines: &[],
    },
    Header {
        // glibc's `who` values; `struct rusage` is one of [`records`].
        name: "sys/resource.h",
        defines: &["RUSAGE_SELF 0", "RUSAGE_CHILDREN (-1)", "RUSAGE_THREAD 1"],
    },
    Header {
        name: "sys/types.h",
        defines: &[],
    },
    Header {
        // glibc's `<getopt.h>`: `getopt` and its variables, as `<unistd.h>` declares them.
        name: "getopt.h",
        defines: &[
            "optarg (*(char **) __getopt_var (0))",
            "optind (*(int *) __getopt_var (1))",
            "opterr (*(int *) __getopt_var (2))",
            "optopt (*(int *) __getopt_var (3))",
        ],
    },
    Header {
        name: "unistd.h",
        defines: &[
            NULL,
            "STDIN_FILENO 0",
            "STDOUT_FILENO 1",
            "STDERR_FILENO 2",
            // getopt's variables, as glibc reaches `errno` (libc/getopt.rs).
            "optarg (*(char **) __getopt_var (0))",
            "optind (*(int *) __getopt_var (1))",
            "opterr (*(int *) __getopt_var (2))",
            "optopt (*(int *) __getopt_var (3))",
        ],
    },
    Header {
        name: "stdbool.h",
        defines: &[
            "bool _Bool",
            "true 1",
            "false 0",
            "__bool_true_false_are_defined 1",
        ],
    },
    Header {
        name: "stddef.h",
        defines: &[
            NULL,
            "offsetof(TYPE, MEMBER) __builtin_offsetof (TYPE, MEMBER)",
        ],
    },
    Header {
        name: "stdint.h",
        defines: STDINT,
    },
    Header {
        name: "inttypes.h",
        defines: STDINT,
    },
    Header {
        name: "limits.h",
        defines: &[
            "CHAR_BIT 8",
            "SCHAR_MIN (-128)",
            "SCHAR_MAX 127",
            "UCHAR_MAX 255",
            "CHAR_MIN SCHAR_MIN",
            "CHAR_MAX SCHAR_MAX",
            "SHRT_MIN (-32768)",
            "SHRT_MAX 32767",
            "USHRT_MAX 65535",
            "INT_MIN (-INT_MAX - 1)",
            "INT_MAX 2147483647",
            "UINT_MAX 4294967295U",
            "LONG_MAX 9223372036854775807L",
            "LONG_MIN (-LONG_MAX - 1L)",
            "ULONG_MAX 18446744073709551615UL",
            "LLONG_MAX 9223372036854775807LL",
            "LLONG_MIN (-LLONG_MAX - 1LL)",
            "ULLONG_MAX 18446744073709551615ULL",
            "PATH_MAX 4096",
            "HOST_NAME_MAX 64",
        ],
    },
    Header {
        name: "float.h",
        defines: &[
            "FLT_RADIX 2",
            "FLT_MANT_DIG 24",
            "DBL_MANT_DIG 53",
            "FLT_DIG 6",
            "DBL_DIG 15",
            "DECIMAL_DIG 21",
            "FLT_MIN_EXP (-125)",
            "DBL_MIN_EXP (-1021)",
            "FLT_MAX_EXP 128",
            "DBL_MAX_EXP 1024",
            "FLT_MIN_10_EXP (-37)",
            "DBL_MIN_10_EXP (-307)",
            "FLT_MAX_10_EXP 38",
            "DBL_MAX_10_EXP 308",
            "FLT_MAX 3.40282346638528859811704183484516925e+38F",
            "DBL_MAX 1.79769313486231570814527423731704357e+308",
            "FLT_MIN 1.17549435082228750796873653722224568e-38F",
            "DBL_MIN 2.22507385850720138309023271733240406e-308",
            "FLT_EPSILON 1.19209289550781250000000000000000000e-7F",
            "DBL_EPSILON 2.22044604925031308084726333618164062e-16",
        ],
    },
    Header {
        name: "ctype.h",
        defines: &[],
    },
    Header {
        name: "assert.h",
        defines: &[],
    },
    Header {
        name: "stdarg.h",
        // A variadic function's further arguments sit in 8-byte slots (the compiler's calls);
        // a `va_list` (`char *`) points at the next one. `va_arg` is the parser's.
        defines: &[
            "va_start(ap, last) ((ap) = __builtin_va_area(last))",
            "va_arg(ap, type) __builtin_va_arg(ap, type)",
            "va_end(ap) ((void)(ap))",
            "va_copy(dest, src) ((dest) = (src))",
            "__va_copy(dest, src) ((dest) = (src))",
        ],
    },
    Header {
        name: "errno.h",
        defines: &[
            // One `int` per rank (a global the compiler adds when a program names `errno`).
            "errno (*__errno_location ())",
            "EPERM 1",
            "ENOENT 2",
            "EINTR 4",
            "EIO 5",
            "EAGAIN 11",
            "ENOMEM 12",
            "EACCES 13",
            "EEXIST 17",
            "EINVAL 22",
            "EDOM 33",
            "ERANGE 34",
        ],
    },
    Header {
        name: "iso646.h",
        defines: &[
            "and &&",
            "and_eq &=",
            "bitand &",
            "bitor |",
            "compl ~",
            "not !",
            "not_eq !=",
            "or ||",
            "or_eq |=",
            "xor ^",
            "xor_eq ^=",
        ],
    },
];

const STDINT: &[&str] = &[
    "INT8_MIN (-128)",
    "INT16_MIN (-32767-1)",
    "INT32_MIN (-2147483647-1)",
    "INT64_MIN (-9223372036854775807L-1)",
    "INT8_MAX (127)",
    "INT16_MAX (32767)",
    "INT32_MAX (2147483647)",
    "INT64_MAX (9223372036854775807L)",
    "UINT8_MAX (255)",
    "UINT16_MAX (65535)",
    "UINT32_MAX (4294967295U)",
    "UINT64_MAX (18446744073709551615UL)",
    "INTPTR_MIN (-9223372036854775807L-1)",
    "INTPTR_MAX (9223372036854775807L)",
    "UINTPTR_MAX (18446744073709551615UL)",
    "INTMAX_MIN (-9223372036854775807L-1)",
    "INTMAX_MAX (9223372036854775807L)",
    "UINTMAX_MAX (18446744073709551615UL)",
    "PTRDIFF_MIN (-9223372036854775807L-1)",
    "PTRDIFF_MAX (9223372036854775807L)",
    "SIZE_MAX (18446744073709551615UL)",
    "INT8_C(c) c",
    "INT16_C(c) c",
    "INT32_C(c) c",
    "INT64_C(c) c ## L",
    "UINT8_C(c) c",
    "UINT16_C(c) c",
    "UINT32_C(c) c ## U",
    "UINT64_C(c) c ## UL",
    "INTMAX_C(c) c ## L",
    "UINTMAX_C(c) c ## UL",
];

/// The `PRId64`-style macros of `<inttypes.h>` (glibc, LP64): `"PRId64 \"ld\""`, …
pub fn inttypes_defines() -> Vec<String> {
    let mut out = Vec::new();
    for conv in ["d", "i", "o", "u", "x", "X"] {
        for (width, length) in [
            ("8", ""),
            ("16", ""),
            ("32", ""),
            ("64", "l"),
            ("MAX", "l"),
            ("PTR", "l"),
        ] {
            out.push(format!("PRI{conv}{width} \"{length}{conv}\""));
        }
    }
    out
}

/// The known header called `name` (`"stdio.h"`).
pub fn header(name: &str) -> Option<&'static Header> {
    HEADERS.iter().find(|h| h.name == name)
}

/// The header whose macro `name` is (`"INT_MAX"` → `"limits.h"`), for a "did you forget
/// `#include <limits.h>`?" hint when a name is unknown.
pub fn header_defining(name: &str) -> Option<&'static str> {
    let defines = |line: &str| {
        let end = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(line.len());
        line[..end] == *name
    };
    if name.starts_with("PRI") && inttypes_defines().iter().any(|l| defines(l)) {
        return Some("inttypes.h");
    }
    HEADERS
        .iter()
        .find(|h| h.defines.iter().any(|l| defines(l)))
        .map(|h| h.name)
}

/// The types the standard headers define with `typedef` (LP64 Linux).
pub fn typedefs() -> BTreeMap<String, Type> {
    let t = |base| Type {
        base,
        pointers: 0,
        dims: Vec::new(),
    };
    [
        ("size_t", BaseType::ULong),
        ("ssize_t", BaseType::Long),
        ("ptrdiff_t", BaseType::Long),
        ("intptr_t", BaseType::Long),
        ("uintptr_t", BaseType::ULong),
        ("int8_t", BaseType::Char),
        ("uint8_t", BaseType::UChar),
        ("int16_t", BaseType::Short),
        ("uint16_t", BaseType::UShort),
        ("int32_t", BaseType::Int),
        ("uint32_t", BaseType::UInt),
        ("int64_t", BaseType::Long),
        ("uint64_t", BaseType::ULong),
        ("time_t", BaseType::Long),
        // `<stddef.h>`'s wide character: a 32-bit `int` on x86-64 Linux (glibc).
        ("wchar_t", BaseType::Int),
        // `FILE *` is a stream handle the library gives out and takes (never dereferenced).
        ("FILE", BaseType::Void),
        ("clock_t", BaseType::Long),
        ("MPI_Aint", BaseType::Long),
        // ACP's basic layer (`acp.h`): 64-bit global addresses, keys and handles.
        ("acp_ga_t", BaseType::ULong),
        ("acp_atkey_t", BaseType::ULong),
        ("acp_handle_t", BaseType::Long),
        ("MPI_Offset", BaseType::Long),
        // MPICH 4.0.2 on x86-64: `typedef long MPI_Count;`.
        ("MPI_Count", BaseType::Long),
        // MPICH 4.0.2: `typedef int MPI_Fint;`, a Fortran handle as C sees it.
        ("MPI_Fint", BaseType::Int),
        // `MPI_User_function *f` is a function pointer; as a `void *` (which MPI_Op_create
        // accepts) casts like `(MPI_User_function *) f` work.
        ("MPI_User_function", BaseType::Void),
        // The error handlers' function types (`void f(MPI_Comm *, int *, ...)`), as
        // `MPI_User_function`: casts like `(MPI_Comm_errhandler_function *) f` work.
        ("MPI_Comm_errhandler_function", BaseType::Void),
        ("MPI_Comm_errhandler_fn", BaseType::Void),
        ("MPI_Win_errhandler_function", BaseType::Void),
        ("MPI_Win_errhandler_fn", BaseType::Void),
        ("MPI_Handler_function", BaseType::Void),
        // The attribute callbacks' function types, the same way (`MPI_COMM_NULL_COPY_FN` is
        // `(MPI_Comm_copy_attr_function *)0`).
        ("MPI_Copy_function", BaseType::Void),
        ("MPI_Delete_function", BaseType::Void),
        ("MPI_Comm_copy_attr_function", BaseType::Void),
        ("MPI_Comm_delete_attr_function", BaseType::Void),
        ("MPI_Type_copy_attr_function", BaseType::Void),
        ("MPI_Type_delete_attr_function", BaseType::Void),
        ("MPI_Win_copy_attr_function", BaseType::Void),
        ("MPI_Win_delete_attr_function", BaseType::Void),
        // `FILE *` is a stream's value (libc/stdio.rs), never dereferenced.
        ("FILE", BaseType::Void),
    ]
    .into_iter()
    .map(|(name, base)| (name.to_string(), t(base)))
    .chain(
        // `<stdlib.h>`'s `div_t`, `ldiv_t`, `lldiv_t`: the structs of [`records`].
        ["div_t", "ldiv_t", "lldiv_t"]
            .into_iter()
            .zip(DIV_RECORD..)
            .map(|(name, id)| (name.to_string(), t(BaseType::Record(id)))),
    )
    .chain(std::iter::once((
        // `<stdarg.h>`: the address of a variadic function's next further argument.
        "va_list".to_string(),
        Type {
            base: BaseType::Char,
            pointers: 1,
            dims: Vec::new(),
        },
    )))
    .collect()
}

/// `struct rusage`'s `long` fields after its two `timeval`s, in glibc's order.
const RUSAGE_LONGS: [&str; 14] = [
    "ru_maxrss",
    "ru_ixrss",
    "ru_idrss",
    "ru_isrss",
    "ru_minflt",
    "ru_majflt",
    "ru_nswap",
    "ru_inblock",
    "ru_oublock",
    "ru_msgsnd",
    "ru_msgrcv",
    "ru_nsignals",
    "ru_nvcsw",
    "ru_nivcsw",
];

/// The index in [`records`] of `div_t`'s struct; `ldiv_t`'s and `lldiv_t`'s follow it.
pub const DIV_RECORD: u32 = 2;

/// The structs the standard headers define: `struct timeval` (`<sys/time.h>`), `struct
/// timespec` (`<time.h>`), the results of `div`, `ldiv` and `lldiv` (`<stdlib.h>`: `quot`
/// and `rem` as `int`, `long`, `long long`), and `struct rusage` (`<sys/resource.h>`), as on
/// LP64 Linux (glibc's field order).
pub fn records() -> Vec<RecordDecl> {
    let field = |base, name: &str| FieldDecl {
        ty: Type {
            base,
            pointers: 0,
            dims: Vec::new(),
        },
        name: name.to_string(),
        span: 0..0,
    };
    let long = |name: &str| field(BaseType::Long, name);
    [("timeval", "tv_usec"), ("timespec", "tv_nsec")]
        .into_iter()
        .map(|(name, fraction)| RecordDecl {
            name: name.to_string(),
            union: false,
            fields: Some(vec![long("tv_sec"), long(fraction)]),
            span: 0..0,
        })
        .chain(
            [
                ("div_t", BaseType::Int),
                ("ldiv_t", BaseType::Long),
                ("lldiv_t", BaseType::Long),
            ]
            .into_iter()
            .map(|(name, base)| RecordDecl {
                name: name.to_string(),
                union: false,
                fields: Some(vec![field(base, "quot"), field(base, "rem")]),
                span: 0..0,
            }),
        )
        .chain(std::iter::once(RecordDecl {
            name: "rusage".to_string(),
            union: false,
            fields: Some(
                [
                    field(BaseType::Record(0), "ru_utime"),
                    field(BaseType::Record(0), "ru_stime"),
                ]
                .into_iter()
                .chain(RUSAGE_LONGS.iter().map(|name| long(name)))
                .collect(),
            ),
            span: 0..0,
        }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_unique_and_found() {
        for (i, h) in HEADERS.iter().enumerate() {
            assert!(HEADERS[..i].iter().all(|o| o.name != h.name), "{}", h.name);
            assert_eq!(header(h.name).map(|f| f.name), Some(h.name));
        }
        assert!(header("pthread.h").is_none());
        assert_eq!(header_defining("INT_MAX"), Some("limits.h"));
        assert_eq!(header_defining("INT"), None);
        assert_eq!(header_defining("RAND_MAX"), Some("stdlib.h"));
        assert_eq!(header_defining("MPI_MAX_PROCESSOR_NAME"), Some("mpi.h"));
        assert_eq!(header_defining("PRId64"), Some("inttypes.h"));
        assert_eq!(header_defining("NULL"), Some("stdio.h"));
        assert!(inttypes_defines().contains(&"PRIu64 \"lu\"".to_string()));
    }
}
