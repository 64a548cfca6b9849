//! A network interface with N RDMA engines per node and a shared stage for atomics.
//!
//! Model: each node's NIC has `engines` engines, of which the first `in_use` take work (paper
//! 003's MCS lock first used one receive engine at the lock's node, then all four, Sec. 5.2). An
//! operation arriving at time `t` goes to the engine that can start it first (lowest index on
//! ties) and holds it for its service time. An atomic read-modify-write must in addition hold a
//! node-wide serialization stage (the bus lock and the cache-line invalidation between engines
//! that paper 003 blames for Fig. 12's ≈40 % instead of 4×) for the last `serial_fraction` of its
//! service time. So `n` engines give at most `min(n, 1 / serial_fraction)` times the atomic
//! throughput of one.
//!
//! Priority classes (off unless a profile asks, `[nic] nearer_sources_first`): an operation of
//! class `c` waits only for work of classes `≤ c`, and pushes back later work of lower priority —
//! how the model orders contention by Tofu hop distance (paper 003 Fig. 10: ranks nearer the
//! lock's node finish first).
//!
//! Simplifications: first come, first served in call order (within a class); the serialized part of an atomic is
//! its tail (read-modify-write after decoding the request); puts and gets never touch the
//! serialization stage.

use crate::time::SimTime;

/// A fraction in parts per million (exact integer arithmetic on times).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ppm(u32);

impl Ppm {
    /// The whole: one million parts per million.
    pub const ONE: Ppm = Ppm(1_000_000);

    /// From a fraction in `[0, 1]`, rounded; values outside are clamped (load-time only).
    pub fn from_fraction(f: f64) -> Ppm {
        if f.is_finite() {
            Ppm((f.clamp(0.0, 1.0) * 1e6).round() as u32)
        } else {
            Ppm(0)
        }
    }

    /// Parts per million.
    pub const fn as_ppm(self) -> u32 {
        self.0
    }

    /// This fraction of `t`, rounded to the nearest picosecond.
    pub fn of(self, t: SimTime) -> SimTime {
        let ps = (u128::from(t.as_ps()) * u128::from(self.0) + 500_000) / 1_000_000;
        SimTime::from_ps(u64::try_from(ps).unwrap_or(u64::MAX))
    }
}

/// Where and when one operation was served.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Service {
    /// The engine that served it (0-based).
    pub engine: u32,
    /// When the engine started on it.
    pub start: SimTime,
    /// When it finished (the operation took effect in memory).
    pub finish: SimTime,
    /// Time spent waiting for a free engine.
    pub engine_wait: SimTime,
    /// Time an atomic spent waiting for the shared serialization stage.
    pub serial_wait: SimTime,
}

/// The NICs of every node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nic {
    engines: u32,
    in_use: u32,
    serial: Ppm,
    /// Priority classes (1: first come, first served). Class 0 goes first.
    lanes: u32,
    /// `engine_free[(node * engines + e) * lanes + c]`: when engine `e` of `node` is next free
    /// for an operation of class `c` (done with everything of classes `≤ c` booked so far).
    engine_free: Vec<SimTime>,
    /// `serial_free[node * lanes + c]`: the same for each node's atomic serialization stage.
    serial_free: Vec<SimTime>,
}

/// Books `start..finish` for class `class` on one resource's class timelines `lanes`: its own
/// class and the lower-priority ones are busy until then, and a lower-priority class already
/// booked past `start` is pushed back by the time taken (strict priority). Simplification: an
/// operation already booked keeps its time (its result was promised at issue); only the ones
/// booked later are pushed back, so under sustained load the classes share the engine as strict
/// priority would, with at most one overlap per operation already in flight.
fn book(lanes: &mut [SimTime], class: usize, start: SimTime, finish: SimTime) {
    for free in lanes.iter_mut().skip(class) {
        *free = if *free <= start {
            finish
        } else {
            *free + (finish - start)
        };
    }
}

