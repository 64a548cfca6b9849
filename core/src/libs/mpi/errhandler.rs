//! Error handlers and error codes, as MPICH 4.0.2 keeps them: which handler each communicator
//! and window has (`MPI_Comm_set_errhandler`, …), the handlers a program made
//! (`MPI_Comm_create_errhandler`), the error classes and codes it added (`MPI_Add_error_class`,
//! `MPI_Add_error_code`, `MPI_Add_error_string`), MPICH's string of every predefined class, and
//! the class MPICH gives each mistake Rankscope detects ([`class_of`]).
//!
//! When a call fails, [`MpiState`](super::state::MpiState) asks [`ErrInfo::handler_for`] which
//! handler applies — the one of the call's communicator (or window), else `MPI_COMM_WORLD`'s, as
//! MPICH's `MPIR_Err_return_comm` — and then stops the rank (`MPI_ERRORS_ARE_FATAL`,
//! `MPI_ERRORS_ABORT`), returns the error's class as its code (`MPI_ERRORS_RETURN`), or runs the
//! program's handler `void f(MPI_Comm *comm, int *code, ...)` with the two on the rank's stack
//! (as `user_op` runs a reduction's function) and then returns the code. A mistake MPICH does not
//! detect (a datatype mismatch between a send and its receive, collectives called differently,
//! a Rankscope limit) has no class and always stops the rank: a program that goes on after it
//! would compute what MPICH would not.
//!
//! The code a failed call returns is its class (MPICH returns a code of that class that also
//! indexes its error stack; `MPI_Error_class` gives the class of either).

use std::collections::BTreeMap;

use super::attrs::AttrError;
use super::comm_error::CommError;
use super::constants as k;
use super::error::{ErrorKind, RankRole};
use super::rma_error::RmaError;
use super::user_op::UserCall;
use crate::lang::vm::memory::{Addr, MemError, Memory};

/// The first handle of a handler a program made (MPICH's direct errhandler handles).
const HANDLER_BASE: i32 = 0x9400_0000_u32 as i32;
/// `ERROR_DYN_MASK`: the bit of classes added by `MPI_Add_error_class` (and their codes).
const DYN: i32 = 0x4000_0000;
/// `ERROR_CLASS_MASK`.
const CLASS_MASK: i32 = 0x7f;
/// `ERROR_GENERIC_SHIFT`: where an added code's number sits.
const CODE_SHIFT: u32 = 8;
/// `ERROR_GENERIC_MASK`.
const CODE_MASK: i32 = 0x0007_ff00;
/// At most this many classes (`ERROR_MAX_NCLASS`) and codes (`ERROR_MAX_NCODE`) may be added.
const MAX_CLASSES: i32 = 128;
const MAX_CODES: i32 = 2048;

/// MPICH 4.0.2's `MPI_Error_string` of each predefined class (measured with Debian's MPICH; the
/// trailing spaces are MPICH's).
const CLASS_STRINGS: [&str; 62] = [
    "No MPI error",
    "Invalid buffer pointer",
    "Invalid count",
    "Invalid datatype",
    "Invalid tag",
    "Invalid communicator",
    "Invalid rank",
    "Invalid root",
    "Invalid group",
    "Invalid MPI_Op",
    "Invalid topology",
    "Invalid dimension argument",
    "Invalid argument",
    "Unknown error.  Please file a bug report.",
    "Message truncated",
    "Other MPI error",
    "Internal MPI error!",
    "See the MPI_ERROR field in MPI_Status for the error code",
    "Pending request (no error)",
    "Request pending due to failure",
    "Access denied to file",
    "Invalid amode value in MPI_File_open ",
    "Invalid file name",
    "An error occurred in a user-defined data conversion function",
    "The requested datarep name has already been specified to MPI_REGISTER_DATAREP",
    "File exists",
    "File in use by some process",
    "Invalid MPI_File",
    "Invalid MPI_Info",
    "Invalid key for MPI_Info ",
    "Invalid MPI_Info value ",
    "MPI_Info key is not defined ",
    "Other I/O error ",
    "Invalid service name (see MPI_Publish_name)",
    "Unable to allocate memory for MPI_Alloc_mem",
    "Inconsistent arguments to collective routine ",
    "Not enough space for file ",
    "File does not exist",
    "Invalid port",
    "Quota exceeded for files",
    "Read-only file or filesystem name",
    "Attempt to lookup an unknown service name ",
    "Error in spawn call",
    "Unsupported datarep passed to MPI_File_set_view ",
    "Unsupported file operation ",
    "Invalid MPI_Win",
    "Invalid base address",
    "Invalid locktype argument",
    "Invalid keyval",
    "Conflicting accesses to window ",
    "Wrong synchronization of RMA calls ",
    "Invalid size argument in RMA call",
    "Invalid displacement argument in RMA call ",
    "Invalid assert argument",
    "Process failed",
    "Target memory is not contained within the window",
    "Memory cannot be attached",
    "Memory cannot be shared",
    "Incorrect window flavor",
    "Communication object revoked",
    "Operation could not be issued (EAGAIN)",
    "failure occurred while allocating memory for a request object",
];

