//! The integer values of MPI's named constants, as user programs see them.
//!
//! The constant table (`lang::sema::builtins::CONSTANTS`) maps each name (`MPI_COMM_WORLD`, `MPI_INT`, …) to one of these `pub const`s; the
//! library turns the values back into meaning ([`super::datatype`]). Handles use MPICH's values so
//! that datatypes, operations and the communicator are all distinct numbers: passing `MPI_SUM`
//! where a datatype belongs is reported instead of silently meaning something else. Request
//! handles are the exception: they are small numbers (`MPI_REQUEST_NULL` = 0, live handles from 1)
//! stored in user memory as 4-byte ints.

/// Returned by every MPI function that succeeds.
pub const MPI_SUCCESS: i32 = 0;
/// All ranks (context id 0).
pub const MPI_COMM_WORLD: i32 = 0x4400_0000;
/// The rank alone (context id 1).
pub const MPI_COMM_SELF: i32 = 0x4400_0001;
/// No communicator (`MPI_Comm_split` with `MPI_UNDEFINED`, a freed communicator variable).
pub const MPI_COMM_NULL: i32 = 0x0400_0000;
/// The group with no ranks.
pub const MPI_GROUP_EMPTY: i32 = 0x4800_0000;
/// No group (a freed group variable).
pub const MPI_GROUP_NULL: i32 = 0x0800_0000;
/// `MPI_Comm_compare`: the same communicator.
pub const MPI_IDENT: i32 = 0;
/// `MPI_Comm_compare`: the same ranks in the same order, another context.
pub const MPI_CONGRUENT: i32 = 1;
/// `MPI_Comm_compare`: the same ranks in another order.
pub const MPI_SIMILAR: i32 = 2;
/// `MPI_Comm_compare`: different ranks.
pub const MPI_UNEQUAL: i32 = 3;
/// `MPI_Topo_test`: a graph topology (never made here).
pub const MPI_GRAPH: i32 = 1;
/// `MPI_Topo_test`: a Cartesian topology.
pub const MPI_CART: i32 = 2;
/// `MPI_Topo_test`: a distributed graph topology (never made here).
pub const MPI_DIST_GRAPH: i32 = 3;

/// `MPI_Init_thread`'s levels (MPICH's values): one thread only.
pub const MPI_THREAD_SINGLE: i32 = 0;
/// Threads, only the main one calls MPI.
pub const MPI_THREAD_FUNNELED: i32 = 1;
/// Threads call MPI one at a time.
pub const MPI_THREAD_SERIALIZED: i32 = 2;
/// Threads call MPI at any time.
pub const MPI_THREAD_MULTIPLE: i32 = 3;

