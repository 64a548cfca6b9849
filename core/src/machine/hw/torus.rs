//! Multi-dimensional mesh/torus (Tofu's 6-D `X, Y, Z, a, b, c`): coordinates, hop distance, latency.
//!
//! Model: node ids are laid out row-major over the dimensions, the last dimension varying fastest
//! (on Tofu the `a, b, c` unit of 2 × 3 × 2 = 12 nodes, so consecutive ids are neighbours). A
//! message travels dimension by dimension; on a wrap-around (torus) dimension of size `n` it takes
//! the shorter way round, `min(|d|, n − |d|)` hops, on a mesh dimension `|d|` hops. Each hop adds
//! a fixed router latency.
//!
//! Simplifications: no link contention and no adaptive routing; a hop costs the same in every
//! dimension; the nodes of a job occupy the first ids of the shape (the shape may be larger than
//! the job, as an allocation usually is).

use std::fmt;

use crate::time::SimTime;

/// The most dimensions a [`Torus`] may have.
pub const MAX_DIMS: usize = 8;

/// Why a torus shape is unusable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TorusError {
    /// No dimensions, or more than [`MAX_DIMS`].
    DimensionCount(usize),
    /// `wrap` does not have one entry per dimension.
    WrapLength {
        /// Number of dimensions.
        dims: usize,
        /// Number of `wrap` entries.
        wrap: usize,
    },
    /// A dimension of size zero.
    ZeroSize(usize),
    /// The shape has more nodes than ids fit in a `u32`.
    TooLarge,
}

impl fmt::Display for TorusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TorusError::DimensionCount(n) => {
                write!(f, "a torus needs 1 to {MAX_DIMS} dimensions, not {n}")
            }
            TorusError::WrapLength { dims, wrap } => write!(
                f,
                "`wrap` needs one true/false per dimension: {dims} dimensions but {wrap} entries"
            ),
            TorusError::ZeroSize(i) => write!(f, "dimension {} has size 0", i + 1),
            TorusError::TooLarge => write!(f, "the torus has more than 2^32 nodes"),
        }
    }
}

/// A mesh/torus shape with a per-hop latency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Torus {
    dims: Vec<u32>,
    wrap: Vec<bool>,
    hop_latency: SimTime,
}

impl Torus {
    /// A torus of the given sizes (`wrap[i]`: dimension `i` wraps around) and per-hop latency.
    pub fn new(dims: &[u32], wrap: &[bool], hop_latency: SimTime) -> Result<Torus, TorusError> {
        if dims.is_empty() || dims.len() > MAX_DIMS {
            return Err(TorusError::DimensionCount(dims.len()));
        }
        if wrap.len() != dims.len() {
            return Err(TorusError::WrapLength {
                dims: dims.len(),
                wrap: wrap.len(),
            });
        }
        if let Some(i) = dims.iter().position(|&d| d == 0) {
            return Err(TorusError::ZeroSize(i));
        }
        let size = dims.iter().map(|&d| u128::from(d)).product::<u128>();
        if size > u128::from(u32::MAX) + 1 {
            return Err(TorusError::TooLarge);
        }
        Ok(Torus {
            dims: dims.to_vec(),
            wrap: wrap.to_vec(),
            hop_latency,
        })
    }

    /// The sizes of the dimensions.
    pub fn dims(&self) -> &[u32] {
        &self.dims
    }

    /// Number of node positions in the shape (the product of the sizes).
    pub fn size(&self) -> u64 {
        self.dims.iter().map(|&d| u64::from(d)).product()
    }

    /// Latency of one hop.
    pub fn hop_latency(&self) -> SimTime {
        self.hop_latency
    }

    /// Coordinate of `node` in every dimension (ids beyond the shape wrap modulo its size).
    pub fn coord(&self, node: u32) -> Vec<u32> {
        let mut out = vec![0; self.dims.len()];
        let mut rest = u64::from(node) % self.size();
        for (i, &d) in self.dims.iter().enumerate().rev() {
            out[i] = (rest % u64::from(d)) as u32;
            rest /= u64::from(d);
        }
        out
    }

    /// The node id at coordinate `coord`, or `None` if it has the wrong length or lies outside.
    pub fn node(&self, coord: &[u32]) -> Option<u32> {
        if coord.len() != self.dims.len() {
            return None;
        }
        let mut id: u64 = 0;
        for (&c, &d) in coord.iter().zip(&self.dims) {
            if c >= d {
                return None;
            }
            id = id * u64::from(d) + u64::from(c);
        }
        u32::try_from(id).ok()
    }

