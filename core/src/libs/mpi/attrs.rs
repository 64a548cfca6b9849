//! Attribute caching: keyvals (`MPI_Comm_create_keyval`, `MPI_Type_create_keyval`,
//! `MPI_Win_create_keyval` and MPI-1's `MPI_Keyval_create`) and the attributes a program caches on
//! communicators, datatypes and windows, with their copy and delete callbacks; the attributes
//! MPICH predefines (`MPI_TAG_UB`, … on every communicator; `MPI_WIN_BASE`, … on windows).
//!
//! Keyval handles are MPICH's: `0xa4000000`, the object kind in bits 22–25 (communicator 1,
//! datatype 3, window 8, as `MPI_TAG_UB`'s `0x64400001` and `MPI_WIN_BASE`'s `0x66000001`
//! have), and an index shared by the three kinds. Attributes of an object are kept in the order
//! they were first set (MPICH appends to the object's list); a set over an existing value calls
//! the delete callback on the old value first, as MPICH does.
//!
//! Callbacks are functions of the program. The library, which cannot run C, lists the calls to
//! make ([`AttrWork`]); the VM runs each (as a user-defined reduction's function, `user_op`),
//! writing the function's `int` result where the library reads it, and a nonzero result fails the
//! call with that code. `MPI_Comm_dup` copies after the new communicator is made; `MPI_Comm_free`
//! and `MPI_Type_free` call the delete callbacks after the object is gone (so a failing delete
//! callback cannot keep it alive, where MPICH would); `MPI_Win_free` calls them before the window
//! is freed.

use std::collections::{BTreeMap, VecDeque};
use std::fmt;

use super::buffers::{read_bytes, write_bytes};
use super::error::ErrorKind;
use super::pending::Pending;
use super::user_op::UserCall;
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::Started;

/// `MPI_KEYVAL_INVALID`.
pub const MPI_KEYVAL_INVALID: i32 = 0x2400_0000;
/// The handle bits every keyval a program creates has (MPICH's "direct" keyvals).
const KEYVAL_BASE: u32 = 0xa400_0000;
/// The bits of a keyval handle that name its object kind.
const KIND_BITS: u32 = 0x03c0_0000;
/// At most this many keyvals live at once on a rank.
const MAX_KEYVALS: usize = 1 << 16;

/// `MPI_TAG_UB`, the keyval (the largest tag is its value).
pub const MPI_TAG_UB: i32 = 0x6440_0001;
/// `MPI_HOST`.
pub const MPI_HOST: i32 = 0x6440_0003;
/// `MPI_IO`.
pub const MPI_IO: i32 = 0x6440_0005;
/// `MPI_WTIME_IS_GLOBAL`.
pub const MPI_WTIME_IS_GLOBAL: i32 = 0x6440_0007;
/// `MPI_UNIVERSE_SIZE`.
pub const MPI_UNIVERSE_SIZE: i32 = 0x6440_0009;
/// `MPI_LASTUSEDCODE`.
pub const MPI_LASTUSEDCODE: i32 = 0x6440_000b;
/// `MPI_APPNUM`.
pub const MPI_APPNUM: i32 = 0x6440_000d;
/// `MPI_WIN_BASE`.
pub const MPI_WIN_BASE: i32 = 0x6600_0001;
/// `MPI_WIN_SIZE`.
pub const MPI_WIN_SIZE: i32 = 0x6600_0003;
/// `MPI_WIN_DISP_UNIT`.
pub const MPI_WIN_DISP_UNIT: i32 = 0x6600_0005;
/// `MPI_WIN_CREATE_FLAVOR`.
pub const MPI_WIN_CREATE_FLAVOR: i32 = 0x6600_0007;
/// `MPI_WIN_MODEL`.
pub const MPI_WIN_MODEL: i32 = 0x6600_0009;
/// `MPI_WIN_FLAVOR_CREATE`.
pub const MPI_WIN_FLAVOR_CREATE: i32 = 1;
/// `MPI_WIN_FLAVOR_ALLOCATE`.
pub const MPI_WIN_FLAVOR_ALLOCATE: i32 = 2;
/// `MPI_WIN_FLAVOR_DYNAMIC`.
pub const MPI_WIN_FLAVOR_DYNAMIC: i32 = 3;
/// `MPI_WIN_FLAVOR_SHARED`.
pub const MPI_WIN_FLAVOR_SHARED: i32 = 4;
/// `MPI_WIN_SEPARATE`.
pub const MPI_WIN_SEPARATE: i32 = 1;
/// `MPI_WIN_UNIFIED`.
pub const MPI_WIN_UNIFIED: i32 = 2;
/// `MPI_DUP_FN` (and `MPI_COMM_DUP_FN`, `MPI_TYPE_DUP_FN`, `MPI_WIN_DUP_FN`): MPICH's
/// `MPIR_Dup_fn`, which copies the value; here a value no function pointer has.
pub const MPI_DUP_FN: i32 = 1;

