//! The ACP communication thread's time (paper 001 Sec. 4, Fig. 4): one thread per rank that
//! takes work — a command from the rank's queue, a command another rank wrote into its remote
//! command receive buffer — one piece at a time, each occupying it for its service time (decode
//! the command, post its RDMA). Which piece comes next is the protocol's choice (`proto::acp`:
//! the library scans its queue in handle order and skips commands whose order handle is not
//! complete); this model only keeps the thread's time.
//!
//! Simplification: one thread per rank, no batching; polling the completion queue costs nothing.

use crate::time::SimTime;

/// One piece of work the thread did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Served {
    /// When the thread started on it.
    pub start: SimTime,
    /// When the thread was done with it (free for the next piece).
    pub end: SimTime,
    /// How long it waited for the thread behind earlier work.
    pub waited: SimTime,
}

/// One rank's communication thread.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommThread {
    free_at: SimTime,
    served: u64,
}

impl CommThread {
    /// An idle thread.
    pub fn new() -> CommThread {
        CommThread::default()
    }

    /// The thread takes a piece of work ready at `now` that needs `service` of its time.
    pub fn serve(&mut self, now: SimTime, service: SimTime) -> Served {
        let start = now.max(self.free_at);
        let end = start + service;
        self.free_at = end;
        self.served += 1;
        Served {
            start,
            end,
            waited: start - now,
        }
    }

    /// When the thread is next idle.
    pub fn free_at(&self) -> SimTime {
        self.free_at
    }

    /// Pieces of work it has done.
    pub fn served(&self) -> u64 {
        self.served
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us(n: u64) -> SimTime {
        SimTime::from_us(n)
    }

    #[test]
    fn work_waits_for_the_thread_and_occupies_it() {
        let mut t = CommThread::new();
        let a = t.serve(us(0), us(2));
        let b = t.serve(us(1), us(2));
        let c = t.serve(us(10), us(2));
        assert_eq!((a.start, a.end), (us(0), us(2)));
        assert_eq!((b.start, b.end, b.waited), (us(2), us(4), us(1)));
        assert_eq!((c.start, c.end, c.waited), (us(10), us(12), us(0)));
        assert_eq!((t.free_at(), t.served()), (us(12), 3));
    }
}
