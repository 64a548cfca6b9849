//! [`Cart`]: a Cartesian topology attached to a communicator (`MPI_Cart_create`) — its
//! dimensions and periodicity, and the arithmetic of `MPI_Cart_coords`, `MPI_Cart_rank`,
//! `MPI_Cart_shift` and `MPI_Cart_sub` (ranks in row-major order, the last dimension varying
//! fastest, as the standard fixes).

use super::constants::MPI_PROC_NULL;

/// A Cartesian grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Cart {
    /// Extent of each dimension (each ≥ 1).
    pub(super) dims: Vec<u32>,
    /// Whether each dimension wraps around.
    pub(super) periods: Vec<bool>,
    /// A graph topology instead (`MPI_Graph_create`; `dims` and `periods` are empty then).
    pub(super) graph: Option<std::sync::Arc<super::graph::Graph>>,
}

/// Why a coordinate is refused by `MPI_Cart_rank`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct OutOfGrid {
    /// The dimension.
    pub(super) dim: usize,
    /// The coordinate given.
    pub(super) coord: i64,
    /// The dimension's extent.
    pub(super) extent: u32,
}

impl Cart {
    /// Number of grid points.
    pub(super) fn size(&self) -> u64 {
        self.dims.iter().map(|&d| u64::from(d)).product()
    }

    /// The coordinates of `rank` (below [`Cart::size`]).
    pub(super) fn coords(&self, rank: u32) -> Vec<u32> {
        let mut rest = rank;
        let mut out = vec![0; self.dims.len()];
        for (i, &d) in self.dims.iter().enumerate().rev() {
            out[i] = rest % d.max(1);
            rest /= d.max(1);
        }
        out
    }

    /// The rank at `coords`: periodic dimensions wrap, others must be in range.
    pub(super) fn rank(&self, coords: &[i64]) -> Result<u32, OutOfGrid> {
        let mut rank: u64 = 0;
        for (dim, (&c, (&d, &periodic))) in coords
            .iter()
            .zip(self.dims.iter().zip(&self.periods))
            .enumerate()
        {
            let extent = i64::from(d);
            let c = if periodic {
                c.rem_euclid(extent)
            } else if (0..extent).contains(&c) {
                c
            } else {
                return Err(OutOfGrid {
                    dim,
                    coord: c,
                    extent: d,
                });
            };
            rank = rank * u64::from(d) + c as u64;
        }
        Ok(rank as u32)
    }

    /// `MPI_Cart_shift`: the ranks `disp` steps before and after `rank` along `dim`
    /// (`MPI_PROC_NULL` off a non-periodic edge).
    pub(super) fn shift(&self, rank: u32, dim: usize, disp: i64) -> (i32, i32) {
        let coords: Vec<i64> = self.coords(rank).into_iter().map(i64::from).collect();
        let at = |delta: i64| {
            let mut c = coords.clone();
            c[dim] = c[dim].saturating_add(delta);
            self.rank(&c).map_or(MPI_PROC_NULL, |r| r as i32)
        };
        (at(disp.saturating_neg()), at(disp))
    }

    /// `MPI_Cart_sub`'s split of `rank`: the color (its coordinates in the dropped dimensions)
    /// and key (in the kept ones), each row-major, as MPICH's `MPIR_Cart_sub_impl` computes them;
    /// and the sub-grid.
    pub(super) fn sub(&self, rank: u32, keep: &[bool]) -> (i64, i64, Cart) {
        let coords = self.coords(rank);
        let (mut color, mut key) = (0i64, 0i64);
        let mut sub = Cart {
            dims: Vec::new(),
            periods: Vec::new(),
            graph: None,
        };
        for (i, &c) in coords.iter().enumerate() {
            let d = i64::from(self.dims[i]);
            if keep[i] {
                key = key * d + i64::from(c);
                sub.dims.push(self.dims[i]);
                sub.periods.push(self.periods[i]);
            } else {
                color = color * d + i64::from(c);
            }
        }
        (color, key, sub)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Cart {
        Cart {
            dims: vec![2, 3],
            periods: vec![false, true],
            graph: None,
        }
    }

    #[test]
    fn ranks_are_row_major_and_shifts_wrap_only_where_periodic() {
        let g = grid();
        assert_eq!(g.size(), 6);
        assert_eq!(g.coords(5), [1, 2]);
        assert_eq!(g.rank(&[1, 2]), Ok(5));
        assert_eq!(g.rank(&[1, -1]), Ok(5));
        assert_eq!(
            g.rank(&[2, 0]),
            Err(OutOfGrid {
                dim: 0,
                coord: 2,
                extent: 2
            })
        );
        assert_eq!(g.shift(0, 0, 1), (MPI_PROC_NULL, 3));
        assert_eq!(g.shift(0, 1, 1), (2, 1));
        assert_eq!(
            g.sub(4, &[false, true]),
            (
                1,
                1,
                Cart {
                    dims: vec![3],
                    periods: vec![true],
                    graph: None,
                }
            )
        );
    }
}
