//! EM-X's processor: atomic blocks and FIFO handlers (paper 000 Sec. 5.1, Table 3's yield).
//!
//! Model: a program runs in *strongly connected blocks* that execute atomically: once a block has
//! started, nothing else runs on the processor until the program reaches a block boundary — it
//! yields, suspends (waits for a message) or ends. Packets that invoke a thread on this processor
//! (remote thread invocations, special-packet handlers) enter the input buffer and run in FIFO
//! order, each after the running block ends. Hardware remote reads and writes (SYSWR/SYSRD) do not
//! use the processor at all and never come here.
//!
//! Use: `begin_block(now)` when the program resumes, `end_block(now)` at its next boundary (this
//! runs the handlers that arrived meanwhile and returns them), `admit_handler(now, …)` when a
//! handler packet arrives (it runs at once if no block is open). Between a handler's admission and
//! the boundary the processor holds it in a FIFO, so its start is known only at the boundary.
//!
//! Simplifications: a resumed program continues only after the handlers already admitted (its
//! continuation is queued behind them, as in EM-X's FIFO input buffer); handler costs are given
//! by the caller.

use crate::time::SimTime;

/// A handler run: which one, and when.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HandlerRun {
    /// The caller's id for the handler.
    pub id: u64,
    /// When it arrived.
    pub arrival: SimTime,
    /// When it started running.
    pub start: SimTime,
    /// When it finished.
    pub end: SimTime,
}

impl HandlerRun {
    /// Time between arrival and start.
    pub fn waited(&self) -> SimTime {
        self.start - self.arrival
    }
}

/// What happened to an arriving handler.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Admission {
    /// It runs (now, or after earlier handlers).
    Runs(HandlerRun),
    /// A block is running: it waits in the FIFO and is returned by `end_block`.
    Queued,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Pending {
    id: u64,
    arrival: SimTime,
    cost: SimTime,
}

/// One processor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cpu {
    /// A program block is open (started, boundary not reached yet).
    in_block: bool,
    /// When the handlers scheduled so far finish.
    handlers_free: SimTime,
    /// Handlers waiting for the open block to end, in arrival order.
    pending: Vec<Pending>,
}

impl Cpu {
    /// An idle processor.
    pub fn new() -> Cpu {
        Cpu::default()
    }

    /// Whether a program block is open.
    pub fn in_block(&self) -> bool {
        self.in_block
    }

    /// The program resumes at `now`: returns when its block actually starts (after handlers
    /// admitted earlier). Opening an already open block changes nothing and returns `now`.
    pub fn begin_block(&mut self, now: SimTime) -> SimTime {
        if self.in_block {
            return now;
        }
        self.in_block = true;
        now.max(self.handlers_free)
    }

    /// The program reaches a block boundary at `now` (yield, suspend, end): the handlers that
    /// arrived during the block run now, in FIFO order, and are returned.
    pub fn end_block(&mut self, now: SimTime) -> Vec<HandlerRun> {
        self.in_block = false;
        let mut t = now.max(self.handlers_free);
        let runs: Vec<HandlerRun> = self
            .pending
            .drain(..)
            .map(|p| {
                let start = t.max(p.arrival);
                t = start + p.cost;
                HandlerRun {
                    id: p.id,
                    arrival: p.arrival,
                    start,
                    end: t,
                }
            })
            .collect();
        self.handlers_free = t;
        runs
    }

    /// The program yields at `now`: a block boundary (same as [`Cpu::end_block`]); the program
    /// continues with `begin_block`, after the returned handlers.
    pub fn yield_at(&mut self, now: SimTime) -> Vec<HandlerRun> {
        self.end_block(now)
    }

    /// A handler packet `id` needing `cost` of processor time arrives at `now`.
    pub fn admit_handler(&mut self, now: SimTime, id: u64, cost: SimTime) -> Admission {
        if self.in_block {
            self.pending.push(Pending {
                id,
                arrival: now,
                cost,
            });
            return Admission::Queued;
        }
        let start = now.max(self.handlers_free);
        let end = start + cost;
        self.handlers_free = end;
        Admission::Runs(HandlerRun {
            id,
            arrival: now,
            start,
            end,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us(n: u64) -> SimTime {
        SimTime::from_us(n)
    }

    #[test]
    fn a_handler_on_an_idle_cpu_runs_at_once_and_handlers_are_fifo() {
        let mut cpu = Cpu::new();
        let Admission::Runs(a) = cpu.admit_handler(us(5), 1, us(3)) else {
            panic!()
        };
        assert_eq!((a.start, a.end), (us(5), us(8)));
        let Admission::Runs(b) = cpu.admit_handler(us(6), 2, us(3)) else {
            panic!()
        };
        assert_eq!((b.start, b.end, b.waited()), (us(8), us(11), us(2)));
    }

    #[test]
    fn handlers_wait_for_the_running_block_without_yield() {
        // Table 3's mechanism: a 1000 µs compute block; a handler arriving at 10 µs runs at 1000.
        let mut cpu = Cpu::new();
        assert_eq!(cpu.begin_block(us(0)), us(0));
        assert_eq!(cpu.admit_handler(us(10), 7, us(4)), Admission::Queued);
        assert_eq!(cpu.admit_handler(us(20), 8, us(4)), Admission::Queued);
        let runs = cpu.end_block(us(1000));
        assert_eq!(runs.len(), 2);
        assert_eq!(
            (runs[0].id, runs[0].start, runs[0].waited()),
            (7, us(1000), us(990))
        );
        assert_eq!(
            (runs[1].id, runs[1].start, runs[1].end),
            (8, us(1004), us(1008))
        );
        // The program's next block starts after them.
        assert_eq!(cpu.begin_block(us(1000)), us(1008));
    }

    #[test]
    fn yielding_lets_handlers_in_early() {
        // The same computation with a yield every 100 µs: the handler waits at most until the
        // next boundary.
        let mut cpu = Cpu::new();
        cpu.begin_block(us(0));
        assert_eq!(cpu.admit_handler(us(10), 1, us(4)), Admission::Queued);
        let runs = cpu.yield_at(us(100));
        assert_eq!(runs[0].start, us(100));
        assert_eq!(cpu.begin_block(us(100)), us(104));
        assert!(cpu.in_block());
    }

    #[test]
    fn reopening_an_open_block_is_harmless() {
        let mut cpu = Cpu::new();
        cpu.begin_block(us(0));
        assert_eq!(cpu.begin_block(us(5)), us(5));
        assert!(cpu.end_block(us(6)).is_empty());
    }
}