/// What MPICH says of a class it has no string for.
const UNKNOWN_CLASS: &str = "Unknown error class";

/// What a handler made by the program handles.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Object {
    /// Communicators (`MPI_Comm_create_errhandler`, `MPI_Errhandler_create`).
    Comm,
    /// Windows (`MPI_Win_create_errhandler`).
    Win,
}

impl Object {
    fn name(self) -> &'static str {
        match self {
            Object::Comm => "a communicator",
            Object::Win => "a window",
        }
    }
}

/// A handler the program made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct UserHandler {
    /// The program's function (a function pointer's value).
    function: i64,
    /// What it handles.
    object: Object,
    /// `MPI_Errhandler_free` was called (it still serves what it is attached to).
    freed: bool,
}

/// A handler as the error path sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Handler {
    /// `MPI_ERRORS_ARE_FATAL` or `MPI_ERRORS_ABORT`: the rank stops.
    Fatal,
    /// `MPI_ERRORS_RETURN`: the call returns the code.
    Return,
    /// The program's function.
    User(i64),
}

/// The program's handler running: its arguments' scratch space and what the call returns then.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Running {
    /// The call that runs it.
    call: &'static str,
    /// The stack top before the scratch space.
    mark: Addr,
    /// What the failed call (or `MPI_*_call_errhandler`) returns once the handler returned.
    value: i32,
}

/// The rank's error handlers, added error classes, codes and strings, and info objects (one
/// box, created the first time a program touches any, so an idle library stays small).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ErrInfo {
    /// The info objects (`info.rs`).
    pub(super) infos: super::info::Infos,
    handlers: Vec<UserHandler>,
    /// Handlers set on communicators (absent: none set — `MPI_COMM_WORLD`'s applies).
    by_comm: BTreeMap<i32, i32>,
    /// Handlers set on windows.
    by_win: BTreeMap<i32, i32>,
    /// Classes added (their numbers without [`DYN`]), with their strings.
    classes: BTreeMap<i32, String>,
    /// Codes added (their numbers), with their full code and string.
    codes: BTreeMap<i32, (i32, String)>,
    next_class: i32,
    next_code: i32,
    /// The communicator (or window) whose handler applies to the call in progress.
    pub(super) scope: Scope,
    /// A call that makes a communicator: its parent and where the new handle goes (the new one
    /// inherits the parent's handler, as in MPICH).
    pub(super) inherit: Option<(i32, Addr)>,
    /// A call that makes a window with an info object: the info and where the new handle goes
    /// (the window reports the hints MPICH knows of it).
    pub(super) win_hints: Option<(i64, Addr)>,
    running: Option<Running>,
    /// The program's handler a call asks to run once it returned (`MPI_Comm_call_errhandler`).
    pub(super) call_now: Option<UserCall>,
}