/// The predefined communicator attributes, in `mpi.h`'s order, with MPICH 4.0.2's values under
/// Hydra (`MPI_UNIVERSE_SIZE` is not set: its flag comes back 0). `MPI_TAG_UB` is MPICH's
/// 2^28 − 1 (Rankscope accepts every tag up to `INT_MAX`, so every tag below it works);
/// `MPI_HOST` is `MPI_PROC_NULL`, `MPI_IO` `MPI_ANY_SOURCE` (every rank can do I/O).
const PREDEFINED: [(i32, Option<i32>); 7] = [
    (MPI_TAG_UB, Some(268_435_455)),
    (MPI_HOST, Some(-1)),
    (MPI_IO, Some(-2)),
    (MPI_WTIME_IS_GLOBAL, Some(0)),
    (MPI_UNIVERSE_SIZE, None),
    (MPI_LASTUSEDCODE, Some(0x3fff_ffff)),
    (MPI_APPNUM, Some(0)),
];

/// The kind of object a keyval is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ObjKind {
    /// Communicators.
    Comm,
    /// Datatypes.
    Type,
    /// Windows.
    Win,
}

impl ObjKind {
    /// MPICH's object kind number (in a keyval handle's bits 22–25).
    fn number(self) -> u32 {
        match self {
            ObjKind::Comm => 1,
            ObjKind::Type => 3,
            ObjKind::Win => 8,
        }
    }

    /// What the object is called.
    fn name(self) -> &'static str {
        match self {
            ObjKind::Comm => "communicator",
            ObjKind::Type => "datatype",
            ObjKind::Win => "window",
        }
    }
}

/// A copy callback.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CopyFn {
    /// `MPI_*_NULL_COPY_FN`: the attribute is not copied.
    Null,
    /// `MPI_*_DUP_FN`: the value is copied.
    Dup,
    /// The program's function (a function pointer's value).
    User(i64),
}

impl CopyFn {
    /// The callback a `copy_fn` argument names.
    pub fn of(word: i64) -> CopyFn {
        match word {
            0 => CopyFn::Null,
            w if w == i64::from(MPI_DUP_FN) => CopyFn::Dup,
            f => CopyFn::User(f),
        }
    }
}

/// One keyval.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Keyval {
    kind: ObjKind,
    copy: CopyFn,
    /// The delete callback (`None`: `MPI_*_NULL_DELETE_FN`).
    delete: Option<i64>,
    extra: i64,
    /// `MPI_*_free_keyval` was called (it lives on while attributes use it).
    freed: bool,
    /// Attributes that use it.
    uses: u32,
}

/// Why an attribute call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrError {
    /// A keyval handle that names no live keyval.
    Invalid(i64),
    /// A keyval of another object kind.
    WrongKind {
        /// The keyval.
        keyval: i64,
        /// Its kind.
        is: &'static str,
        /// The kind the call needs.
        wanted: &'static str,
    },
    /// A predefined keyval where a program's is needed (set, delete, free).
    Predefined(i64),
    /// A callback returned this nonzero code.
    Callback {
        /// "copy" or "delete".
        which: &'static str,
        /// Its result.
        code: i32,
    },
    /// Too many keyvals at once.
    TooMany,
    /// A call that waits (communicates) inside an attribute callback.
    Blocking,
}

impl AttrError {
    /// The MPI error class MPICH reports.
    pub fn class(&self) -> &'static str {
        match self {
            AttrError::Callback { .. } => "MPI_ERR_OTHER",
            AttrError::TooMany => "MPI_ERR_INTERN",
            AttrError::Blocking => "MPI_ERR_OTHER",
            _ => "MPI_ERR_KEYVAL",
        }
    }
}

impl fmt::Display for AttrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttrError::Invalid(k) => write!(
                f,
                "keyval {k:#x} is no live keyval: create one with MPI_Comm_create_keyval (or the Type_/Win_ ones) and do not use it after freeing it"
            ),
            AttrError::WrongKind { keyval, is, wanted } => write!(
                f,
                "keyval {keyval:#x} was made for a {is}, not for a {wanted}"
            ),
            AttrError::Predefined(k) => write!(
                f,
                "keyval {k:#x} is predefined: its attribute may be read, not set, deleted or freed"
            ),
            AttrError::Callback { which, code } => {
                write!(f, "the attribute's {which} callback returned {code}")
            }
            AttrError::TooMany => write!(f, "more than {MAX_KEYVALS} keyvals at once"),
            AttrError::Blocking => write!(
                f,
                "called inside an attribute copy or delete callback, where only calls that complete at once (no communication, no waiting) may be made"
            ),
        }?;
        write!(f, " ({})", self.class())
    }
}

impl From<AttrError> for ErrorKind {
    fn from(e: AttrError) -> ErrorKind {
        ErrorKind::Attr(e)
    }
}

/// One callback to make.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Job {
    /// `copy(old, keyval, extra, value, &out, &flag)`; a set flag caches `out` on `to`.
    Copy {
        kind: ObjKind,
        from: i64,
        to: i64,
        index: usize,
        value: i64,
        f: CopyFn,
        extra: i64,
    },
    /// `delete(handle, keyval, value, extra)` of an attribute already removed.
    Delete {
        kind: ObjKind,
        handle: i64,
        index: usize,
        value: i64,
        f: i64,
        extra: i64,
        /// The attribute is gone: its keyval's use ends once the callback returned (so the
        /// callback may free the keyval, as in MPICH).
        release: bool,
        /// The object lives on (`MPI_Comm_delete_attr`, or a value replaced): if the callback
        /// fails, the attribute keeps the value it had, as MPICH leaves it.
        undo: bool,
    },
}

