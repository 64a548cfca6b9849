//! [`MpiState`]: one rank's MPI library — its phase (before `MPI_Init`, running, finalized), its
//! request table, its collective sequence number and the call it is blocked in — and the dispatch
//! of each [`MpiCall`].
//!
//! The VM evaluates a call's arguments, calls [`MpiState::call`] and either pushes the returned
//! value or, for [`Outcome::Block`], returns that [`Step`] to the engine; when the engine resumes
//! the rank, the VM calls [`MpiState::resume`] (which may block again, e.g. a collective's next
//! round) until it returns a value. A reduction with a user-defined operation may instead return
//! [`Outcome::Call`]: the VM runs the program's function, then calls [`MpiState::resume`] at
//! once (`user_op`).

use std::collections::BTreeSet;

use super::bsend::BsendBuffer;
use super::buffers::{check_bytes, element, read_int, write_int, write_status, StatusFields};
use super::collective::Wait;
use super::comm_ctx::CommCtx;
use super::constants::{MPI_REQUEST_NULL, MPI_SUCCESS};
use super::datatype::Datatype;
use super::derived::Types;
use super::errhandler::{class_of, ErrInfo, Handler, Scope};
use super::error::{ErrorKind, MpiError};
use super::note::{check_collective, Origin, Said, Signature};
use super::pending::{empty_status, Nonblocking, Pending, Tested, Then};
use super::requests::{Entry, Lookup, Requests, UserRequest};
use super::transfer::Transfer;
use super::user_op::{Op, UserCall, UserOps};
use super::window::Windows;
use crate::engine::{RankCtx, ReqId, Step};
use crate::lang::vm::memory::{Addr, Memory};
use crate::libs::function::{Args, MpiCall, Run, Started};
use crate::proto::p2p::{Note, PointToPoint};
use crate::time::SimTime;

/// What an MPI function returns to the program.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Value {
    /// An `int` (`MPI_SUCCESS` for every function but `MPI_Wtime`).
    Int(i32),
    /// A `double` (`MPI_Wtime`).
    Double(f64),
    /// A 64-bit integer or address (ACP's `acp_ga_t`, `acp_handle_t`, `void *`).
    Word(i64),
}

/// Another name for [`Value`].
pub type RetVal = Value;

/// What the VM does after [`MpiState::call`] or [`MpiState::resume`].
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The call is complete: continue with this value.
    Return(Value),
    /// The call is blocked: hand this step to the engine and call [`MpiState::resume`] when the
    /// rank is resumed.
    Block(Step),
    /// The call needs the program's function (a user-defined reduction): run it to its return
    /// (it may not call MPI or block), then call [`MpiState::resume`].
    Call(UserCall),
}

/// Where a rank is in MPI's life cycle.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Phase {
    /// Before `MPI_Init`.
    #[default]
    Before,
    /// Between `MPI_Init` and `MPI_Finalize`.
    Running,
    /// After `MPI_Finalize`.
    Finalized,
}

/// The call a rank is blocked in.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Blocked {
    call: &'static str,
    op: Pending,
    /// The call waits for the program's function to return (not for the engine).
    in_user_op: bool,
    /// That function is an attribute callback (`attrs`): it may make MPI calls that complete at
    /// once.
    in_attr_callback: bool,
    /// A collective's note (what its messages carry; all zeros for other calls).
    note: Note,
}

/// One rank's MPI library state. Small when idle (no heap until requests, freed transfers or a
/// blocked call exist); `Clone` for the simulator's checkpoints.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MpiState {
    phase: Phase,
    pub(super) requests: Requests,
    /// Requests freed by `MPI_Request_free` while active: finished in the background.
    pub(super) detached: Vec<(ReqId, Transfer)>,
    blocked: Option<Box<Blocked>>,
    /// Collectives started so far (folded into their tags).
    pub(super) collectives: u32,
    /// The rank's windows, once it created one.
    pub(super) windows: Option<Box<Windows>>,
    /// The buffer attached for buffered sends.
    pub(super) bsend: Option<Box<BsendBuffer>>,
    /// The communicators and groups the rank created, once it created one.
    pub(super) comms: Option<Box<super::comm::Comms>>,
    /// The rank's derived datatypes, once it made one.
    types: Option<Box<Types>>,
    /// The rank's user-defined reduction operations, once it made one.
    pub(super) user_ops: Option<Box<UserOps>>,
    /// The rank's keyvals, cached attributes and object names, once it used one.
    pub(super) attrs: Option<Box<super::attrs::Attrs>>,
    /// The call being run (or blocked in): its function and source line.
    pub(super) origin: Origin,
    /// The line of `MPI_Init` (for the warning when the program ends without `MPI_Finalize`;
    /// 0 past line 65,535: two bytes keep an idle library within its sixteen words).
    init_line: u16,
    /// The thread level `MPI_Init_thread` provided (`MPI_THREAD_SINGLE`, 0, after `MPI_Init`).
    thread_level: u8,
    /// Error handlers, added error codes and info objects, once the program touched any (until
    /// then every error stops the rank, as `MPI_ERRORS_ARE_FATAL` does).
    pub(super) errinfo: Option<Box<ErrInfo>>,
}