/// Whose handler applies to a call.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) enum Scope {
    /// No communicator or window among its arguments: `MPI_COMM_WORLD`'s.
    #[default]
    World,
    /// Its communicator's.
    Comm(i32),
    /// Its window's.
    Win(i32),
}

/// The error for a bad argument of class `class`.
pub(super) fn refused(class: i32, why: impl Into<String>) -> ErrorKind {
    ErrorKind::Refused {
        class,
        why: why.into(),
    }
}

impl ErrInfo {
    /// A new handler of `object`s running `function`; its handle.
    pub(super) fn create(&mut self, function: i64, object: Object) -> Result<i32, ErrorKind> {
        if self.handlers.len() >= 1 << 20 {
            return Err(refused(
                k::MPI_ERR_OTHER,
                "too many error handlers: free some with MPI_Errhandler_free",
            ));
        }
        self.handlers.push(UserHandler {
            function,
            object,
            freed: false,
        });
        Ok(HANDLER_BASE + self.handlers.len() as i32 - 1)
    }

    fn user(&self, handle: i32) -> Option<&UserHandler> {
        let i = usize::try_from(handle.wrapping_sub(HANDLER_BASE)).ok()?;
        self.handlers.get(i)
    }

    /// Checks a handler to be set on an `object`.
    pub(super) fn check(&self, handle: i64, object: Object) -> Result<i32, ErrorKind> {
        let bad = || {
            refused(
                k::MPI_ERR_ARG,
                format!("invalid error handler {handle}: use MPI_ERRORS_RETURN, MPI_ERRORS_ARE_FATAL, MPI_ERRORS_ABORT or one made by MPI_Comm_create_errhandler"),
            )
        };
        let h = i32::try_from(handle).map_err(|_| bad())?;
        match h {
            k::MPI_ERRORS_ARE_FATAL | k::MPI_ERRORS_RETURN | k::MPI_ERRORS_ABORT => Ok(h),
            _ => match self.user(h) {
                Some(u) if u.freed => Err(refused(
                    k::MPI_ERR_ARG,
                    format!("error handler {handle} was freed by MPI_Errhandler_free"),
                )),
                Some(u) if u.object != object => Err(refused(
                    k::MPI_ERR_ARG,
                    format!(
                        "error handler {handle} handles {}, not {}",
                        u.object.name(),
                        object.name()
                    ),
                )),
                Some(_) => Ok(h),
                None => Err(bad()),
            },
        }
    }

    /// `MPI_Errhandler_free`.
    pub(super) fn free(&mut self, handle: i64) -> Result<(), ErrorKind> {
        let h = i32::try_from(handle).unwrap_or(0);
        if matches!(
            h,
            k::MPI_ERRORS_ARE_FATAL | k::MPI_ERRORS_RETURN | k::MPI_ERRORS_ABORT
        ) {
            return Ok(());
        }
        let i = usize::try_from(h.wrapping_sub(HANDLER_BASE)).ok();
        match i.and_then(|i| self.handlers.get_mut(i)) {
            Some(u) if !u.freed => {
                u.freed = true;
                Ok(())
            }
            Some(_) => Err(refused(
                k::MPI_ERR_ARG,
                format!("error handler {handle} was already freed"),
            )),
            None => Err(refused(
                k::MPI_ERR_ARG,
                format!("invalid error handler {handle}"),
            )),
        }
    }

    /// Sets the handler of communicator `comm`.
    pub(super) fn set_comm(&mut self, comm: i32, handler: i32) {
        self.by_comm.insert(comm, handler);
    }

    /// Sets the handler of window `win`.
    pub(super) fn set_win(&mut self, win: i32, handler: i32) {
        self.by_win.insert(win, handler);
    }

    /// The handler set on `comm` (`MPI_ERRORS_ARE_FATAL` if none was: MPICH's answer).
    pub(super) fn of_comm(&self, comm: i32) -> i32 {
        self.by_comm
            .get(&comm)
            .copied()
            .unwrap_or(k::MPI_ERRORS_ARE_FATAL)
    }