/// A callback in flight: its scratch space.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Running {
    job: Job,
    /// The stack top before the scratch space.
    mark: Addr,
    /// The function's result (an `int`), then the flag (an `int`), then the copy's value.
    words: Addr,
}

/// The callbacks a call makes: an operation to finish first (the new communicator of
/// `MPI_Comm_dup`), the copies or deletes, then an operation to finish after (`MPI_Win_free`'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AttrWork {
    /// Finished first.
    pub(super) first: Option<Pending>,
    /// Once `first` is done: copy the attributes of this communicator to the one whose handle
    /// `first` wrote at this address.
    dup: Option<(i64, Addr)>,
    jobs: VecDeque<Job>,
    running: Option<Running>,
    /// Finished after the callbacks.
    pub(super) then: Option<Pending>,
    /// `MPI_Finalize` leaves MPI after the callbacks.
    finalize: bool,
    /// The object to free after the callbacks (`MPI_Comm_free`, `MPI_Type_free`: the delete
    /// callbacks see it still alive, as in MPICH).
    free: Option<(ObjKind, i64)>,
    /// The duplicate the copy callbacks fill, and where its handle was written: if one fails,
    /// the duplicate is freed and the handle becomes the null handle (MPICH's
    /// `MPIR_Comm_dup_impl` and `MPIR_Type_dup_impl`).
    made: Option<(ObjKind, i64, Addr)>,
}

/// The rank's keyvals and the attributes cached on its objects.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attrs {
    keyvals: Vec<Option<Keyval>>,
    /// Per object: (keyval index, value), in the order first set.
    values: BTreeMap<(ObjKind, i64), Vec<(usize, i64)>>,
    /// The predefined communicator attributes' values, in the heap segment (made on first use).
    predefined: Option<Addr>,
    /// Each window's predefined attributes' values (size, disp unit, flavor, model).
    windows: BTreeMap<i64, Addr>,
    /// The attribute whose delete callback runs: still visible to `get` meanwhile, as in MPICH.
    deleting: Option<(ObjKind, i64, usize, i64)>,
    /// Names given to datatypes and windows (`MPI_Type_set_name`, `MPI_Win_set_name`).
    names: BTreeMap<(ObjKind, i64), Vec<u8>>,
}

/// What a window's predefined attributes say.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WinFacts {
    /// Its memory on this rank.
    pub base: Addr,
    /// Its bytes.
    pub size: u32,
    /// Its displacement unit.
    pub disp_unit: u32,
    /// `MPI_WIN_FLAVOR_*`.
    pub flavor: i32,
}

impl Attrs {
    /// A new keyval.
    pub fn create(
        &mut self,
        kind: ObjKind,
        copy: CopyFn,
        delete: i64,
        extra: i64,
    ) -> Result<i32, AttrError> {
        let index = match self.keyvals.iter().position(Option::is_none) {
            Some(i) => i,
            None if self.keyvals.len() < MAX_KEYVALS => {
                self.keyvals.push(None);
                self.keyvals.len() - 1
            }
            None => return Err(AttrError::TooMany),
        };
        self.keyvals[index] = Some(Keyval {
            kind,
            copy,
            delete: (delete != 0).then_some(delete),
            extra,
            freed: false,
            uses: 0,
        });
        Ok(handle_of(kind, index))
    }

    /// The index of the live keyval `handle` of kind `kind` (`Ok(None)` for a predefined one).
    fn index(&self, kind: ObjKind, handle: i64) -> Result<Option<usize>, AttrError> {
        if predefined_kind(handle).is_some() {
            return if predefined_kind(handle) == Some(kind) {
                Ok(None)
            } else {
                Err(AttrError::WrongKind {
                    keyval: handle,
                    is: predefined_kind(handle).map_or("", ObjKind::name),
                    wanted: kind.name(),
                })
            };
        }
        let h = u32::try_from(handle & 0xffff_ffff).map_err(|_| AttrError::Invalid(handle))?;
        let index = (h & !(KEYVAL_BASE | KIND_BITS)) as usize;
        if i64::from(h as i32) != handle || h & !KIND_BITS & 0xfc00_0000 != KEYVAL_BASE {
            return Err(AttrError::Invalid(handle));
        }
        match self.keyvals.get(index).copied().flatten() {
            // A freed keyval lives on while attributes use it: its handle still works (MPICH).
            Some(k) if handle_of(k.kind, index) != h as i32 => Err(AttrError::Invalid(handle)),
            Some(k) if k.kind != kind => Err(AttrError::WrongKind {
                keyval: handle,
                is: k.kind.name(),
                wanted: kind.name(),
            }),
            Some(_) => Ok(Some(index)),
            None => Err(AttrError::Invalid(handle)),
        }
    }