/// The null datatype (accepted where MPI ignores the datatype, e.g. with `MPI_IN_PLACE`).
pub const MPI_DATATYPE_NULL: i32 = 0x0c00_0000;
/// The null operation.
pub const MPI_OP_NULL: i32 = 0x1800_0000;
/// `int`: 4 bytes.
pub const MPI_INT: i32 = 0x4c00_0405;
/// `double`: 8 bytes.
pub const MPI_DOUBLE: i32 = 0x4c00_080b;
/// `char`: 1 byte.
pub const MPI_CHAR: i32 = 0x4c00_0101;
/// Raw bytes: 1 byte.
pub const MPI_BYTE: i32 = 0x4c00_010d;
/// `signed char`: 1 byte.
pub const MPI_SIGNED_CHAR: i32 = 0x4c00_0118;
/// `unsigned char`: 1 byte.
pub const MPI_UNSIGNED_CHAR: i32 = 0x4c00_0102;
/// `short`: 2 bytes.
pub const MPI_SHORT: i32 = 0x4c00_0203;
/// `unsigned short`: 2 bytes.
pub const MPI_UNSIGNED_SHORT: i32 = 0x4c00_0204;
/// `unsigned`: 4 bytes.
pub const MPI_UNSIGNED: i32 = 0x4c00_0406;
/// `long`: 8 bytes (LP64).
pub const MPI_LONG: i32 = 0x4c00_0807;
/// `unsigned long`: 8 bytes.
pub const MPI_UNSIGNED_LONG: i32 = 0x4c00_0808;
/// `long long` (also `MPI_LONG_LONG_INT`): 8 bytes.
pub const MPI_LONG_LONG: i32 = 0x4c00_0809;
/// `unsigned long long`: 8 bytes.
pub const MPI_UNSIGNED_LONG_LONG: i32 = 0x4c00_0819;
/// `float`: 4-byte IEEE 754 single.
pub const MPI_FLOAT: i32 = 0x4c00_040a;
/// `long double`: x86-64's 80-bit extended precision in 16 bytes.
pub const MPI_LONG_DOUBLE: i32 = 0x4c00_100c;
/// `MPI_Pack`'s bytes.
pub const MPI_PACKED: i32 = 0x4c00_010f;
/// MPI-1's lower-bound marker (`MPI_Type_struct`).
pub const MPI_LB: i32 = 0x4c00_0010;
/// MPI-1's upper-bound marker.
pub const MPI_UB: i32 = 0x4c00_0011;
/// `wchar_t`: 4 bytes.
pub const MPI_WCHAR: i32 = 0x4c00_040e;
/// C++'s `bool`: 1 byte.
pub const MPI_CXX_BOOL: i32 = 0x4c00_0133;
/// `float _Complex` (also `MPI_C_COMPLEX`).
pub const MPI_C_FLOAT_COMPLEX: i32 = 0x4c00_0840;
/// `double _Complex`.
pub const MPI_C_DOUBLE_COMPLEX: i32 = 0x4c00_1041;
/// `long double _Complex`.
pub const MPI_C_LONG_DOUBLE_COMPLEX: i32 = 0x4c00_2042;
/// C++'s `std::complex<float>`.
pub const MPI_CXX_FLOAT_COMPLEX: i32 = 0x4c00_0834;
/// C++'s `std::complex<double>`.
pub const MPI_CXX_DOUBLE_COMPLEX: i32 = 0x4c00_1035;
/// C++'s `std::complex<long double>`.
pub const MPI_CXX_LONG_DOUBLE_COMPLEX: i32 = 0x4c00_2036;
/// `_Bool`: 1 byte.
pub const MPI_C_BOOL: i32 = 0x4c00_013f;
/// `int8_t`.
pub const MPI_INT8_T: i32 = 0x4c00_0137;
/// `int16_t`.
pub const MPI_INT16_T: i32 = 0x4c00_0238;
/// `int32_t`.
pub const MPI_INT32_T: i32 = 0x4c00_0439;
/// `int64_t`.
pub const MPI_INT64_T: i32 = 0x4c00_083a;
/// `uint8_t`.
pub const MPI_UINT8_T: i32 = 0x4c00_013b;
/// `uint16_t`.
pub const MPI_UINT16_T: i32 = 0x4c00_023c;
/// `uint32_t`.
pub const MPI_UINT32_T: i32 = 0x4c00_043d;
/// `uint64_t`.
pub const MPI_UINT64_T: i32 = 0x4c00_083e;
/// `MPI_Aint`.
pub const MPI_AINT: i32 = 0x4c00_0843;
/// `MPI_Offset`.
pub const MPI_OFFSET: i32 = 0x4c00_0844;
/// `MPI_Count`.
pub const MPI_COUNT: i32 = 0x4c00_0845;
/// `struct { float; int; }` for `MPI_MAXLOC`/`MPI_MINLOC`.
pub const MPI_FLOAT_INT: i32 = 0x8c00_0000_u32 as i32;
/// `struct { double; int; }` (16 bytes with padding).
pub const MPI_DOUBLE_INT: i32 = 0x8c00_0001_u32 as i32;
/// `struct { long; int; }` (16 bytes with padding).
pub const MPI_LONG_INT: i32 = 0x8c00_0002_u32 as i32;
/// `struct { short; int; }` (8 bytes with padding).
pub const MPI_SHORT_INT: i32 = 0x8c00_0003_u32 as i32;
/// `struct { int; int; }`.
pub const MPI_2INT: i32 = 0x4c00_0816;
/// `struct { long double; int; }` (32 bytes with padding).
pub const MPI_LONG_DOUBLE_INT: i32 = 0x8c00_0004_u32 as i32;

