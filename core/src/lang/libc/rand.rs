//! glibc's `random()`/`rand()` generator, bit for bit: the additive feedback generator of
//! `random_r.c` with its default `TYPE_3` state (31 words, separation 3), seeded as `srandom`
//! seeds it (a Park–Miller sequence, then 310 outputs discarded). A process that never calls
//! `srand` behaves as if seeded with 1, as glibc's static table is, so a program's `rand()`
//! numbers match a real run on Linux, rank by rank. Pure: the VM keeps one per rank.

/// `RAND_MAX` on glibc.
pub const RAND_MAX: i32 = 2_147_483_647;

/// Words of state (`TYPE_3`'s degree).
const DEG: usize = 31;
/// Distance between the two taps (`TYPE_3`'s separation).
const SEP: usize = 3;

/// One generator: what `srand`/`srandom` seed and `rand`/`random` draw from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibcRandom {
    state: [i32; DEG],
    /// The front tap (`fptr`) and the rear tap (`rptr`), as indices.
    front: usize,
    rear: usize,
}

impl Default for LibcRandom {
    fn default() -> LibcRandom {
        LibcRandom::new(1)
    }
}

impl LibcRandom {
    /// A generator seeded with `seed`, as after `srandom(seed)`.
    pub fn new(seed: u32) -> LibcRandom {
        let mut g = LibcRandom {
            state: [0; DEG],
            front: SEP,
            rear: 0,
        };
        g.seed(seed);
        g
    }

    /// `srand(seed)` / `srandom(seed)` (a seed of 0 counts as 1, as in glibc).
    pub fn seed(&mut self, seed: u32) {
        let seed = if seed == 0 { 1 } else { seed };
        // glibc keeps the state in `int32_t`: a seed above INT_MAX wraps to negative.
        let mut word = seed as i32;
        self.state[0] = word;
        for i in 1..DEG {
            // state[i] = 16807 * state[i - 1] % 2147483647, by Schrage's method as glibc does.
            let hi = i64::from(word) / 127_773;
            let lo = i64::from(word) % 127_773;
            let mut w = 16_807 * lo - 2_836 * hi;
            if w < 0 {
                w += 2_147_483_647;
            }
            word = w as i32;
            self.state[i] = word;
        }
        self.front = SEP;
        self.rear = 0;
        for _ in 0..10 * DEG {
            self.random();
        }
    }

    /// `rand()` / `random()`: the next number in `0..=RAND_MAX`.
    pub fn random(&mut self) -> i32 {
        let sum = (self.state[self.front] as u32).wrapping_add(self.state[self.rear] as u32);
        self.state[self.front] = sum as i32;
        self.front = (self.front + 1) % DEG;
        self.rear = (self.rear + 1) % DEG;
        (sum >> 1) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unseeded_process_gives_glibcs_first_numbers() {
        let mut g = LibcRandom::default();
        let first: Vec<i32> = (0..5).map(|_| g.random()).collect();
        assert_eq!(
            first,
            [1804289383, 846930886, 1681692777, 1714636915, 1957747793]
        );
        assert_eq!(LibcRandom::new(0), LibcRandom::new(1));
    }

    #[test]
    fn seeded_sequences_and_large_seeds() {
        // Values from glibc (see the host comparison in the integration tests).
        let mut g = LibcRandom::new(2);
        assert_eq!((g.random(), g.random()), (1505335290, 1738766719));
        let mut g = LibcRandom::new(42);
        assert_eq!(g.random(), 71876166);
        let mut g = LibcRandom::new(u32::MAX);
        assert!((0..1000).all(|_| (0..=RAND_MAX).contains(&g.random())));
    }
}
