//! `MPI_Dims_create`: MPICH's balanced factorisation of a number of ranks into a grid, answer for
//! answer (MPICH 4's `MPIR_Dims_create_impl` in `src/mpi/topo/dims_create.c`, after Träff and
//! Lübbe, "Specification Guideline Violations by MPI_Dims_create", EuroMPI'15).
//!
//! The steps, as MPICH takes them: divide out the fixed (non-zero) entries; factor the rest;
//! give each prime that occurs once and exceeds the square root of what is left a dimension of
//! its own (largest first, leaving at least one dimension); then the special cases — few enough
//! primes for one per dimension, one dimension left, a single prime's powers dealt round robin,
//! every prime's count a multiple of the dimensions left — and otherwise a first guess dealing
//! the primes largest first (each to the last dimension it keeps in non-increasing order) refined
//! by a pruned search over the divisors for the smallest range (largest minus smallest), taking a
//! later candidate on ties. The answer is checked against the real MPICH for every count up to
//! 300 in 1–4 dimensions (`tests` below holds a sample).

/// Prime factors of `n` with their counts, smallest first.
fn factor(mut n: u64) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        let mut count = 0;
        while n % p == 0 {
            n /= p;
            count += 1;
        }
        if count > 0 {
            out.push((p, count));
        }
        p += 1;
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

/// The divisors of the number with these factors, but 1 and itself, ascending.
fn divisors(factors: &[(u64, u32)]) -> Vec<u64> {
    let mut all = vec![1u64];
    for &(p, count) in factors {
        let mut next = Vec::with_capacity(all.len() * (count as usize + 1));
        for &d in &all {
            let mut v = d;
            for _ in 0..=count {
                next.push(v);
                v *= p;
            }
        }
        all = next;
    }
    all.sort_unstable();
    let n = all.len();
    if n < 2 {
        return Vec::new();
    }
    all[1..n - 1].to_vec()
}

/// The first guess: the primes, largest first, one per dimension, then each to the last
/// dimension that stays no larger than the one before it (else the first).
fn round_robin(factors: &[(u64, u32)], nd: usize) -> Vec<u64> {
    let mut dims = vec![1u64; nd];
    let mut k = 0;
    for &(p, count) in factors.iter().rev() {
        for _ in 0..count {
            if k < nd {
                dims[k] = p;
                k += 1;
            } else {
                let mut kk = nd - 1;
                while kk > 0 && dims[kk] * p > dims[kk - 1] {
                    kk -= 1;
                }
                dims[kk] *= p;
            }
        }
    }
    dims
}

/// The search for the best balance: dimensions `0..=idx` are still to choose (their product
/// `n`, from `divs`); `trial[idx + 1..nd]` are chosen; `best`/`balance` the best so far.
struct Search {
    nd: usize,
    trial: Vec<u64>,
    best: Vec<u64>,
    balance: u64,
}

impl Search {
    fn run(&mut self, n: u64, idx: usize, divs: &[u64]) {
        let nd = self.nd;
        let min = self.trial[nd - 1];
        if idx > 1 {
            for (k, &f) in divs.iter().enumerate() {
                if idx < nd - 1 && f.saturating_sub(min) > self.balance {
                    break;
                }
                let q = n / f;
                let mut next = Vec::new();
                let smallest = if q % f == 0 {
                    next.push(f);
                    f
                } else if let Some(&d) = divs.get(k + 1) {
                    d
                } else {
                    break;
                };
                if idx < nd - 1 && smallest.saturating_sub(min) > self.balance {
                    break;
                }
                // At least `idx` more divisors, each at least `smallest`, must fit in `q`.
                let mut power = smallest * smallest;
                let mut left = idx - 1;
                while left > 0 && power <= q {
                    power = power.saturating_mul(smallest);
                    left -= 1;
                }
                if left > 0 {
                    break;
                }
                self.trial[idx] = f;
                for &g in &divs[k + 1..] {
                    if g * g > q {
                        break;
                    }
                    if q % g == 0 {
                        next.push(g);
                    }
                }
                if !next.is_empty() {
                    self.run(q, idx - 1, &next);
                }
            }
        } else if idx == 1 {
            // The pair (q, f) with q ≥ f and q as small as possible.
            let mut previous = None;
            let mut k = 1;
            while let Some(&f) = divs.get(k) {
                if n / f < f {
                    break;
                }
                previous = Some(n / f);
                k += 1;
            }
            let Some(&f) = divs.get(k - 1) else { return };
            let q = previous.unwrap_or(n / f);
            if q < f {
                return;
            }
            let test = if nd == 2 {
                q - f
            } else {
                q.saturating_sub(min)
            };
            if test <= self.balance {
                self.best[2..nd].copy_from_slice(&self.trial[2..nd]);
                self.best[0] = q;
                self.best[1] = f;
                self.balance = q.saturating_sub(min);
            }
        } else if n.saturating_sub(min) <= self.balance {
            self.best[1..nd].copy_from_slice(&self.trial[1..nd]);
            self.best[0] = n;
            self.balance = n.saturating_sub(min);
        }
    }
}