    /// A program's keyval (predefined ones refused).
    fn own(&self, kind: ObjKind, handle: i64) -> Result<usize, AttrError> {
        self.index(kind, handle)?
            .ok_or(AttrError::Predefined(handle))
    }

    /// `MPI_*_free_keyval`: the keyval is gone for the program; it lives on while attributes
    /// use it.
    pub fn free(&mut self, kind: ObjKind, handle: i64) -> Result<(), AttrError> {
        let index = self.own(kind, handle)?;
        let k = self.keyvals[index]
            .as_mut()
            .ok_or(AttrError::Invalid(handle))?;
        k.freed = true;
        if k.uses == 0 {
            self.keyvals[index] = None;
        }
        Ok(())
    }

    /// One attribute fewer uses keyval `index`.
    fn release(&mut self, index: usize) {
        if let Some(k) = self.keyvals.get_mut(index).and_then(Option::as_mut) {
            k.uses = k.uses.saturating_sub(1);
            if k.freed && k.uses == 0 {
                self.keyvals[index] = None;
            }
        }
    }

    /// Caches `value` on the object (a new attribute goes last, or first when `copy`: copies
    /// keep the original's order); the delete callback to call on the value it replaces.
    fn put(
        &mut self,
        kind: ObjKind,
        handle: i64,
        index: usize,
        value: i64,
        copy: bool,
    ) -> Option<Job> {
        let list = self.values.entry((kind, handle)).or_default();
        if let Some(slot) = list.iter_mut().find(|(i, _)| *i == index) {
            let old = std::mem::replace(&mut slot.1, value);
            let k = self.keyvals[index]?;
            return k.delete.map(|f| Job::Delete {
                kind,
                handle,
                index,
                value: old,
                f,
                extra: k.extra,
                release: false,
                undo: true,
            });
        }
        if copy {
            list.insert(0, (index, value));
        } else {
            list.push((index, value));
        }
        if let Some(k) = self.keyvals.get_mut(index).and_then(Option::as_mut) {
            k.uses += 1;
        }
        None
    }

    /// `MPI_*_set_attr`: the callbacks to make (the old value's delete).
    pub(crate) fn set(
        &mut self,
        kind: ObjKind,
        handle: i64,
        keyval: i64,
        value: i64,
    ) -> Result<AttrWork, AttrError> {
        let index = self.own(kind, keyval)?;
        let jobs = self
            .put(kind, handle, index, value, false)
            .into_iter()
            .collect();
        Ok(AttrWork::new(jobs))
    }

    /// A program's attribute on the object (`None` if not set).
    pub fn get(&self, kind: ObjKind, handle: i64, keyval: i64) -> Result<Option<i64>, AttrError> {
        let Some(index) = self.index(kind, keyval)? else {
            return Ok(None);
        };
        let set = self
            .values
            .get(&(kind, handle))
            .and_then(|l| l.iter().find(|(i, _)| *i == index))
            .map(|(_, v)| *v);
        Ok(set.or(match self.deleting {
            Some((k, h, i, v)) if (k, h, i) == (kind, handle, index) => Some(v),
            _ => None,
        }))
    }

    /// `MPI_*_delete_attr`: removes the attribute (nothing if it is not set); its delete
    /// callback.
    pub(crate) fn delete(
        &mut self,
        kind: ObjKind,
        handle: i64,
        keyval: i64,
    ) -> Result<AttrWork, AttrError> {
        let index = self.own(kind, keyval)?;
        let mut jobs = VecDeque::new();
        if let Some(list) = self.values.get_mut(&(kind, handle)) {
            if let Some(at) = list.iter().position(|(i, _)| *i == index) {
                let (_, value) = list.remove(at);
                if list.is_empty() {
                    self.values.remove(&(kind, handle));
                }
                jobs.extend(self.removed(kind, handle, index, value).map(|mut job| {
                    if let Job::Delete { undo, .. } = &mut job {
                        *undo = true;
                    }
                    job
                }));
            }
        }
        Ok(AttrWork::new(jobs))
    }

    /// The delete callback of an attribute just removed (and the keyval's use released).
    fn removed(&mut self, kind: ObjKind, handle: i64, index: usize, value: i64) -> Option<Job> {
        let k = self.keyvals.get(index).copied().flatten();
        let Some(f) = k.and_then(|k| k.delete) else {
            self.release(index);
            return None;
        };
        Some(Job::Delete {
            kind,
            handle,
            index,
            value,
            f,
            extra: k.map_or(0, |k| k.extra),
            release: true,
            undo: false,
        })
    }

    /// The object is freed: every attribute goes; their delete callbacks, the last set first
    /// (MPICH's list order).
    pub(crate) fn clear(&mut self, kind: ObjKind, handle: i64) -> AttrWork {
        let list = self.values.remove(&(kind, handle)).unwrap_or_default();
        let jobs = list
            .into_iter()
            .rev()
            .filter_map(|(index, value)| self.removed(kind, handle, index, value))
            .collect();
        AttrWork::new(jobs)
    }

    /// Names the object.
    pub fn set_name(&mut self, kind: ObjKind, handle: i64, name: Vec<u8>) {
        self.names.insert((kind, handle), name);
    }