/// A non-negative array length.
pub(super) fn length(count: i64) -> Result<u32, ErrorKind> {
    u32::try_from(count).map_err(|_| {
        if count < 0 {
            ErrorKind::NegativeCount {
                what: "count".to_string(),
                count,
            }
        } else {
            ErrorKind::TooLarge {
                what: "count".to_string(),
                count,
                dtype: Datatype::Int,
            }
        }
    })
}

impl MpiState {
    /// A rank before `MPI_Init`.
    pub fn new() -> MpiState {
        MpiState::default()
    }

    /// Starts an MPI call: checks its arguments, reads and writes buffers, statuses and request
    /// handles in `mem`, issues operations through `ctx`. Returns the function's value, or the
    /// step to block on (then call [`MpiState::resume`] when the engine resumes the rank).
    ///
    /// Only MPI's functions run here; [`crate::libs::Libraries::call`] runs every library's.
    pub fn call(
        &mut self,
        call: MpiCall,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Outcome, MpiError> {
        self.call_with(call, mem, ctx, |s, args, mem, ctx, run| match run {
            Run::Mpi(run) => run(s, args, mem, ctx),
            Run::Acp(_) | Run::Pvm(_) => Err(ErrorKind::Internal(
                "an ACP or PVM function was called on MPI's state alone",
            )),
        })
    }

    /// [`MpiState::call`] with `run` running the function's code (on its own library's state):
    /// the one call in flight on the rank, whatever its library, is driven, blocked, resumed and
    /// charged here.
    pub(crate) fn call_with(
        &mut self,
        call: MpiCall,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
        run: impl FnOnce(
            &mut MpiState,
            &Args<'_>,
            &mut Memory,
            &mut RankCtx<'_>,
            Run,
        ) -> Result<Started, ErrorKind>,
    ) -> Result<Outcome, MpiError> {
        let name = call.name();
        let nested = self.blocked.as_ref().is_some_and(|b| b.in_attr_callback);
        self.note_scope(&call);
        let outcome = match self.start(&call, mem, ctx, run) {
            Ok(outcome) => self.after(outcome, mem),
            Err(kind) => self.error(name, kind, mem)?,
        };
        if nested {
            // A call inside an attribute callback returned at once; the time stays with the
            // call that runs the callback.
            return Ok(outcome);
        }
        Ok(self.charge(name, outcome, ctx))
    }

    /// The rank's error handlers, error codes and info objects (created on first use).
    pub(super) fn errinfo(&mut self) -> &mut ErrInfo {
        self.errinfo.get_or_insert_with(Box::default)
    }

    /// Notes whose error handler applies to `call` (its first communicator or window argument)
    /// and, for a call that makes a communicator, where the new handle goes — only once the
    /// program touched error handlers.
    fn note_scope(&mut self, call: &MpiCall) {
        use crate::lang::sema::builtins::ParamKind as K;
        use crate::lang::syntax::ast::BaseType;
        use crate::libs::handles::HandleKind;
        let Some(e) = self.errinfo.as_deref_mut() else {
            return;
        };
        if e.in_handler() {
            return;
        }
        let (mut scope, mut out, mut info, mut win) = (Scope::World, None, None, None);
        for (p, &arg) in call.function.sig.params.iter().zip(&call.args) {
            let handle = i32::try_from(arg).unwrap_or(0);
            match p.kind {
                K::Handle(HandleKind::COMM) if scope == Scope::World => scope = Scope::Comm(handle),
                K::Handle(HandleKind::WIN) if scope == Scope::World => scope = Scope::Win(handle),
                K::Ptr(BaseType::Handle(HandleKind::COMM)) => out = Addr::try_from(arg).ok(),
                K::Handle(HandleKind::INFO) if handle != super::constants::MPI_INFO_NULL => {
                    info = Some(arg);
                }
                K::Ptr(BaseType::Handle(HandleKind::WIN)) => win = Addr::try_from(arg).ok(),
                _ => {}
            }
        }
        e.win_hints = info.zip(win);
        e.scope = scope;
        e.inherit = match (scope, out) {
            (Scope::Comm(parent), Some(out)) => Some((parent, out)),
            _ => None,
        };
    }

    /// A call that completed: a communicator it made inherits its parent's handler, a window it
    /// made with an info object keeps the hints MPICH knows of it; a call that asked for the
    /// program's error handler (`MPI_Comm_call_errhandler`) runs it.
    fn after(&mut self, outcome: Outcome, mem: &mut Memory) -> Outcome {
        let Some(e) = self.errinfo.as_deref_mut() else {
            return outcome;
        };
        if let Some(call) = e.call_now.take() {
            return Outcome::Call(call);
        }
        if let (Outcome::Return(_), Some((parent, out))) = (&outcome, e.inherit) {
            e.inherit = None;
            if let Ok(new) = mem.read_i32(out) {
                e.inherit_comm(parent, new);
            }
        }
        if let (Outcome::Return(_), Some((info, out))) = (&outcome, e.win_hints) {
            e.win_hints = None;
            if let (Ok(win), Ok(pairs)) = (mem.read_i32(out), e.infos.get(info)) {
                let pairs = pairs.to_vec();
                let set = e.infos.win_hints.entry(win).or_default();
                super::info::merge_hints(super::info::WIN_HINTS, set, &pairs);
            }
        }
        outcome
    }

    /// A call `name` failed with `kind`: the error handler that applies decides — stop the
    /// rank, return the error's class, or run the program's handler first.
    fn error(
        &mut self,
        name: &'static str,
        kind: ErrorKind,
        mem: &mut Memory,
    ) -> Result<Outcome, MpiError> {
        let class = class_of(&kind);
        let e = match (self.errinfo.as_deref_mut(), class) {
            (Some(e), Some(_)) if !e.in_handler() => e,
            _ => return Err(MpiError::new(name, kind)),
        };
        let class = class.unwrap_or(0);
        e.inherit = None;
        match e.handler_for(e.scope) {
            Handler::Fatal => Err(MpiError::new(name, kind)),
            Handler::Return => Ok(Outcome::Return(Value::Int(class))),
            Handler::User(function) => {
                let object = match e.scope {
                    Scope::Comm(h) | Scope::Win(h) => h,
                    Scope::World => super::constants::MPI_COMM_WORLD,
                };
                let call = e
                    .run_user(function, object, class, class, name, mem)
                    .map_err(|kind| MpiError::new(name, kind))?;
                Ok(Outcome::Call(call))
            }
        }
    }

    /// Charges the processor time the call spent issuing its operations (request-based engines;
    /// see `RankCtx::take_call_time`): the rank computes that long before the call returns or
    /// waits. A blocked call is simply advanced again when the rank resumes.
    fn charge(&mut self, name: &'static str, outcome: Outcome, ctx: &mut RankCtx<'_>) -> Outcome {
        if let Outcome::Call(_) = outcome {
            // The time stays with the call (in the engine) until the function returned.
            return outcome;
        }
        let spent = ctx.take_call_time();
        if spent == SimTime::ZERO {
            return outcome;
        }
        if let Outcome::Return(_) = outcome {
            // Every call that issues operations returns MPI_SUCCESS once the time is spent.
            self.blocked = Some(Box::new(Blocked {
                call: name,
                op: Pending::Poll { polled: true },
                in_user_op: false,
                in_attr_callback: false,
                note: Note::default(),
            }));
        }
        Outcome::Block(Step::Library {
            call: name,
            time: spent,
        })
    }

    /// Continues the blocked call after the engine resumed the rank: its value, or the next step
    /// to block on.
    pub fn resume(&mut self, mem: &mut Memory, ctx: &mut RankCtx<'_>) -> Result<Outcome, MpiError> {
        if let Some((call, value)) = self.errinfo.as_mut().and_then(|e| e.finish_user(mem)) {
            // The program's error handler returned: the failed call returns its code.
            return Ok(self.charge(call, Outcome::Return(Value::Int(value)), ctx));
        }
        let Some(blocked) = self.blocked.take() else {
            return Err(MpiError::new(
                "MPI",
                ErrorKind::Internal("resumed without a blocked MPI call"),
            ));
        };
        let Blocked { call, op, note, .. } = *blocked;
        let outcome = match self.drive(call, op, note, mem, ctx) {
            Ok(outcome) => self.after(outcome, mem),
            Err(kind) => self.error(call, kind, mem)?,
        };
        Ok(self.charge(call, outcome, ctx))
    }

    /// The MPI function the rank is blocked in, if any (for deadlock reports).
    pub fn blocked_call(&self) -> Option<&'static str> {
        self.blocked.as_ref().map(|b| b.call)
    }