/// Reduction: maximum.
pub const MPI_MAX: i32 = 0x5800_0001;
/// Reduction: minimum.
pub const MPI_MIN: i32 = 0x5800_0002;
/// Reduction: sum.
pub const MPI_SUM: i32 = 0x5800_0003;
/// Reduction: product.
pub const MPI_PROD: i32 = 0x5800_0004;
/// Reduction: logical and.
pub const MPI_LAND: i32 = 0x5800_0005;
/// Reduction: bitwise and.
pub const MPI_BAND: i32 = 0x5800_0006;
/// Reduction: logical or.
pub const MPI_LOR: i32 = 0x5800_0007;
/// Reduction: bitwise or.
pub const MPI_BOR: i32 = 0x5800_0008;
/// Reduction: logical exclusive or.
pub const MPI_LXOR: i32 = 0x5800_0009;
/// Reduction: bitwise exclusive or.
pub const MPI_BXOR: i32 = 0x5800_000a;
/// Reduction: minimum value and its (lowest) index.
pub const MPI_MINLOC: i32 = 0x5800_000b;
/// Reduction: maximum value and its (lowest) index.
pub const MPI_MAXLOC: i32 = 0x5800_000c;

/// Accumulate: the origin's value replaces the target's.
pub const MPI_REPLACE: i32 = 0x5800_000d;
/// Fetch-and-op: the target's value is read and left unchanged.
pub const MPI_NO_OP: i32 = 0x5800_000e;

/// The null window.
pub const MPI_WIN_NULL: i32 = 0x2000_0000;
/// Window handles are this plus the window's number (windows are numbered from 0 in creation
/// order, the same on every rank because creation is collective).
pub const WIN_HANDLE_BASE: i32 = 0x2000_0001;
/// The null info object (the only one).
pub const MPI_INFO_NULL: i32 = 0x1c00_0000;
/// `MPI_Win_lock`: an exclusive (writer) lock.
pub const MPI_LOCK_EXCLUSIVE: i32 = 234;
/// `MPI_Win_lock`: a shared (reader) lock.
pub const MPI_LOCK_SHARED: i32 = 235;
/// Assert: no other rank holds or asks for a conflicting lock (the lock is skipped).
pub const MPI_MODE_NOCHECK: i32 = 1024;
/// Assert (fence): the local window was not updated by stores since the last synchronization.
pub const MPI_MODE_NOSTORE: i32 = 2048;
/// Assert (fence): the local window will not be updated by puts or accumulates until the next.
pub const MPI_MODE_NOPUT: i32 = 4096;
/// Assert (fence): the fence completes no one-sided operations (it opens the first epoch).
pub const MPI_MODE_NOPRECEDE: i32 = 8192;
/// Assert (fence): no one-sided operations follow (it closes the last epoch).
pub const MPI_MODE_NOSUCCEED: i32 = 16384;