    /// The name given to the object, if any.
    pub fn name(&self, kind: ObjKind, handle: i64) -> Option<&[u8]> {
        self.names.get(&(kind, handle)).map(Vec::as_slice)
    }

    /// Whether the object has attributes.
    pub fn has_any(&self, kind: ObjKind, handle: i64) -> bool {
        self.values.contains_key(&(kind, handle))
    }

    /// The object `to` is a duplicate of `from`: its attributes' copies, the last set first
    /// (MPICH's list order).
    fn copies(&self, kind: ObjKind, from: i64, to: i64) -> VecDeque<Job> {
        let list = self.values.get(&(kind, from)).cloned().unwrap_or_default();
        let mut jobs = VecDeque::new();
        for (index, value) in list.into_iter().rev() {
            let Some(k) = self.keyvals.get(index).copied().flatten() else {
                continue;
            };
            if k.copy != CopyFn::Null {
                jobs.push_back(Job::Copy {
                    kind,
                    from,
                    to,
                    index,
                    value,
                    f: k.copy,
                    extra: k.extra,
                });
            }
        }
        jobs
    }

    /// The address of the predefined communicator attribute `keyval`'s value (`None`: not set).
    fn predefined(&mut self, keyval: i32, mem: &mut Memory) -> Result<Option<Addr>, ErrorKind> {
        let Some(i) = PREDEFINED.iter().position(|(k, _)| *k == keyval) else {
            return Ok(None);
        };
        let Some(value) = PREDEFINED[i].1 else {
            return Ok(None);
        };
        let what = "the predefined attributes";
        let base = match self.predefined {
            Some(a) => a,
            None => {
                let a = mem
                    .alloc_heap(4 * PREDEFINED.len() as u32, 8)
                    .map_err(|error| ErrorKind::Memory { what, error })?;
                self.predefined = Some(a);
                a
            }
        };
        let at = base + 4 * i as Addr;
        write_bytes(mem, at, &value.to_le_bytes(), what)?;
        Ok(Some(at))
    }

    /// `MPI_Comm_get_attr`: the value, predefined or the program's.
    pub fn comm_get(
        &mut self,
        handle: i64,
        keyval: i64,
        mem: &mut Memory,
    ) -> Result<Option<i64>, ErrorKind> {
        if predefined_kind(keyval) == Some(ObjKind::Comm) {
            return Ok(self.predefined(keyval as i32, mem)?.map(i64::from));
        }
        Ok(self.get(ObjKind::Comm, handle, keyval)?)
    }

    /// `MPI_Win_get_attr`: the value, predefined (from `facts`) or the program's.
    pub fn win_get(
        &mut self,
        handle: i64,
        keyval: i64,
        facts: WinFacts,
        mem: &mut Memory,
    ) -> Result<Option<i64>, ErrorKind> {
        if predefined_kind(keyval) != Some(ObjKind::Win) {
            return Ok(self.get(ObjKind::Win, handle, keyval)?);
        }
        if keyval == i64::from(MPI_WIN_BASE) {
            return Ok(Some(i64::from(facts.base)));
        }
        let what = "the window's predefined attributes";
        let base = match self.windows.get(&handle) {
            Some(a) => *a,
            None => {
                let a = mem
                    .alloc_heap(24, 8)
                    .map_err(|error| ErrorKind::Memory { what, error })?;
                self.windows.insert(handle, a);
                a
            }
        };
        write_bytes(mem, base, &i64::from(facts.size).to_le_bytes(), what)?;
        let ints = [facts.disp_unit as i32, facts.flavor, MPI_WIN_UNIFIED];
        for (i, v) in ints.iter().enumerate() {
            write_bytes(mem, base + 8 + 4 * i as Addr, &v.to_le_bytes(), what)?;
        }
        let at = match keyval as i32 {
            MPI_WIN_SIZE => base,
            MPI_WIN_DISP_UNIT => base + 8,
            MPI_WIN_CREATE_FLAVOR => base + 12,
            MPI_WIN_MODEL => base + 16,
            _ => return Ok(None),
        };
        Ok(Some(i64::from(at)))
    }

    /// The work of duplicating `from` into the object whose handle `first` writes at `out`.
    pub(crate) fn dup_after(&self, first: Pending, from: i64, out: Addr) -> AttrWork {
        AttrWork {
            first: Some(first),
            dup: Some((from, out)),
            ..AttrWork::new(VecDeque::new())
        }
    }

    /// The work of duplicating the datatype `from` into `to` (made already, its handle written
    /// at `out`).
    pub(crate) fn dup_type(&self, from: i64, to: i64, out: Addr) -> AttrWork {
        AttrWork {
            made: Some((ObjKind::Type, to, out)),
            ..AttrWork::new(self.copies(ObjKind::Type, from, to))
        }
    }
}

/// The keyval handle of index `index` for objects of `kind`.
fn handle_of(kind: ObjKind, index: usize) -> i32 {
    (KEYVAL_BASE | (kind.number() << 22) | index as u32) as i32
}

