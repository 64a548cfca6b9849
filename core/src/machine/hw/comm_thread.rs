//! The ACP communication thread fed by a FIFO command queue (paper 001 Sec. 4, Fig. 4).
//!
//! Model: asynchronous calls (`acp_copy`, atomics) enqueue a command and return a handle at once;
//! one communication thread takes commands strictly in enqueue order, each occupying it for its
//! service time (decode, post the RDMA). A command's own work finishes later (its RDMA
//! completes); a handle counts as complete only when its command and every earlier command have
//! completed, which is what `acp_complete(handle)` waits for.
//!
//! Simplifications: one thread per rank, no batching; the caller reports each command's own
//! completion in handle order (it learns it when the thread issues the command, which happens in
//! that order).

use std::fmt;

use crate::time::SimTime;

/// A command taken by the thread.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The handle returned to the caller (0, 1, 2, … per thread).
    pub handle: u64,
    /// When the thread started on it.
    pub start: SimTime,
    /// When the thread finished issuing it.
    pub issued: SimTime,
    /// How long it waited in the queue behind earlier commands.
    pub waited: SimTime,
}

/// `complete` was called for a handle out of order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OutOfOrder {
    /// The handle whose completion was due.
    pub expected: u64,
    /// The handle given.
    pub got: u64,
}

impl fmt::Display for OutOfOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "command completions must be reported in handle order: expected handle {}, got {}",
            self.expected, self.got
        )
    }
}

impl std::error::Error for OutOfOrder {}

/// One rank's communication thread and command queue.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommThread {
    free_at: SimTime,
    enqueued: u64,
    completed: u64,
    done_through: SimTime,
}

impl CommThread {
    /// An idle thread with an empty queue.
    pub fn new() -> CommThread {
        CommThread::default()
    }

    /// Enqueues a command at `now` that needs `service` of the thread's time.
    pub fn enqueue(&mut self, now: SimTime, service: SimTime) -> Command {
        let start = now.max(self.free_at);
        let issued = start + service;
        self.free_at = issued;
        let handle = self.enqueued;
        self.enqueued += 1;
        Command {
            handle,
            start,
            issued,
            waited: start - now,
        }
    }

    /// Reports that `handle`'s own work finished at `own_done`; returns when the handle is
    /// complete: the latest completion of it and every earlier command.
    pub fn complete(&mut self, handle: u64, own_done: SimTime) -> Result<SimTime, OutOfOrder> {
        if handle != self.completed || handle >= self.enqueued {
            return Err(OutOfOrder {
                expected: self.completed,
                got: handle,
            });
        }
        self.completed += 1;
        self.done_through = self.done_through.max(own_done);
        Ok(self.done_through)
    }

    /// When the thread is next idle.
    pub fn free_at(&self) -> SimTime {
        self.free_at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us(n: u64) -> SimTime {
        SimTime::from_us(n)
    }

    #[test]
    fn commands_are_taken_in_enqueue_order() {
        let mut t = CommThread::new();
        let a = t.enqueue(us(0), us(2));
        let b = t.enqueue(us(1), us(2));
        let c = t.enqueue(us(10), us(2));
        assert_eq!((a.handle, a.issued), (0, us(2)));
        assert_eq!(
            (b.handle, b.start, b.issued, b.waited),
            (1, us(2), us(4), us(1))
        );
        assert_eq!((c.start, c.issued), (us(10), us(12)));
        assert_eq!(t.free_at(), us(12));
    }

    #[test]
    fn a_handle_completes_after_every_earlier_command() {
        let mut t = CommThread::new();
        for _ in 0..3 {
            t.enqueue(us(0), us(1));
        }
        // Command 0's RDMA is slow (finishes at 50), command 1's fast (at 5): handle 1 is
        // complete only at 50. Command 2 finishes at 60.
        assert_eq!(t.complete(0, us(50)), Ok(us(50)));
        assert_eq!(t.complete(1, us(5)), Ok(us(50)));
        assert_eq!(t.complete(2, us(60)), Ok(us(60)));
    }

    #[test]
    fn out_of_order_completion_is_an_error() {
        let mut t = CommThread::new();
        t.enqueue(us(0), us(1));
        t.enqueue(us(0), us(1));
        let e = t.complete(1, us(3)).unwrap_err();
        assert_eq!(
            e,
            OutOfOrder {
                expected: 0,
                got: 1
            }
        );
        assert!(e.to_string().contains("handle order"));
        assert!(t.complete(0, us(3)).is_ok());
        assert!(t.complete(1, us(3)).is_ok());
        assert!(t.complete(2, us(3)).is_err()); // never enqueued
    }
}