impl Nic {
    /// NICs for `nodes` nodes with `engines` engines each (at least one), all in use, atomics
    /// serialized for `serial` of their service time.
    pub fn new(nodes: u32, engines: u32, serial: Ppm) -> Nic {
        let engines = engines.max(1);
        Nic {
            engines,
            in_use: engines,
            serial,
            lanes: 1,
            engine_free: vec![SimTime::ZERO; nodes as usize * engines as usize],
            serial_free: vec![SimTime::ZERO; nodes as usize],
        }
    }

    /// The same NICs serving by priority class (`lanes` classes, class 0 first; at least one)
    /// instead of first come, first served.
    pub fn with_priority_classes(mut self, lanes: u32) -> Nic {
        let (old, new) = (self.lanes as usize, lanes.max(1) as usize);
        self.lanes = lanes.max(1);
        self.engine_free = vec![SimTime::ZERO; self.engine_free.len() / old * new];
        self.serial_free = vec![SimTime::ZERO; self.serial_free.len() / old * new];
        self
    }

    /// Engines per node.
    pub fn engines(&self) -> u32 {
        self.engines
    }

    /// Engines that take work.
    pub fn in_use(&self) -> u32 {
        self.in_use
    }

    /// Uses only the first `n` engines. Returns `false` (and changes nothing) unless
    /// `1 ≤ n ≤ engines`.
    pub fn set_in_use(&mut self, n: u32) -> bool {
        if n == 0 || n > self.engines {
            return false;
        }
        self.in_use = n;
        true
    }

    /// Serves an operation arriving at `node` at `arrival` that needs `service` of engine time.
    /// An `atomic` also holds the node's serialization stage for its last `serial` fraction.
    pub fn serve(
        &mut self,
        node: u32,
        arrival: SimTime,
        service: SimTime,
        atomic: bool,
    ) -> Service {
        self.serve_class(node, arrival, service, atomic, 0)
    }