/// The object kind of a predefined keyval.
fn predefined_kind(keyval: i64) -> Option<ObjKind> {
    let k = i32::try_from(keyval).ok()?;
    if PREDEFINED.iter().any(|(p, _)| *p == k) {
        return Some(ObjKind::Comm);
    }
    [
        MPI_WIN_BASE,
        MPI_WIN_SIZE,
        MPI_WIN_DISP_UNIT,
        MPI_WIN_CREATE_FLAVOR,
        MPI_WIN_MODEL,
    ]
    .contains(&k)
    .then_some(ObjKind::Win)
}

impl AttrWork {
    /// Callbacks to make.
    fn new(jobs: VecDeque<Job>) -> AttrWork {
        AttrWork {
            first: None,
            dup: None,
            jobs,
            running: None,
            then: None,
            finalize: false,
            free: None,
            made: None,
        }
    }

    /// Whether there is nothing to do.
    pub fn is_empty(&self) -> bool {
        self.first.is_none() && self.jobs.is_empty() && self.then.is_none()
    }

    /// The same work, then `op`.
    pub fn then(mut self, op: Pending) -> AttrWork {
        self.then = Some(op);
        self
    }

    /// Once `first` is done: the copies to make (`MPI_*_DUP_FN` ones made at once).
    pub(super) fn start_dup(&mut self, attrs: &mut Attrs, mem: &Memory) -> Result<(), ErrorKind> {
        let Some((from, out)) = self.dup.take() else {
            return Ok(());
        };
        let b = read_bytes(mem, out, 4, "the new communicator")?;
        let to = i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        if to != i64::from(super::constants::MPI_COMM_NULL) {
            self.jobs = attrs.copies(ObjKind::Comm, from, to);
            self.made = Some((ObjKind::Comm, to, out));
        }
        Ok(())
    }

    /// Runs the callbacks: the next call for the VM to make, or `None` once all are done. After
    /// each call, call again.
    pub(super) fn step_calls(
        &mut self,
        attrs: &mut Attrs,
        mem: &mut Memory,
    ) -> Result<Option<UserCall>, ErrorKind> {
        let what = "the attribute callback's scratch space";
        if let Some(r) = self.running.take() {
            let word = |at: Addr| -> Result<i32, ErrorKind> {
                let b = read_bytes(mem, at, 4, what)?;
                Ok(i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            };
            let code = word(r.words)?;
            let flag = word(r.words + 4)?;
            let b = read_bytes(mem, r.words + 8, 8, what)?;
            let mut w = [0u8; 8];
            w.copy_from_slice(&b);
            let out = i64::from_le_bytes(w);
            mem.release_to(r.mark);
            attrs.deleting = None;
            match r.job {
                // A failed delete leaves the attribute as it was (MPICH returns before
                // removing or replacing it).
                Job::Delete {
                    kind,
                    handle,
                    index,
                    value,
                    release,
                    undo: true,
                    ..
                } if code != 0 => {
                    // Put back (or back to the old value); a put counts a use of the keyval
                    // again, which the removed attribute still held.
                    let _ = attrs.put(kind, handle, index, value, false);
                    if release {
                        attrs.release(index);
                    }
                }
                Job::Delete {
                    index,
                    release: true,
                    ..
                } => attrs.release(index),
                _ => {}
            }
            let which = match r.job {
                Job::Copy { .. } => "copy",
                Job::Delete { .. } => "delete",
            };
            if code != 0 {
                self.jobs.clear();
                return Err(AttrError::Callback { which, code }.into());
            }
            if let Job::Copy {
                kind, to, index, ..
            } = r.job
            {
                if flag != 0 {
                    // A copy replaces nothing: the new object had no attributes.
                    attrs.put(kind, to, index, out, true);
                }
            }
        }
        let job = loop {
            match self.jobs.pop_front() {
                None => return Ok(None),
                Some(Job::Copy {
                    kind,
                    to,
                    index,
                    value,
                    f: CopyFn::Dup,
                    ..
                }) => {
                    attrs.put(kind, to, index, value, true);
                }
                Some(Job::Copy {
                    f: CopyFn::Null, ..
                }) => {}
                Some(job) => break job,
            }
        };
        let mark = mem.top();
        let words = mem
            .alloc(16, 8)
            .map_err(|error| ErrorKind::Memory { what, error })?;
        self.running = Some(Running { job, mark, words });
        if let Job::Delete {
            kind,
            handle,
            index,
            value,
            release: true,
            ..
        } = job
        {
            attrs.deleting = Some((kind, handle, index, value));
        }
        let (function, args, argc, what) = match job {
            Job::Copy {
                kind,
                from,
                index,
                value,
                f,
                extra,
                ..
            } => (
                match f {
                    CopyFn::User(f) => f,
                    CopyFn::Null | CopyFn::Dup => 0,
                },
                [
                    from,
                    i64::from(handle_of(kind, index)),
                    extra,
                    value,
                    i64::from(words + 8),
                    i64::from(words + 4),
                ],
                6,
                "an attribute copy callback",
            ),
            Job::Delete {
                kind,
                handle,
                index,
                value,
                f,
                extra,
                ..
            } => (
                f,
                [
                    handle,
                    i64::from(handle_of(kind, index)),
                    value,
                    extra,
                    0,
                    0,
                ],
                4,
                "an attribute delete callback",
            ),
        };
        Ok(Some(UserCall {
            function,
            args,
            argc,
            result: words,
            what,
            variadic: false,
        }))
    }
}

impl super::state::MpiState {
    /// The rank's keyvals and attributes.
    pub(super) fn attrs(&mut self) -> &mut Attrs {
        self.attrs.get_or_insert_with(Box::default)
    }