    /// The handler set on `win` (`MPI_ERRORS_ARE_FATAL` if none was).
    pub(super) fn of_win(&self, win: i32) -> i32 {
        self.by_win
            .get(&win)
            .copied()
            .unwrap_or(k::MPI_ERRORS_ARE_FATAL)
    }

    /// A new communicator `new` made from `parent` gets its handler.
    pub(super) fn inherit_comm(&mut self, parent: i32, new: i32) {
        if let Some(&h) = self.by_comm.get(&parent) {
            self.by_comm.insert(new, h);
        }
    }

    fn resolve(&self, handle: i32) -> Handler {
        match handle {
            k::MPI_ERRORS_RETURN => Handler::Return,
            h => match self.user(h) {
                Some(u) => Handler::User(u.function),
                None => Handler::Fatal,
            },
        }
    }

    /// The handler for an error of a call in `scope`: the object's own, else `MPI_COMM_WORLD`'s
    /// (MPICH's `MPIR_Err_return_comm`).
    pub(super) fn handler_for(&self, scope: Scope) -> Handler {
        let own = match scope {
            Scope::World => None,
            Scope::Comm(c) => self.by_comm.get(&c),
            Scope::Win(w) => self.by_win.get(&w),
        };
        let handle = own
            .or_else(|| self.by_comm.get(&k::MPI_COMM_WORLD))
            .copied()
            .unwrap_or(k::MPI_ERRORS_ARE_FATAL);
        self.resolve(handle)
    }

    /// The handler `MPI_Comm_call_errhandler` calls: the communicator's own (none set is
    /// fatal, as in MPICH).
    pub(super) fn handler_of(&self, scope: Scope) -> Handler {
        let handle = match scope {
            Scope::World => self.of_comm(k::MPI_COMM_WORLD),
            Scope::Comm(c) => self.of_comm(c),
            Scope::Win(w) => self.of_win(w),
        };
        self.resolve(handle)
    }

    /// Starts the program's handler `function` on `object` (a communicator's or window's
    /// handle) and `code`: its arguments on the rank's stack; the call returns `value` after it.
    pub(super) fn run_user(
        &mut self,
        function: i64,
        object: i32,
        code: i32,
        value: i32,
        call: &'static str,
        mem: &mut Memory,
    ) -> Result<UserCall, ErrorKind> {
        let mark = mem.top();
        let what = "the error handler's arguments";
        let words = mem
            .alloc(8, 8)
            .map_err(|error| ErrorKind::Memory { what, error })?;
        let write = |mem: &mut Memory, at: Addr, v: i32| {
            mem.write_i32(at, v)
                .map_err(|error| ErrorKind::Memory { what, error })
        };
        write(mem, words, object)?;
        write(mem, words + 4, code)?;
        self.running = Some(Running { call, mark, value });
        Ok(UserCall {
            function,
            args: [i64::from(words), i64::from(words + 4), 0, 0, 0, 0],
            argc: 2,
            result: 0,
            what: "an error handler (MPI_Comm_create_errhandler)",
            variadic: true,
        })
    }

    /// After the program's handler returned: the call that ran it and what it returns (the
    /// scratch space released).
    pub(super) fn finish_user(&mut self, mem: &mut Memory) -> Option<(&'static str, i32)> {
        let r = self.running.take()?;
        mem.release_to(r.mark);
        Some((r.call, r.value))
    }

    /// Whether the program's handler is running (an error inside it stops the rank).
    pub(super) fn in_handler(&self) -> bool {
        self.running.is_some()
    }

    /// `MPI_Add_error_class`: a new class (with [`DYN`] set), string "".
    pub(super) fn add_class(&mut self) -> Result<i32, ErrorKind> {
        let n = (1..MAX_CLASSES)
            .find(|n| !self.classes.contains_key(n) && *n > self.next_class)
            .or_else(|| (1..MAX_CLASSES).find(|n| !self.classes.contains_key(n)));
        let Some(n) = n else {
            return Err(refused(
                k::MPI_ERR_OTHER,
                "no more error classes: MPICH allows 127 added classes",
            ));
        };
        self.next_class = n;
        self.classes.insert(n, String::new());
        Ok(DYN | n)
    }