/// A receive that accepts any sender (MPICH's value).
pub const MPI_ANY_SOURCE: i32 = -2;
/// A receive that accepts any (user) tag.
pub const MPI_ANY_TAG: i32 = -1;
/// The null request: waiting on it returns at once with an empty status.
pub const MPI_REQUEST_NULL: i32 = 0;
/// No message (`MPI_Mrecv` sets the handle to it), MPICH's value.
pub const MPI_MESSAGE_NULL: i32 = 0x2c00_0000;
/// The message of a matched probe of `MPI_PROC_NULL`, MPICH's value.
pub const MPI_MESSAGE_NO_PROC: i32 = 0x6c00_0000;
/// The null status address: the status is not written.
pub const MPI_STATUS_IGNORE: i32 = 0;
/// The null status-array address: no status is written.
pub const MPI_STATUSES_IGNORE: i32 = 0;
/// "No such value": `MPI_Get_count` of a partial element, `MPI_Waitany` with no active request.
pub const MPI_UNDEFINED: i32 = -32766;
/// `MPI_IN_PLACE`: the "buffer" that says a collective's data is already in the other buffer.
/// An address inside the null guard, so no real buffer has it.
pub const MPI_IN_PLACE: i32 = 1;
/// The null process: a send to it or a receive from it completes at once and moves nothing.
pub const MPI_PROC_NULL: i32 = -1;
/// A collective's root on an intercommunicator: this rank is the root (the others of its group
/// pass `MPI_PROC_NULL`).
pub const MPI_ROOT: i32 = -3;
/// `MPI_Comm_split_type`: the ranks that share a node's memory.
pub const MPI_COMM_TYPE_SHARED: i32 = 1;
/// The longest communicator name `MPI_Comm_get_name` writes, terminating NUL included.
pub const MPI_MAX_OBJECT_NAME: i32 = 128;
/// The longest processor name `MPI_Get_processor_name` writes, terminating NUL included.
pub const MPI_MAX_PROCESSOR_NAME: i32 = 128;
/// Bytes of bookkeeping each buffered send takes in the attached buffer (MPICH's value).
pub const MPI_BSEND_OVERHEAD: i32 = 96;
/// The largest tag a user may send with (tags below 0 are reserved for collectives).
pub const MPI_TAG_UB: i32 = i32::MAX;