    /// Advances attribute work: the operation first, the callbacks, the operation after.
    pub(super) fn attr_step(
        &mut self,
        work: &mut AttrWork,
        mem: &mut Memory,
        ctx: &mut crate::engine::RankCtx<'_>,
    ) -> Result<Option<super::collective::Wait>, ErrorKind> {
        use super::collective::Wait;
        if let Some(first) = &mut work.first {
            let step = first.step(
                &mut self.requests,
                &mut self.windows,
                &mut self.comms,
                mem,
                ctx,
            )?;
            if let Some(step) = step {
                return Ok(Some(Wait::Engine(step)));
            }
            work.first = None;
            work.start_dup(self.attrs(), mem)?;
        }
        match work.step_calls(self.attrs(), mem) {
            Ok(Some(call)) => return Ok(Some(Wait::Call(call))),
            Ok(None) => {}
            Err(e) => {
                if let Some((kind, handle, out)) = work.made.take() {
                    self.unmake(kind, handle, out, mem, ctx)?;
                }
                return Err(e);
            }
        }
        if let Some(then) = &mut work.then {
            let step = then.step(
                &mut self.requests,
                &mut self.windows,
                &mut self.comms,
                mem,
                ctx,
            )?;
            if let Some(step) = step {
                return Ok(Some(Wait::Engine(step)));
            }
            work.then = None;
        }
        match work.free.take() {
            Some((ObjKind::Comm, h)) => self.free_comm(h, ctx)?,
            Some((ObjKind::Type, h)) => {
                self.types().free(h)?;
                self.attrs().names.remove(&(ObjKind::Type, h));
            }
            Some((ObjKind::Win, _)) | None => {}
        }
        if std::mem::take(&mut work.finalize) {
            super::functions::environment::leave(self, ctx);
        }
        Ok(None)
    }

    /// A duplicate whose copy callback failed goes: its attributes copied so far are dropped
    /// (their delete callbacks are not run), the object freed, the program's handle at `out` set
    /// to the null handle.
    fn unmake(
        &mut self,
        kind: ObjKind,
        handle: i64,
        out: Addr,
        mem: &mut Memory,
        ctx: &crate::engine::RankCtx<'_>,
    ) -> Result<(), ErrorKind> {
        let attrs = self.attrs();
        let dropped = attrs.values.remove(&(kind, handle)).unwrap_or_default();
        for (index, _) in dropped {
            attrs.release(index);
        }
        let null = match kind {
            ObjKind::Comm => {
                self.free_comm(handle, ctx)?;
                super::constants::MPI_COMM_NULL
            }
            ObjKind::Type => {
                self.types().free(handle)?;
                super::constants::MPI_DATATYPE_NULL
            }
            ObjKind::Win => return Ok(()),
        };
        super::buffers::write_int(mem, out, null, "the new handle")
    }

    /// `MPI_Comm_dup`'s start `started` (the new communicator's creation, whose handle goes to
    /// `out`), followed by the copy callbacks of `old`'s attributes if it has any.
    pub(crate) fn with_attr_copies(&mut self, started: Started, old: i64, out: Addr) -> Started {
        match started {
            Started::Wait(op) if self.attrs().has_any(ObjKind::Comm, old) => {
                let work = self.attrs().dup_after(op, old, out);
                Started::Wait(Pending::Attrs(Box::new(work)))
            }
            other => other,
        }
    }

    /// The object `handle` is being freed by `started`: its attributes go, their delete
    /// callbacks run first.
    pub(crate) fn with_attr_deletes(
        &mut self,
        kind: ObjKind,
        handle: i64,
        started: Started,
    ) -> Started {
        if self.attrs.is_none() {
            return started;
        }
        let work = self.attrs().clear(kind, handle);
        match started {
            Started::Wait(op) if !work.is_empty() => work.then(op).started(),
            other => other,
        }
    }

    /// `MPI_Finalize`'s start: the delete callbacks of `MPI_COMM_SELF`'s attributes, then
    /// `MPI_COMM_WORLD`'s, before MPI is left (`None`: there are none).
    pub(crate) fn attrs_at_finalize(&mut self) -> Option<Started> {
        self.attrs.as_ref()?;
        let mut work = self
            .attrs()
            .clear(ObjKind::Comm, i64::from(super::constants::MPI_COMM_SELF));
        let world = self
            .attrs()
            .clear(ObjKind::Comm, i64::from(super::constants::MPI_COMM_WORLD));
        work.jobs.extend(world.jobs);
        if work.jobs.is_empty() {
            return None;
        }
        work.finalize = true;
        Some(work.started())
    }