    /// [`Nic::serve`] for an operation of priority class `class` (clamped to the last class):
    /// it waits only for work of its class or higher priority; lower-priority work booked
    /// after it starts is pushed back.
    pub fn serve_class(
        &mut self,
        node: u32,
        arrival: SimTime,
        service: SimTime,
        atomic: bool,
        class: u32,
    ) -> Service {
        let lanes = self.lanes as usize;
        let class = class.min(self.lanes - 1) as usize;
        let base = node as usize * self.engines as usize;
        let mut best = (0u32, SimTime::MAX);
        for e in 0..self.in_use {
            let free = self
                .engine_free
                .get((base + e as usize) * lanes + class)
                .copied()
                .unwrap_or_default();
            let can_start = free.max(arrival);
            if can_start < best.1 {
                best = (e, can_start);
            }
        }
        let (engine, start) = best;
        let (finish, serial_wait) = if atomic {
            let locked = self.serial.of(service);
            let ready = start + (service - locked);
            let at = node as usize * lanes;
            let stage = self.serial_free.get_mut(at..at + lanes);
            let free = stage
                .as_deref()
                .and_then(|s| s.get(class))
                .copied()
                .unwrap_or_default();
            let lock_start = ready.max(free);
            let finish = lock_start + locked;
            if let Some(s) = stage {
                book(s, class, lock_start, finish);
            }
            (finish, lock_start - ready)
        } else {
            (start + service, SimTime::ZERO)
        };
        let at = (base + engine as usize) * lanes;
        if let Some(f) = self.engine_free.get_mut(at..at + lanes) {
            book(f, class, start, finish);
        }
        Service {
            engine,
            start,
            finish,
            engine_wait: start - arrival,
            serial_wait,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(n: u64) -> SimTime {
        SimTime::from_ns(n)
    }

    #[test]
    fn one_engine_serializes_in_arrival_order() {
        let mut nic = Nic::new(1, 1, Ppm::ONE);
        let a = nic.serve(0, ns(0), ns(100), false);
        let b = nic.serve(0, ns(10), ns(100), false);
        let c = nic.serve(0, ns(500), ns(100), false);
        assert_eq!((a.start, a.finish), (ns(0), ns(100)));
        assert_eq!(
            (b.start, b.finish, b.engine_wait),
            (ns(100), ns(200), ns(90))
        );
        assert_eq!((c.start, c.finish), (ns(500), ns(600)));
    }

    #[test]
    fn the_engine_free_first_is_chosen_lowest_index_on_ties() {
        let mut nic = Nic::new(2, 4, Ppm(0));
        let engines: Vec<u32> = (0..6)
            .map(|_| nic.serve(1, ns(0), ns(100), false).engine)
            .collect();
        assert_eq!(engines, [0, 1, 2, 3, 0, 1]);
        // Node 0's engines are untouched.
        assert_eq!(
            nic.serve(0, ns(0), ns(100), false).engine_wait,
            SimTime::ZERO
        );
        // n operations on 4 engines finish at ceil(n/4) × service.
        let last = nic.serve(1, ns(0), ns(100), false);
        assert_eq!((last.engine, last.finish), (2, ns(200)));
    }

    #[test]
    fn atomics_on_n_engines_are_bounded_by_the_serial_stage() {
        // 1000 back-to-back atomics of service s with serial fraction f on 4 engines take
        // ≈ n · max(s/4, f·s); with one engine n · s.
        let (n, s) = (1000u64, ns(300));
        let run = |engines: u32, frac: f64| {
            let mut nic = Nic::new(1, 4, Ppm::from_fraction(frac));
            assert!(nic.set_in_use(engines));
            (0..n)
                .map(|_| nic.serve(0, SimTime::ZERO, s, true).finish)
                .max()
                .unwrap()
        };
        assert_eq!(run(1, 0.5), ns(300 * 1000));
        let four = run(4, 0.5);
        let bound = ns(150 * 1000); // f·s per atomic
        assert!(four >= bound && four <= bound + s, "{four}");
        // No serial stage: a clean 4× speed-up.
        assert_eq!(run(4, 0.0), ns(300 * 250));
        // Fully serial: no speed-up at all.
        assert_eq!(run(4, 1.0), ns(300 * 1000));
    }

    #[test]
    fn a_nearer_class_overtakes_and_pushes_back_the_farther_ones() {
        let mut nic = Nic::new(1, 1, Ppm::ONE).with_priority_classes(3);
        // A far operation (class 2) books 0..100 ns; a near one (class 0) arriving at 10 ns
        // does not wait for it, and the next far one waits for both.
        let far = nic.serve_class(0, ns(0), ns(100), false, 2);
        assert_eq!(far.finish, ns(100));
        let near = nic.serve_class(0, ns(10), ns(100), false, 0);
        assert_eq!((near.start, near.engine_wait), (ns(10), ns(0)));
        let mid = nic.serve_class(0, ns(10), ns(100), false, 1);
        assert_eq!(mid.start, ns(110));
        let far2 = nic.serve_class(0, ns(20), ns(100), false, 2);
        assert_eq!(far2.start, ns(300));
        // A class past the last is the last.
        let beyond = nic.serve_class(0, ns(0), ns(10), false, 9);
        assert_eq!(beyond.start, ns(400));
    }

    #[test]
    fn one_class_is_first_come_first_served() {
        let mut a = Nic::new(2, 2, Ppm::from_fraction(0.5));
        let mut b = a.clone().with_priority_classes(1);
        for (i, class) in [3u32, 0, 2, 1, 0].into_iter().enumerate() {
            let at = ns(7 * i as u64);
            assert_eq!(
                a.serve(1, at, ns(50), true),
                b.serve_class(1, at, ns(50), true, class)
            );
        }
    }

    #[test]
    fn in_use_is_range_checked() {
        let mut nic = Nic::new(1, 4, Ppm(0));
        assert!(!nic.set_in_use(0));
        assert!(!nic.set_in_use(5));
        assert!(nic.set_in_use(1));
        assert_eq!(nic.in_use(), 1);
        assert_eq!(Ppm::from_fraction(2.0 / 3.0).as_ppm(), 666_667);
        assert_eq!(Ppm::from_fraction(0.5).of(ns(3)), SimTime::from_ps(1_500));
    }
}