    /// Whether `class` is predefined or added.
    fn class_exists(&self, class: i32) -> bool {
        (0..=k::MPICH_ERR_LAST_CLASS).contains(&class)
            || (class & DYN != 0
                && class & !(DYN | CLASS_MASK) == 0
                && self.classes.contains_key(&(class & CLASS_MASK)))
    }

    /// `MPI_Add_error_code`: a new code of `class`.
    pub(super) fn add_code(&mut self, class: i64) -> Result<i32, ErrorKind> {
        let c = i32::try_from(class).unwrap_or(-1);
        if !self.class_exists(c) {
            return Err(refused(
                k::MPI_ERR_ARG,
                format!("error class {class} does not exist: use a predefined class (MPI_ERR_…) or one MPI_Add_error_class made"),
            ));
        }
        let n = (1..MAX_CODES)
            .find(|n| !self.codes.contains_key(n) && *n > self.next_code)
            .or_else(|| (1..MAX_CODES).find(|n| !self.codes.contains_key(n)));
        let Some(n) = n else {
            return Err(refused(
                k::MPI_ERR_OTHER,
                "no more error codes: at most 2047 may be added",
            ));
        };
        self.next_code = n;
        let code = c | (n << CODE_SHIFT);
        self.codes.insert(n, (code, String::new()));
        Ok(code)
    }

    /// `MPI_Add_error_string`: the string of an added class or code.
    pub(super) fn set_string(&mut self, code: i64, string: String) -> Result<(), ErrorKind> {
        let bad = || {
            refused(
                k::MPI_ERR_ARG,
                format!("error code {code} was not added by MPI_Add_error_class or MPI_Add_error_code: only their strings can be set"),
            )
        };
        let c = i32::try_from(code).map_err(|_| bad())?;
        let n = (c & CODE_MASK) >> CODE_SHIFT;
        if n != 0 {
            match self.codes.get_mut(&n) {
                Some((full, s)) if *full == c => *s = string,
                _ => return Err(bad()),
            }
        } else if c & DYN != 0 {
            match self.classes.get_mut(&(c & CLASS_MASK)) {
                Some(s) => *s = string,
                None => return Err(bad()),
            }
        } else {
            return Err(bad());
        }
        Ok(())
    }

    /// `MPIX_Delete_error_class`, `_code`, `_string`.
    pub(super) fn delete(&mut self, code: i64, what: Delete) -> Result<(), ErrorKind> {
        let c = i32::try_from(code).unwrap_or(0);
        let n = (c & CODE_MASK) >> CODE_SHIFT;
        let found = match what {
            Delete::Class => {
                c & DYN != 0 && n == 0 && self.classes.remove(&(c & CLASS_MASK)).is_some()
            }
            Delete::Code => n != 0 && self.codes.remove(&n).is_some(),
            Delete::String => self.set_string(code, String::new()).is_ok(),
        };
        if found {
            Ok(())
        } else {
            Err(refused(
                k::MPI_ERR_OTHER,
                format!("{code} is no added error class or code"),
            ))
        }
    }

    /// `MPI_Error_string` of `code`: an added code's or class's string, else its class's as
    /// MPICH prints it.
    pub(super) fn string(&self, code: i32) -> String {
        let n = (code & CODE_MASK) >> CODE_SHIFT;
        if let Some((full, s)) = self.codes.get(&n).filter(|(full, _)| *full == code) {
            let _ = full;
            return s.clone();
        }
        if code & DYN != 0 {
            return self
                .classes
                .get(&(code & CLASS_MASK))
                .cloned()
                .unwrap_or_default();
        }
        class_string(code & CLASS_MASK).to_string()
    }
}

/// Which of `MPIX_Delete_error_*` is called.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Delete {
    /// `MPIX_Delete_error_class`.
    Class,
    /// `MPIX_Delete_error_code`.
    Code,
    /// `MPIX_Delete_error_string`.
    String,
}