    /// Hops on the shortest dimension-order route from `a` to `b`.
    pub fn hops(&self, a: u32, b: u32) -> u32 {
        let size = self.size();
        let (mut ra, mut rb) = (u64::from(a) % size, u64::from(b) % size);
        let mut hops: u64 = 0;
        for (&d, &wrap) in self.dims.iter().zip(&self.wrap).rev() {
            let d = u64::from(d);
            let (ca, cb) = (ra % d, rb % d);
            ra /= d;
            rb /= d;
            let diff = ca.abs_diff(cb);
            hops += if wrap { diff.min(d - diff) } else { diff };
        }
        u32::try_from(hops).unwrap_or(u32::MAX)
    }

    /// The most hops between two nodes: half of each torus dimension, all but one of each mesh
    /// dimension.
    pub fn diameter(&self) -> u32 {
        let hops: u64 = self
            .dims
            .iter()
            .zip(&self.wrap)
            .map(|(&d, &wrap)| u64::from(if wrap { d / 2 } else { d.saturating_sub(1) }))
            .sum();
        u32::try_from(hops).unwrap_or(u32::MAX)
    }

    /// Router latency from `a` to `b`: hops × per-hop latency.
    pub fn latency(&self, a: u32, b: u32) -> SimTime {
        self.hop_latency.times(u64::from(self.hops(a, b)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tofu's shape: X, Y, Z tori, a and c meshes of 2, b a torus of 3.
    fn tofu(x: u32, y: u32, z: u32) -> Torus {
        Torus::new(
            &[x, y, z, 2, 3, 2],
            &[true, true, true, false, true, false],
            SimTime::from_ns(100),
        )
        .unwrap()
    }

    #[test]
    fn ids_and_coordinates_round_trip() {
        let t = tofu(4, 3, 2);
        assert_eq!(t.size(), 288);
        for id in 0..288 {
            assert_eq!(t.node(&t.coord(id)), Some(id));
        }
        assert_eq!(t.coord(0), [0, 0, 0, 0, 0, 0]);
        assert_eq!(t.coord(1), [0, 0, 0, 0, 0, 1]);
        assert_eq!(t.coord(12), [0, 0, 1, 0, 0, 0]);
        assert_eq!(t.node(&[0, 0, 2, 0, 0, 0]), None);
        assert_eq!(t.node(&[0, 0]), None);
    }

    #[test]
    fn the_diameter_is_half_of_each_ring_and_all_of_each_mesh() {
        let t = Torus::new(
            &[2, 2, 3, 2, 3, 2],
            &[true, true, true, false, true, false],
            SimTime::ZERO,
        )
        .unwrap();
        assert_eq!(t.diameter(), 1 + 1 + 1 + 1 + 1 + 1);
        let far = (0..144).map(|n| t.hops(0, n)).max().unwrap();
        assert_eq!(far, t.diameter());
    }

    #[test]
    fn hops_take_the_short_way_round_only_on_torus_dims() {
        let t = tofu(8, 1, 1);
        let x = |c: [u32; 6]| t.node(&c).unwrap();
        let origin = x([0, 0, 0, 0, 0, 0]);
        // X is a torus of 8: 7 steps forward is 1 step back.
        assert_eq!(t.hops(origin, x([7, 0, 0, 0, 0, 0])), 1);
        assert_eq!(t.hops(origin, x([4, 0, 0, 0, 0, 0])), 4);
        // b is a torus of 3: 2 steps is 1 step back; a and c are meshes of 2: 1 hop each.
        assert_eq!(t.hops(origin, x([0, 0, 0, 0, 2, 0])), 1);
        assert_eq!(t.hops(origin, x([0, 0, 0, 1, 0, 1])), 2);
        // Sum over dimensions, symmetric, zero to itself.
        let far = x([3, 0, 0, 1, 1, 1]);
        assert_eq!(t.hops(origin, far), 3 + 1 + 1 + 1);
        assert_eq!(t.hops(far, origin), t.hops(origin, far));
        assert_eq!(t.hops(far, far), 0);
        assert_eq!(t.latency(origin, far), SimTime::from_ns(600));
    }

    #[test]
    fn a_mesh_dimension_does_not_wrap() {
        let mesh = Torus::new(&[8], &[false], SimTime::from_ns(1)).unwrap();
        assert_eq!(mesh.hops(0, 7), 7);
        let ring = Torus::new(&[8], &[true], SimTime::from_ns(1)).unwrap();
        assert_eq!(ring.hops(0, 7), 1);
    }

    #[test]
    fn bad_shapes_are_errors() {
        let ns = SimTime::from_ns(1);
        assert_eq!(Torus::new(&[], &[], ns), Err(TorusError::DimensionCount(0)));
        assert_eq!(
            Torus::new(&[2, 2], &[true], ns),
            Err(TorusError::WrapLength { dims: 2, wrap: 1 })
        );
        assert_eq!(
            Torus::new(&[2, 0], &[true, true], ns),
            Err(TorusError::ZeroSize(1))
        );
        assert_eq!(
            Torus::new(&[65_536, 65_537], &[true, true], ns),
            Err(TorusError::TooLarge)
        );
    }
}