    /// `MPI_Comm_free` or `MPI_Type_free` of `handle`, which has attributes: their delete
    /// callbacks run, then the object is freed (`None`: no attributes; free it now).
    pub(crate) fn free_after_attrs(&mut self, kind: ObjKind, handle: i64) -> Option<Started> {
        if !self.attrs.as_ref()?.has_any(kind, handle) {
            return None;
        }
        let mut work = self.attrs().clear(kind, handle);
        work.free = Some((kind, handle));
        Some(Started::Wait(Pending::Attrs(Box::new(work))))
    }

    /// The object `handle` was freed: its attributes go, their delete callbacks run.
    pub(crate) fn attrs_freed(&mut self, kind: ObjKind, handle: i64) -> Result<Started, ErrorKind> {
        if self.attrs.is_none() {
            return crate::libs::function::done();
        }
        self.attrs().names.remove(&(kind, handle));
        let work = self.attrs().clear(kind, handle);
        Ok(work.started())
    }
}

impl AttrWork {
    /// The call's start: `MPI_SUCCESS` at once, or the callbacks to run.
    pub(crate) fn started(self) -> Started {
        if self.is_empty() {
            Started::Return(super::state::Value::Int(super::constants::MPI_SUCCESS))
        } else {
            Started::Wait(Pending::Attrs(Box::new(self)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyvals_have_mpichs_handles_and_live_while_used() {
        let mut a = Attrs::default();
        let c = a.create(ObjKind::Comm, CopyFn::Null, 0, 0).unwrap();
        let t = a.create(ObjKind::Type, CopyFn::Dup, 0, 0).unwrap();
        let w = a.create(ObjKind::Win, CopyFn::Null, 0, 0).unwrap();
        assert_eq!(
            (c as u32, t as u32, w as u32),
            (0xa440_0000, 0xa4c0_0001, 0xa600_0002)
        );
        assert!(matches!(
            a.get(ObjKind::Type, 5, i64::from(c)),
            Err(AttrError::WrongKind { .. })
        ));
        assert!(a
            .set(ObjKind::Comm, 7, i64::from(c), 42)
            .unwrap()
            .is_empty());
        a.free(ObjKind::Comm, i64::from(c)).unwrap();
        // As in MPICH, a freed keyval still in use keeps working through a copy of its handle,
        // and freeing it again meanwhile is no error.
        assert_eq!(a.get(ObjKind::Comm, 7, i64::from(c)), Ok(Some(42)));
        a.free(ObjKind::Comm, i64::from(c)).unwrap();
        assert!(a.keyvals[0].is_some(), "still used by an attribute");
        assert!(a.clear(ObjKind::Comm, 7).is_empty());
        assert!(a.keyvals[0].is_none());
        assert_eq!(
            a.free(ObjKind::Comm, i64::from(c)),
            Err(AttrError::Invalid(i64::from(c)))
        );
        assert_eq!(
            a.set(ObjKind::Comm, 7, i64::from(MPI_TAG_UB), 1),
            Err(AttrError::Predefined(i64::from(MPI_TAG_UB)))
        );
    }

    #[test]
    fn dup_fn_copies_at_once_and_user_callbacks_are_called() {
        let mut a = Attrs::default();
        let d = a.create(ObjKind::Type, CopyFn::Dup, 0, 0).unwrap();
        let u = a.create(ObjKind::Type, CopyFn::User(99), 77, 5).unwrap();
        a.set(ObjKind::Type, 1, i64::from(d), 10).unwrap();
        a.set(ObjKind::Type, 1, i64::from(u), 20).unwrap();
        let mut work = a.dup_type(1, 2, 0);
        let mut mem = Memory::new(1 << 16);
        let top = mem.top();
        let call = work.step_calls(&mut a, &mut mem).unwrap().unwrap();
        assert_eq!((call.function, call.argc), (99, 6));
        assert_eq!(&call.args[..4], &[1, i64::from(u), 5, 20]);
        // The program's function sets the flag and the new value, and returns 0.
        mem.write(call.args[4] as Addr, &30i64.to_le_bytes())
            .unwrap();
        mem.write_i32(call.args[5] as Addr, 1).unwrap();
        assert_eq!(work.step_calls(&mut a, &mut mem).unwrap(), None);
        assert_eq!(a.get(ObjKind::Type, 2, i64::from(u)), Ok(Some(30)));
        assert_eq!(a.get(ObjKind::Type, 2, i64::from(d)), Ok(Some(10)));
        assert_eq!(
            a.values[&(ObjKind::Type, 2)],
            a.values[&(ObjKind::Type, 1)]
                .iter()
                .map(|&(i, _)| (i, if i == 0 { 10 } else { 30 }))
                .collect::<Vec<_>>(),
            "the original's order"
        );
        assert_eq!(mem.top(), top);
        // Freeing the copy calls the delete callback with its value; a nonzero result fails.
        let mut work = a.clear(ObjKind::Type, 2);
        let call = work.step_calls(&mut a, &mut mem).unwrap().unwrap();
        assert_eq!((call.function, call.argc, call.args[2]), (77, 4, 30));
        mem.write_i32(call.result, 3).unwrap();
        assert_eq!(
            work.step_calls(&mut a, &mut mem),
            Err(ErrorKind::Attr(AttrError::Callback {
                which: "delete",
                code: 3
            }))
        );
    }
}