    /// The MPI function the rank is blocked in and what it waits for, if it is blocked.
    pub(super) fn blocked_op(&self) -> Option<(&'static str, &Pending)> {
        self.blocked.as_ref().map(|b| (b.call, &b.op))
    }

    /// Whether `MPI_Init` was called.
    pub fn is_initialized(&self) -> bool {
        self.phase != Phase::Before
    }

    /// Whether `MPI_Finalize` was called.
    pub fn is_finalized(&self) -> bool {
        self.phase == Phase::Finalized
    }

    /// This rank's memory of window `window` (its base address and bytes), if the window is
    /// live (for applying other ranks' one-sided accesses).
    pub fn window_memory(&self, window: u32) -> Option<(Addr, u32)> {
        self.windows.as_ref()?.memory(window)
    }

    /// Handles of the requests that are still active (started and not completed), in increasing
    /// order — for a warning when a program ends with communication outstanding.
    pub fn active_requests(&self) -> Vec<i32> {
        self.requests.active_handles()
    }

    /// Advances `op` (a collective's messages carrying `note`); keeps it as the blocked call if
    /// it must wait.
    fn drive(
        &mut self,
        call: &'static str,
        mut op: Pending,
        note: Note,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Outcome, ErrorKind> {
        let next = match &mut op {
            Pending::Collective(comm, c) => {
                c.step(mem, &mut CommCtx::new(ctx, comm).with_note(note))?
            }
            Pending::Started(nb, _) => {
                nb.note = note;
                let step = nb
                    .running
                    .step(mem, &mut CommCtx::new(ctx, &nb.comm).with_note(note))?;
                if let Some(returned) = self.started(&mut op, &step, mem, ctx)? {
                    return Ok(returned);
                }
                step
            }
            Pending::Resumed(nb, _) => {
                let note = nb.note;
                let step = nb
                    .running
                    .step(mem, &mut CommCtx::new(ctx, &nb.comm).with_note(note))?;
                if let Some(returned) = self.resumed(&mut op, &step, mem, ctx)? {
                    return Ok(returned);
                }
                step
            }
            Pending::Attrs(work) => self.attr_step(work, mem, ctx)?,
            _ => op
                .step(
                    &mut self.requests,
                    &mut self.windows,
                    &mut self.comms,
                    mem,
                    ctx,
                )?
                .map(Wait::Engine),
        };
        let in_attr_callback = matches!(op, Pending::Attrs(_));
        let (outcome, in_user_op) = match next {
            None => return Ok(Outcome::Return(op.value())),
            Some(Wait::Engine(step)) => (Outcome::Block(step), false),
            Some(Wait::Call(c)) => (Outcome::Call(c), true),
        };
        self.blocked = Some(Box::new(Blocked {
            call,
            op,
            in_user_op,
            in_attr_callback: in_user_op && in_attr_callback,
            note,
        }));
        Ok(outcome)
    }

    /// A non-blocking collective's start after a step: once it completed or waits for
    /// messages, its request is made and the call returns (`Some`); `None` while it computes
    /// or calls a user function (the call blocks for that, as a blocking collective's would).
    fn started(
        &mut self,
        op: &mut Pending,
        step: &Option<Wait>,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Option<Outcome>, ErrorKind> {
        let Some(done) = settled(step) else {
            return Ok(None);
        };
        let Pending::Started(nb, request) = std::mem::replace(op, Pending::Poll { polled: true })
        else {
            return Err(ErrorKind::Internal(
                "a non-blocking collective's start vanished",
            ));
        };
        let again = nb.again.as_ref().map(|a| a.handle);
        let transfer = Transfer::Collective(nb, done);
        let active = Some(transfer.post(mem, ctx)?);
        if let (Some(handle), Some(req)) = (again, active) {
            // `MPI_Start` of a persistent collective: its request, active again.
            self.requests.restore(handle, req, transfer, self.origin);
            return Ok(Some(Outcome::Return(Value::Int(MPI_SUCCESS))));
        }
        let handle = self.requests.insert(UserRequest {
            transfer,
            persistent: false,
            active,
            origin: self.origin,
            cancelled: false,
            companion: None,
            buffered: false,
        })?;
        write_int(mem, request, handle, "the request handle")?;
        Ok(Some(Outcome::Return(Value::Int(MPI_SUCCESS))))
    }

    /// A non-blocking collective continued by `MPI_Wait` or `MPI_Test` after a step: `MPI_Test`
    /// returns once it completed (flag 1) or waits for messages again (flag 0, the request kept);
    /// `MPI_Wait` returns once it completed. `None`: go on.
    fn resumed(
        &mut self,
        op: &mut Pending,
        step: &Option<Wait>,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<Option<Outcome>, ErrorKind> {
        let Pending::Resumed(_, then) = op else {
            return Ok(None);
        };
        let returned = Some(Outcome::Return(Value::Int(MPI_SUCCESS)));
        let t = match then {
            Then::Test(t) => *t,
            Then::Redo { .. } => {
                if step.is_some() {
                    return Ok(None);
                }
                let Pending::Resumed(
                    nb,
                    Then::Redo {
                        handle,
                        req,
                        name,
                        words,
                    },
                ) = std::mem::replace(op, Pending::Poll { polled: true })
                else {
                    return Err(ErrorKind::Internal("a waited-for collective vanished"));
                };
                self.requests
                    .restore(handle, req, Transfer::Collective(nb, true), self.origin);
                let function = crate::libs::table::find(name)
                    .map(|(_, f)| f)
                    .ok_or(ErrorKind::Internal("a wait's function vanished"))?;
                let Run::Mpi(run) = function.run else {
                    return Err(ErrorKind::Internal("a wait that is no MPI function"));
                };
                let args = Args {
                    name,
                    words: &words,
                };
                return Ok(Some(match run(self, &args, mem, ctx)? {
                    Started::Return(value) => Outcome::Return(value),
                    Started::Wait(next) => self.drive(name, next, Note::default(), mem, ctx)?,
                }));
            }
        };
        let Some(done) = settled(step) else {
            return Ok(None);
        };
        if done {
            ctx.take(t.req)?;
            let persistent = matches!(op, Pending::Resumed(nb, _) if nb.again.is_some());
            if persistent {
                // A persistent collective's request becomes inactive, its handle kept.
                if let Pending::Resumed(nb, _) =
                    std::mem::replace(op, Pending::Poll { polled: true })
                {
                    let transfer = Transfer::Collective(nb, true);
                    self.requests
                        .restore_inactive(t.handle, transfer, self.origin);
                }
            } else {
                write_int(mem, t.handle_addr, MPI_REQUEST_NULL, "the request handle")?;
            }
            write_status(mem, t.status, StatusFields::EMPTY)?;
        } else {
            let Pending::Resumed(nb, _) = std::mem::replace(op, Pending::Poll { polled: true })
            else {
                return Err(ErrorKind::Internal("a tested collective vanished"));
            };
            self.requests.restore(
                t.handle,
                t.req,
                Transfer::Collective(nb, false),
                self.origin,
            );
            // A miss lets the polling time pass and yields the processor, as a point-to-point
            // test's does (so handlers run on machines with atomic blocks).
            write_int(mem, t.flag, 0, "the flag")?;
            let poll = Pending::PollYield { stage: 0 };
            return Ok(Some(self.drive(
                "MPI_Test",
                poll,
                Note::default(),
                mem,
                ctx,
            )?));
        }
        write_int(mem, t.flag, 1, "the flag")?;
        Ok(returned)
    }

    /// The operation `handle` names (predefined or made by `MPI_Op_create`).
    pub(super) fn op(&self, handle: i64) -> Result<Op, ErrorKind> {
        match &self.user_ops {
            Some(ops) => ops.get(handle),
            None => UserOps::default().get(handle),
        }
    }

    /// Finishes freed requests that completed meanwhile (a freed receive still fills its buffer,
    /// as in MPI; its errors have no one to be reported to).
    fn reap(&mut self, mem: &mut Memory, ctx: &mut RankCtx<'_>) {
        if self.detached.is_empty() {
            return;
        }
        self.detached
            .retain(|(req, transfer)| match ctx.is_complete(*req) {
                Ok(false) => true,
                Ok(true) => {
                    let _ignored = transfer.complete(*req, mem, ctx, 0);
                    false
                }
                Err(_) => false,
            });
    }

    /// The rank's derived datatypes.
    pub(super) fn types(&mut self) -> &mut Types {
        self.types.get_or_insert_with(Box::default)
    }

    fn start(
        &mut self,
        call: &MpiCall,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
        run: impl FnOnce(
            &mut MpiState,
            &Args<'_>,
            &mut Memory,
            &mut RankCtx<'_>,
            Run,
        ) -> Result<Started, ErrorKind>,
    ) -> Result<Outcome, ErrorKind> {
        let nested = self.blocked.as_ref().is_some_and(|b| b.in_attr_callback);
        if nested {
            return self.start_nested(call, mem, ctx, run);
        }
        if let Some(blocked) = &self.blocked {
            if blocked.in_user_op {
                return Err(ErrorKind::MpiInUserOp);
            }
            return Err(ErrorKind::Internal(
                "an MPI call was started while another was still blocked",
            ));
        }
        let function = call.function;
        if !function.anytime {
            match self.phase {
                Phase::Before => return Err(ErrorKind::NotInitialized),
                Phase::Finalized => return Err(ErrorKind::Finalized),
                Phase::Running => self.reap(mem, ctx),
            }
        }
        self.origin = Origin {
            call: call.index,
            line: call.line,
        };
        let args = Args {
            name: function.name(),
            words: &call.args,
        };
        match run(self, &args, mem, ctx, function.run)? {
            Started::Return(value) => Ok(Outcome::Return(value)),
            Started::Wait(op) => {
                let mut note = Note::default();
                let comm = match &op {
                    Pending::Collective(comm, _) => Some(comm),
                    Pending::Started(nb, _) => Some(&nb.comm),
                    _ => None,
                };
                let persistent = matches!(&op, Pending::Started(nb, _) if nb.again.is_some());
                if let Some(comm) = comm {
                    // An intercommunicator's collective: its groups pass different roots (and
                    // `MPI_PROC_NULL` ranks take no part), so its calls are not compared; nor
                    // are persistent collectives' starts (they match in the order of their
                    // `_init` calls, whatever the order of the starts).
                    if persistent || self.is_inter(comm.handle, ctx) {
                        return self.drive(function.name(), op, note, mem, ctx);
                    }
                    note = self.collective_note(call);
                    let seq = self.seq_count(comm).wrapping_sub(1);
                    let leader = comm.members.world(0).unwrap_or(0);
                    let met = ctx.meet(comm.context, leader, seq, comm.size(), note);
                    if let Some((first, theirs)) = met {
                        let first = comm.members.rank_of(first).unwrap_or(first);
                        check_collective(note, theirs, first)?;
                    }
                }
                self.drive(function.name(), op, note, mem, ctx)
            }
        }
    }

    /// Whether `handle` is an intercommunicator (its collectives run on views of its groups).
    fn is_inter(&self, handle: i32, ctx: &RankCtx<'_>) -> bool {
        handle != super::constants::MPI_COMM_WORLD
            && self
                .comm(i64::from(handle), ctx)
                .is_ok_and(|c| c.is_inter())
    }

    /// A call made inside an attribute callback: it must complete at once (the callback's call
    /// stays blocked meanwhile).
    fn start_nested(
        &mut self,
        call: &MpiCall,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
        run: impl FnOnce(
            &mut MpiState,
            &Args<'_>,
            &mut Memory,
            &mut RankCtx<'_>,
            Run,
        ) -> Result<Started, ErrorKind>,
    ) -> Result<Outcome, ErrorKind> {
        let function = call.function;
        if !function.anytime && self.phase != Phase::Running {
            return Err(ErrorKind::Finalized);
        }
        let args = Args {
            name: function.name(),
            words: &call.args,
        };
        let outer = self.origin;
        let started = run(self, &args, mem, ctx, function.run);
        self.origin = outer;
        match started? {
            Started::Return(value) => Ok(Outcome::Return(value)),
            Started::Wait(_) => Err(super::attrs::AttrError::Blocking.into()),
        }
    }

    /// What the messages of the collective `call` carry: its function and line, its root and
    /// the signature of its `count` elements of `datatype` (for the collectives that have them).
    fn collective_note(&mut self, call: &MpiCall) -> Note {
        let arg = |name: &str| {
            let params = call.function.sig.params;
            let i = params.iter().position(|p| p.name == name)?;
            call.args.get(i).copied()
        };
        let sig = match (arg("count"), arg("datatype")) {
            (Some(count), Some(datatype)) => Signature::of(self.types(), datatype, count),
            _ => Signature::default(),
        };
        Said {
            origin: self.origin,
            sig,
            root: arg("root").and_then(|r| u32::try_from(r).ok()),
            collective: true,
        }
        .note()
    }

    /// `MPI_Init`: the library starts.
    /// `MPI_Init_thread`: enters MPI providing `level` (a valid level; MPICH provides any).
    pub(super) fn init_thread(&mut self, level: u8) -> Result<(), ErrorKind> {
        self.init()?;
        self.thread_level = level;
        Ok(())
    }

    /// The thread level provided at initialisation (`MPI_Query_thread`).
    pub(super) fn thread_level(&self) -> i32 {
        i32::from(self.thread_level)
    }

    pub(super) fn init(&mut self) -> Result<(), ErrorKind> {
        match self.phase {
            Phase::Before => {
                self.phase = Phase::Running;
                self.init_line = u16::try_from(self.origin.line).unwrap_or(0);
                Ok(())
            }
            _ => Err(ErrorKind::AlreadyInitialized),
        }
    }

    /// The warning for a program that ended (returned from `main` or called `exit`) after
    /// `MPI_Init` without `MPI_Finalize` — MPICH lets such a run end silently.
    pub fn missing_finalize(&self) -> Option<String> {
        (self.phase == Phase::Running).then(|| {
            let at = if self.init_line == 0 {
                String::new()
            } else {
                format!(" (MPI_Init at line {})", self.init_line)
            };
            format!("warning: the program ended without calling MPI_Finalize{at}: call MPI_Finalize before main returns")
        })
    }

    /// `MPI_Finalize`: the library stops. Returns a warning naming the calls that created
    /// requests still active (never completed by a wait or a test), as the heap's leak warning
    /// names allocations never freed.
    pub(super) fn finalize(&mut self) -> Option<String> {
        self.phase = Phase::Finalized;
        let origins = self.requests.active_origins();
        if origins.is_empty() {
            return None;
        }
        // Each creating call once, in order, with how many of its requests are active.
        let mut sites: Vec<(Origin, usize)> = Vec::new();
        for o in &origins {
            match sites.iter_mut().find(|(s, _)| s == o) {
                Some((_, n)) => *n += 1,
                None => sites.push((*o, 1)),
            }
        }
        const LISTED: usize = 3;
        let mut calls: Vec<String> = sites
            .iter()
            .take(LISTED)
            .map(|(o, n)| match n {
                1 => o.describe(),
                n => format!("{} ({n} times)", o.describe()),
            })
            .collect();
        if sites.len() > LISTED {
            let more: usize = sites[LISTED..].iter().map(|(_, n)| n).sum();
            calls.push(format!("{more} more"));
        }
        let list = match calls.as_slice() {
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
            [] => String::new(),
        };
        let (n, s, were) = match origins.len() {
            1 => ("1".to_string(), "", "was"),
            n => (n.to_string(), "s", "were"),
        };
        Some(format!(
            "warning: {n} request{s} {were} never completed before MPI_Finalize, made by {list}: complete every request with MPI_Wait, MPI_Waitall or MPI_Test (or free it with MPI_Request_free)"
        ))
    }

    /// Creates a request for `transfer` (started at once unless `persistent`) and writes its
    /// handle to `request`.
    pub(super) fn create(
        &mut self,
        transfer: Transfer,
        persistent: bool,
        request: Addr,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<(), ErrorKind> {
        check_bytes(mem, request, 4, "the request handle")?;
        let active = if persistent {
            None
        } else {
            Some(transfer.post(mem, ctx)?)
        };
        let handle = self.requests.insert(UserRequest {
            transfer,
            persistent,
            active,
            origin: self.origin,
            cancelled: false,
            companion: None,
            buffered: false,
        })?;
        write_int(mem, request, handle, "the request handle")
    }

    /// Checks that `handle` is an inactive persistent request.
    pub(super) fn check_startable(&mut self, handle: i32) -> Result<(), ErrorKind> {
        match self.requests.lookup(handle, false)? {
            Lookup::Null => Err(ErrorKind::NullRequest),
            Lookup::Inactive => Ok(()),
            Lookup::Active(_) => {
                let persistent = self.requests.get_mut(handle).is_some_and(|r| r.persistent);
                Err(if persistent {
                    ErrorKind::AlreadyActive { handle }
                } else {
                    ErrorKind::NotPersistent { handle }
                })
            }
        }
    }

    /// Starts a checked inactive persistent request.
    pub(super) fn start_persistent(
        &mut self,
        handle: i32,
        mem: &mut Memory,
        ctx: &mut RankCtx<'_>,
    ) -> Result<(), ErrorKind> {
        let r = self
            .requests
            .get_mut(handle)
            .ok_or(ErrorKind::Internal("a checked request vanished"))?;
        if !r.buffered {
            r.active = Some(r.transfer.post(mem, ctx)?);
            return Ok(());
        }
        let transfer = r.transfer.clone();
        let buffer = self.bsend.as_mut().ok_or(ErrorKind::NoBsendBuffer)?;
        buffer.reap(ctx)?;
        let space = buffer.reserve(transfer.send_bytes())?;
        let req = transfer.post(mem, ctx)?;
        buffer.sends.push((req, space));
        let done = ctx.null_request();
        if let Some(r) = self.requests.get_mut(handle) {
            r.active = Some(done);
        }
        Ok(())
    }

    /// Reads `count` handles at `requests` for a wait: the active ones become entries (each at
    /// most once); null and inactive ones get an empty status if `statuses` is given.
    /// The first of `count` requests at `requests` that is a non-blocking collective still in
    /// progress, taken out of the table to be continued (`then` says what follows); `None` if
    /// there is none.
    pub(super) fn undone_collective(
        &mut self,
        mem: &Memory,
        count: u32,
        requests: Addr,
    ) -> Result<Option<(i32, ReqId, Box<Nonblocking>)>, ErrorKind> {
        for index in 0..count {
            let at = element(mem, requests, i64::from(index), 4, "the request array")?;
            let handle = read_int(mem, at, "the request array")?;
            let Lookup::Active(req) = self.requests.lookup(handle, true)? else {
                continue;
            };
            let undone = self
                .requests
                .get_mut(handle)
                .is_some_and(|r| matches!(r.transfer, Transfer::Collective(_, false)));
            if undone {
                if let Some(UserRequest {
                    transfer: Transfer::Collective(nb, _),
                    ..
                }) = self.requests.remove(handle)
                {
                    return Ok(Some((handle, req, nb)));
                }
            }
        }
        Ok(None)
    }

    /// A wait over `count` requests at `requests` that holds a non-blocking collective in
    /// progress: the collective continues first, then the wait (`name`, `words`) runs again.
    pub(super) fn wait_collective_first(
        &mut self,
        mem: &Memory,
        count: u32,
        requests: Addr,
        args: &Args<'_>,
    ) -> Result<Option<Started>, ErrorKind> {
        let Some((handle, req, nb)) = self.undone_collective(mem, count, requests)? else {
            return Ok(None);
        };
        let then = Then::Redo {
            handle,
            req,
            name: args.name,
            words: args.words.to_vec(),
        };
        Ok(Some(Started::Wait(Pending::Resumed(nb, then))))
    }

    /// `MPI_Test` of a non-blocking collective in progress at `handle`: it continues until it
    /// completes or would wait for messages; `None` if `handle` is no such request.
    pub(super) fn test_collective(
        &mut self,
        mem: &Memory,
        handle_addr: Addr,
        flag: Addr,
        status: Addr,
    ) -> Result<Option<Started>, ErrorKind> {
        let Some((handle, req, nb)) = self.undone_collective(mem, 1, handle_addr)? else {
            return Ok(None);
        };
        let tested = Tested {
            handle,
            req,
            handle_addr,
            flag,
            status,
        };
        Ok(Some(Started::Wait(Pending::Resumed(
            nb,
            Then::Test(tested),
        ))))
    }

    pub(super) fn entries(
        &self,
        mem: &mut Memory,
        count: u32,
        requests: Addr,
        statuses: Option<Addr>,
        what: &'static str,
    ) -> Result<Vec<Entry>, ErrorKind> {
        let mut entries = Vec::new();
        let mut seen = BTreeSet::new();
        for index in 0..count {
            let at = element(mem, requests, i64::from(index), 4, what)?;
            let handle = read_int(mem, at, what)?;
            match self.requests.lookup(handle, true)? {
                Lookup::Null | Lookup::Inactive => {
                    if let Some(base) = statuses {
                        let status = super::buffers::status_at(mem, base, index)?;
                        empty_status(mem, status)?;
                    }
                }
                Lookup::Active(req) => {
                    if !seen.insert(handle) {
                        return Err(ErrorKind::DuplicateRequest { handle });
                    }
                    if self.requests.is_undone_collective(handle) {
                        return Err(ErrorKind::CollectiveRequestHere);
                    }
                    entries.push(Entry { index, handle, req });
                }
            }
        }
        Ok(entries)
    }
}

/// Where a non-blocking collective stands after a step: complete (`Some(true)`), waiting for
/// messages (`Some(false)`: the call that drives it may return), or computing or calling a user
/// function (`None`: it goes on inside the call).
fn settled(step: &Option<Wait>) -> Option<bool> {
    match step {
        None => Some(true),
        Some(Wait::Engine(Step::Wait(_) | Step::WaitAll(_) | Step::WaitAny(_))) => Some(false),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idle_library_is_small_and_owns_no_heap() {
        let s = MpiState::new();
        // Eighteen words at most: the request table (with its lazily boxed matched-probe
        // messages), the detached transfers, eight lazily boxed parts (blocked call, windows,
        // Bsend buffer, communicators, derived datatypes, user-defined operations, attributes,
        // error handlers and info objects), the counters, the current call's origin (function
        // and line, for diagnostics).
        assert!(
            std::mem::size_of::<MpiState>() <= 144,
            "{}",
            std::mem::size_of::<MpiState>()
        );
        assert!(!s.is_initialized() && !s.is_finalized());
        assert_eq!(s.blocked_call(), None);
        assert!(s.active_requests().is_empty());
        assert_eq!(s.detached.capacity(), 0);
    }

    #[test]
    fn array_lengths_are_checked() {
        assert_eq!(length(3), Ok(3));
        assert_eq!(
            length(-2).unwrap_err().to_string(),
            "count is -2: it must be 0 or more"
        );
        assert!(length(1 << 40).is_err());
    }
}