/// MPICH's string of predefined class `class`.
pub(super) fn class_string(class: i32) -> &'static str {
    usize::try_from(class)
        .ok()
        .and_then(|c| CLASS_STRINGS.get(c))
        .copied()
        .unwrap_or(UNKNOWN_CLASS)
}

/// `MPI_Error_class` of `code`, as MPICH computes it (the class bits and the added-class bit).
pub(super) fn class_of_code(code: i32) -> i32 {
    code & (CLASS_MASK | DYN)
}

/// The class MPICH gives the mistake `kind` (reading its checks), or `None` for one MPICH does
/// not detect or that is Rankscope's own limit: those always stop the rank.
pub(crate) fn class_of(kind: &ErrorKind) -> Option<i32> {
    use ErrorKind as E;
    Some(match kind {
        E::AlreadyInitialized => k::MPI_ERR_OTHER,
        E::InvalidRank {
            role: RankRole::Peer,
            ..
        } => k::MPI_ERR_RANK,
        E::InvalidRank {
            role: RankRole::Root,
            ..
        } => k::MPI_ERR_ROOT,
        E::InvalidTag { .. } => k::MPI_ERR_TAG,
        E::NegativeCount { .. } => k::MPI_ERR_COUNT,
        E::UnknownDatatype(_)
        | E::UncommittedDatatype(_)
        | E::FreedDatatype(_)
        | E::FreePredefined(_) => k::MPI_ERR_TYPE,
        E::InPlace { .. } => k::MPI_ERR_BUFFER,
        E::UnknownOp(_)
        | E::FreedOp(_)
        | E::FreePredefinedOp(_)
        | E::OpNotForDerived { .. }
        | E::OpNotForType { .. } => k::MPI_ERR_OP,
        E::Truncated { .. } | E::TruncatedFrom { .. } => k::MPI_ERR_TRUNCATE,
        E::InvalidRequest { .. }
        | E::InactiveRequest { .. }
        | E::NotPersistent { .. }
        | E::AlreadyActive { .. }
        | E::NullRequest => k::MPI_ERR_REQUEST,
        // MPICH checks pointers for NULL only (a buffer: MPI_ERR_BUFFER, another argument:
        // MPI_ERR_ARG); any other bad address crashes it.
        E::Memory {
            what,
            error: MemError::Null { .. },
        } => {
            if what.contains("buffer") {
                k::MPI_ERR_BUFFER
            } else {
                k::MPI_ERR_ARG
            }
        }
        E::Rma(e) => rma_class(e)?,
        E::Comm(e) => comm_class(e)?,
        E::BsendOverflow { .. } | E::NoBsendBuffer | E::BsendBufferAttached => k::MPI_ERR_BUFFER,
        E::Refused { class, .. } => *class,
        E::Attr(e) => attr_class(e)?,
        _ => return None,
    })
}

/// The class MPICH gives a keyval or attribute mistake (a callback's nonzero return is
/// `MPI_ERR_OTHER`, as MPICH's `**userdel`/`**usercopy`); waiting inside a callback is
/// Rankscope's own limit.
fn attr_class(e: &AttrError) -> Option<i32> {
    Some(match e {
        AttrError::Blocking => return None,
        AttrError::Callback { .. } => k::MPI_ERR_OTHER,
        AttrError::TooMany => k::MPI_ERR_INTERN,
        _ => k::MPI_ERR_KEYVAL,
    })
}