/// Why `MPI_Dims_create` cannot answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum DimsError {
    /// A negative entry.
    Negative { index: usize, value: i64 },
    /// The fixed entries do not divide the number of ranks.
    NotDivisible { nnodes: i64, product: u64 },
}

/// Fills the zero entries of `dims` so that the product of all is `nnodes`, as MPICH does.
pub(super) fn dims_create(nnodes: u64, dims: &mut [i64]) -> Result<(), DimsError> {
    let mut product = 1u64;
    for (index, &value) in dims.iter().enumerate() {
        if value < 0 {
            return Err(DimsError::Negative { index, value });
        }
        if value > 0 {
            product = product.saturating_mul(value as u64);
        }
    }
    if product == 0 || nnodes % product != 0 {
        return Err(DimsError::NotDivisible {
            nnodes: nnodes as i64,
            product,
        });
    }
    let need = dims.iter().filter(|&&d| d == 0).count();
    if need == 0 {
        return Ok(());
    }
    let chosen = choose(nnodes / product, need);
    let mut values = chosen.into_iter();
    for d in dims.iter_mut().filter(|d| **d == 0) {
        *d = values.next().unwrap_or(1) as i64;
    }
    Ok(())
}

/// `need` (≥ 1) factors of `n`, in MPICH's order.
fn choose(mut n: u64, need: usize) -> Vec<u64> {
    if need == 1 {
        return vec![n];
    }
    let mut f = factor(n);
    let mut primes: u32 = f.iter().map(|&(_, c)| c).sum();
    let mut chosen = Vec::with_capacity(need);
    // Large primes (once, above the square root of what is left) get a dimension each.
    while f.len() > 1 && chosen.len() < need - 1 {
        let (p, count) = f[f.len() - 1];
        if count != 1 || p * p <= n {
            break;
        }
        chosen.push(p);
        f.pop();
        n /= p;
        primes -= 1;
    }
    let next = chosen.len();
    let left = need - next;
    if primes as usize + next <= need {
        for &(p, count) in f.iter().rev() {
            chosen.extend(std::iter::repeat_n(p, count as usize));
        }
    } else if left == 1 {
        chosen.push(n);
    } else if let [(p, count)] = f[..] {
        let mut rest = vec![1u64; left];
        for i in 0..count as usize {
            rest[i % left] *= p;
        }
        chosen.extend(rest);
    } else if f.iter().all(|&(_, c)| c as usize % left == 0) {
        let v: u64 = f.iter().map(|&(p, c)| p.pow(c / left as u32)).product();
        chosen.extend(std::iter::repeat_n(v, left));
    } else {
        let divs = divisors(&f);
        let guess = round_robin(&f, left);
        let first = chosen.first().copied().unwrap_or(guess[0]);
        let mut search = Search {
            nd: left,
            trial: vec![0; left],
            balance: first.saturating_sub(guess[left - 1]),
            best: guess,
        };
        search.trial[left - 1] = divs.first().copied().unwrap_or(1);
        search.run(n, left - 1, &divs);
        chosen.extend(search.best);
    }
    chosen.resize(need, 1);
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dims(n: u64, mut d: Vec<i64>) -> Vec<i64> {
        dims_create(n, &mut d).unwrap();
        d
    }

    #[test]
    fn answers_are_mpichs() {
        // (n, ndims, MPICH 4.0's answer), from the real library.
        let cases: &[(u64, usize, &[i64])] = &[
            (1, 2, &[1, 1]),
            (6, 2, &[3, 2]),
            (12, 3, &[3, 2, 2]),
            (12, 4, &[3, 2, 2, 1]),
            (16, 4, &[2, 2, 2, 2]),
            (20, 4, &[5, 2, 2, 1]),
            (36, 3, &[4, 3, 3]),
            (60, 2, &[10, 6]),
            (72, 2, &[9, 8]),
            (72, 3, &[6, 4, 3]),
            (96, 3, &[6, 4, 4]),
            (180, 2, &[15, 12]),
            (210, 4, &[7, 5, 3, 2]),
            (240, 2, &[16, 15]),
            (240, 4, &[5, 4, 4, 3]),
            (256, 3, &[8, 8, 4]),
            (288, 2, &[18, 16]),
            (360, 3, &[10, 6, 6]),
            (5040, 3, &[21, 16, 15]),
        ];
        for &(n, nd, want) in cases {
            assert_eq!(dims(n, vec![0; nd]), want, "{n} in {nd} dimensions");
        }
        assert_eq!(dims(12, vec![0, 1, 0]), [4, 1, 3]);
        assert_eq!(dims(12, vec![0, 4, 0]), [3, 4, 1]);
        assert_eq!(dims(72, vec![0, 1, 0]), [9, 1, 8]);
    }

    #[test]
    fn bad_inputs_are_refused() {
        assert!(matches!(
            dims_create(10, &mut [0, 3]),
            Err(DimsError::NotDivisible { .. })
        ));
        assert!(matches!(
            dims_create(10, &mut [0, -1]),
            Err(DimsError::Negative { index: 1, .. })
        ));
    }
}