/// `MPI_ERRHANDLER_NULL` (MPICH's value).
pub const MPI_ERRHANDLER_NULL: i32 = 0x1400_0000;
/// `MPI_ERRORS_ARE_FATAL`: an error stops the run (every communicator's default).
pub const MPI_ERRORS_ARE_FATAL: i32 = 0x5400_0000;
/// `MPI_ERRORS_RETURN`: a failed call returns its error code.
pub const MPI_ERRORS_RETURN: i32 = 0x5400_0001;
/// `MPI_ERRORS_ABORT`: an error aborts the run (as `MPI_ERRORS_ARE_FATAL` here).
pub const MPI_ERRORS_ABORT: i32 = 0x5400_0003;
/// `MPI_INFO_ENV`: the predefined info object of the run's environment.
pub const MPI_INFO_ENV: i32 = 0x5c00_0001;
/// The longest info key, in characters (MPICH's value).
pub const MPI_MAX_INFO_KEY: i32 = 255;
/// The longest info value, in characters (MPICH's value).
pub const MPI_MAX_INFO_VAL: i32 = 1024;
/// The longest string `MPI_Error_string` writes, terminating NUL included.
pub const MPI_MAX_ERROR_STRING: i32 = 512;
/// The last predefined error code (MPICH's value).
pub const MPI_ERR_LASTCODE: i32 = 0x3fff_ffff;
/// The last predefined error class MPICH 4.0.2 has (`MPICH_ERR_LAST_CLASS`).
pub const MPICH_ERR_LAST_CLASS: i32 = 78;
/// Error class `MPI_ERR_BUFFER` (MPICH's value).
pub const MPI_ERR_BUFFER: i32 = 1;
/// Error class `MPI_ERR_COUNT` (MPICH's value).
pub const MPI_ERR_COUNT: i32 = 2;
/// Error class `MPI_ERR_TYPE` (MPICH's value).
pub const MPI_ERR_TYPE: i32 = 3;
/// Error class `MPI_ERR_TAG` (MPICH's value).
pub const MPI_ERR_TAG: i32 = 4;
/// Error class `MPI_ERR_COMM` (MPICH's value).
pub const MPI_ERR_COMM: i32 = 5;
/// Error class `MPI_ERR_RANK` (MPICH's value).
pub const MPI_ERR_RANK: i32 = 6;
/// Error class `MPI_ERR_ROOT` (MPICH's value).
pub const MPI_ERR_ROOT: i32 = 7;
/// Error class `MPI_ERR_GROUP` (MPICH's value).
pub const MPI_ERR_GROUP: i32 = 8;
/// Error class `MPI_ERR_OP` (MPICH's value).
pub const MPI_ERR_OP: i32 = 9;
/// Error class `MPI_ERR_TOPOLOGY` (MPICH's value).
pub const MPI_ERR_TOPOLOGY: i32 = 10;
/// Error class `MPI_ERR_DIMS` (MPICH's value).
pub const MPI_ERR_DIMS: i32 = 11;
/// Error class `MPI_ERR_ARG` (MPICH's value).
pub const MPI_ERR_ARG: i32 = 12;
/// Error class `MPI_ERR_UNKNOWN` (MPICH's value).
pub const MPI_ERR_UNKNOWN: i32 = 13;
/// Error class `MPI_ERR_TRUNCATE` (MPICH's value).
pub const MPI_ERR_TRUNCATE: i32 = 14;
/// Error class `MPI_ERR_OTHER` (MPICH's value).
pub const MPI_ERR_OTHER: i32 = 15;
/// Error class `MPI_ERR_INTERN` (MPICH's value).
pub const MPI_ERR_INTERN: i32 = 16;
/// Error class `MPI_ERR_IN_STATUS` (MPICH's value).
pub const MPI_ERR_IN_STATUS: i32 = 17;
/// Error class `MPI_ERR_PENDING` (MPICH's value).
pub const MPI_ERR_PENDING: i32 = 18;
/// Error class `MPI_ERR_REQUEST` (MPICH's value).
pub const MPI_ERR_REQUEST: i32 = 19;
/// Error class `MPI_ERR_ACCESS` (MPICH's value).
pub const MPI_ERR_ACCESS: i32 = 20;
/// Error class `MPI_ERR_AMODE` (MPICH's value).
pub const MPI_ERR_AMODE: i32 = 21;
/// Error class `MPI_ERR_BAD_FILE` (MPICH's value).
pub const MPI_ERR_BAD_FILE: i32 = 22;
/// Error class `MPI_ERR_CONVERSION` (MPICH's value).
pub const MPI_ERR_CONVERSION: i32 = 23;
/// Error class `MPI_ERR_DUP_DATAREP` (MPICH's value).
pub const MPI_ERR_DUP_DATAREP: i32 = 24;
/// Error class `MPI_ERR_FILE_EXISTS` (MPICH's value).
pub const MPI_ERR_FILE_EXISTS: i32 = 25;
/// Error class `MPI_ERR_FILE_IN_USE` (MPICH's value).
pub const MPI_ERR_FILE_IN_USE: i32 = 26;
/// Error class `MPI_ERR_FILE` (MPICH's value).
pub const MPI_ERR_FILE: i32 = 27;
/// Error class `MPI_ERR_INFO` (MPICH's value).
pub const MPI_ERR_INFO: i32 = 28;
/// Error class `MPI_ERR_INFO_KEY` (MPICH's value).
pub const MPI_ERR_INFO_KEY: i32 = 29;
/// Error class `MPI_ERR_INFO_VALUE` (MPICH's value).
pub const MPI_ERR_INFO_VALUE: i32 = 30;
/// Error class `MPI_ERR_INFO_NOKEY` (MPICH's value).
pub const MPI_ERR_INFO_NOKEY: i32 = 31;
/// Error class `MPI_ERR_IO` (MPICH's value).
pub const MPI_ERR_IO: i32 = 32;
/// Error class `MPI_ERR_NAME` (MPICH's value).
pub const MPI_ERR_NAME: i32 = 33;
/// Error class `MPI_ERR_NO_MEM` (MPICH's value).
pub const MPI_ERR_NO_MEM: i32 = 34;
/// Error class `MPI_ERR_NOT_SAME` (MPICH's value).
pub const MPI_ERR_NOT_SAME: i32 = 35;
/// Error class `MPI_ERR_NO_SPACE` (MPICH's value).
pub const MPI_ERR_NO_SPACE: i32 = 36;
/// Error class `MPI_ERR_NO_SUCH_FILE` (MPICH's value).
pub const MPI_ERR_NO_SUCH_FILE: i32 = 37;
/// Error class `MPI_ERR_PORT` (MPICH's value).
pub const MPI_ERR_PORT: i32 = 38;
/// Error class `MPI_ERR_QUOTA` (MPICH's value).
pub const MPI_ERR_QUOTA: i32 = 39;
/// Error class `MPI_ERR_READ_ONLY` (MPICH's value).
pub const MPI_ERR_READ_ONLY: i32 = 40;
/// Error class `MPI_ERR_SERVICE` (MPICH's value).
pub const MPI_ERR_SERVICE: i32 = 41;
/// Error class `MPI_ERR_SPAWN` (MPICH's value).
pub const MPI_ERR_SPAWN: i32 = 42;
/// Error class `MPI_ERR_UNSUPPORTED_DATAREP` (MPICH's value).
pub const MPI_ERR_UNSUPPORTED_DATAREP: i32 = 43;
/// Error class `MPI_ERR_UNSUPPORTED_OPERATION` (MPICH's value).
pub const MPI_ERR_UNSUPPORTED_OPERATION: i32 = 44;
/// Error class `MPI_ERR_WIN` (MPICH's value).
pub const MPI_ERR_WIN: i32 = 45;
/// Error class `MPI_ERR_BASE` (MPICH's value).
pub const MPI_ERR_BASE: i32 = 46;
/// Error class `MPI_ERR_LOCKTYPE` (MPICH's value).
pub const MPI_ERR_LOCKTYPE: i32 = 47;
/// Error class `MPI_ERR_KEYVAL` (MPICH's value).
pub const MPI_ERR_KEYVAL: i32 = 48;
/// Error class `MPI_ERR_RMA_CONFLICT` (MPICH's value).
pub const MPI_ERR_RMA_CONFLICT: i32 = 49;
/// Error class `MPI_ERR_RMA_SYNC` (MPICH's value).
pub const MPI_ERR_RMA_SYNC: i32 = 50;
/// Error class `MPI_ERR_SIZE` (MPICH's value).
pub const MPI_ERR_SIZE: i32 = 51;
/// Error class `MPI_ERR_DISP` (MPICH's value).
pub const MPI_ERR_DISP: i32 = 52;
/// Error class `MPI_ERR_ASSERT` (MPICH's value).
pub const MPI_ERR_ASSERT: i32 = 53;
/// Error class `MPI_ERR_RMA_RANGE` (MPICH's value).
pub const MPI_ERR_RMA_RANGE: i32 = 55;
/// Error class `MPI_ERR_RMA_ATTACH` (MPICH's value).
pub const MPI_ERR_RMA_ATTACH: i32 = 56;
/// Error class `MPI_ERR_RMA_SHARED` (MPICH's value).
pub const MPI_ERR_RMA_SHARED: i32 = 57;
/// Error class `MPI_ERR_RMA_FLAVOR` (MPICH's value).
pub const MPI_ERR_RMA_FLAVOR: i32 = 58;
/// Error class `MPI_ERR_SESSION` (MPICH's value).
pub const MPI_ERR_SESSION: i32 = 75;
/// Error class `MPI_ERR_PROC_ABORTED` (MPICH's value).
pub const MPI_ERR_PROC_ABORTED: i32 = 76;
/// Error class `MPI_ERR_VALUE_TOO_LARGE` (MPICH's value).
pub const MPI_ERR_VALUE_TOO_LARGE: i32 = 77;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_of_different_kinds_never_coincide() {
        let handles = [
            MPI_COMM_WORLD,
            MPI_COMM_SELF,
            MPI_COMM_NULL,
            MPI_GROUP_EMPTY,
            MPI_GROUP_NULL,
            MPI_INT,
            MPI_DOUBLE,
            MPI_CHAR,
            MPI_BYTE,
            MPI_MAX,
            MPI_MIN,
            MPI_SUM,
            MPI_PROD,
            MPI_REPLACE,
            MPI_NO_OP,
            MPI_WIN_NULL,
            MPI_INFO_NULL,
            MPI_INFO_ENV,
            MPI_ERRHANDLER_NULL,
            MPI_ERRORS_ARE_FATAL,
            MPI_ERRORS_RETURN,
            MPI_ERRORS_ABORT,
        ];
        let set: std::collections::BTreeSet<i32> = handles.iter().copied().collect();
        assert_eq!(set.len(), handles.len());
    }
}