fn rma_class(e: &RmaError) -> Option<i32> {
    use RmaError as R;
    Some(match e {
        R::InvalidWindow(_) | R::NullWindow | R::FreedWindow(_) => k::MPI_ERR_WIN,
        R::NoEpoch { .. }
        | R::NotLocked { .. }
        | R::NotLockedAll(_)
        | R::AlreadyLocked { .. }
        | R::NoPassiveEpoch { .. }
        | R::PassiveEpochOpen(_) => k::MPI_ERR_RMA_SYNC,
        R::OutOfWindow { .. } => k::MPI_ERR_RMA_RANGE,
        R::OpNotForType { .. } | R::NoOpInAccumulate | R::UnknownOp(_) => k::MPI_ERR_OP,
        R::SwapType(_) => k::MPI_ERR_TYPE,
        R::LockType(_) => k::MPI_ERR_LOCKTYPE,
        R::Assert { .. } => k::MPI_ERR_ASSERT,
        R::Size(_) => k::MPI_ERR_SIZE,
        R::DispUnit(_) => k::MPI_ERR_ARG,
        R::Info(_) => k::MPI_ERR_INFO,
        R::NegativeDisp(_) => k::MPI_ERR_DISP,
        _ => return None,
    })
}

fn comm_class(e: &CommError) -> Option<i32> {
    use CommError as C;
    Some(match e {
        C::NullComm | C::FreedComm(_) | C::UnknownComm(_) | C::FreeBuiltin(_) => k::MPI_ERR_COMM,
        C::InvalidColor(_) => k::MPI_ERR_ARG,
        C::NullGroup | C::FreedGroup(_) | C::UnknownGroup(_) | C::NotSubset(_) => k::MPI_ERR_GROUP,
        C::GroupRank { .. } | C::RepeatedRank(_) | C::OffGrid { .. } => k::MPI_ERR_RANK,
        C::NoCart => k::MPI_ERR_TOPOLOGY,
        C::GridTooLarge { .. }
        | C::BadDims { .. }
        | C::NoSuchDim { .. }
        | C::NotDivisible { .. } => k::MPI_ERR_DIMS,
        #[allow(unreachable_patterns)]
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_classes_and_codes_are_numbered_as_mpich_numbers_them() {
        let mut e = ErrInfo::default();
        let class = e.add_class().unwrap();
        assert_eq!(class, 0x4000_0001);
        let code = e.add_code(i64::from(class)).unwrap();
        assert_eq!(code, 0x4000_0101);
        assert_eq!(class_of_code(code), class);
        let arg = e.add_code(i64::from(k::MPI_ERR_ARG)).unwrap();
        assert_eq!(class_of_code(arg), k::MPI_ERR_ARG);
        assert_eq!(e.string(class), "");
        e.set_string(i64::from(code), "mine".into()).unwrap();
        assert_eq!(e.string(code), "mine");
        assert!(e.add_code(0x4000_0005).is_err());
        assert_eq!(e.string(k::MPI_ERR_RANK), "Invalid rank");
        assert_eq!(e.string(70), "Unknown error class");
        assert_eq!(class_of_code(12345), 57);
    }

    #[test]
    fn a_handler_applies_from_the_object_else_from_mpi_comm_world() {
        let mut e = ErrInfo::default();
        assert_eq!(e.handler_for(Scope::Comm(5)), Handler::Fatal);
        e.set_comm(k::MPI_COMM_WORLD, k::MPI_ERRORS_RETURN);
        assert_eq!(e.handler_for(Scope::Comm(5)), Handler::Return);
        assert_eq!(e.handler_of(Scope::Comm(5)), Handler::Fatal);
        let h = e.create(77, Object::Comm).unwrap();
        assert_eq!(h, HANDLER_BASE);
        e.set_comm(5, h);
        e.inherit_comm(5, 6);
        assert_eq!(e.handler_for(Scope::Comm(6)), Handler::User(77));
        assert!(e.check(i64::from(h), Object::Win).is_err());
        e.free(i64::from(h)).unwrap();
        assert_eq!(e.handler_for(Scope::Comm(6)), Handler::User(77));
        assert!(e.check(i64::from(h), Object::Comm).is_err());
    }

    #[test]
    fn mistakes_mpich_does_not_detect_have_no_class() {
        assert_eq!(class_of(&ErrorKind::CollectiveMismatch("x".into())), None);
        assert_eq!(
            class_of(&ErrorKind::NegativeCount {
                what: "count".into(),
                count: -1
            }),
            Some(k::MPI_ERR_COUNT)
        );
    }
}
