//! [`Graph`]: a graph topology attached to a communicator (`MPI_Graph_create`): MPI's `index`
//! and `edges` arrays — node `i`'s neighbours are `edges[index[i-1]..index[i]]` (from 0 for node
//! 0), in the order given, duplicates and self-loops kept, as MPICH keeps them.

/// A graph over ranks `0..index.len()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Graph {
    /// Cumulative neighbour counts.
    pub(super) index: Vec<i32>,
    /// Every node's neighbours, one after the other.
    pub(super) edges: Vec<i32>,
}

impl Graph {
    /// The neighbours of `rank` (none for a rank outside the graph).
    pub(super) fn neighbors(&self, rank: u32) -> &[i32] {
        let i = rank as usize;
        let Some(&end) = self.index.get(i) else {
            return &[];
        };
        let start = if i == 0 { 0 } else { self.index[i - 1] };
        let (start, end) = (start.max(0) as usize, end.max(0) as usize);
        self.edges.get(start..end).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_follow_the_cumulative_index() {
        // A ring of 3 with a self-loop on node 2 and a duplicate edge on node 0.
        let g = Graph {
            index: vec![3, 4, 6],
            edges: vec![1, 2, 1, 2, 0, 2],
        };
        assert_eq!(g.neighbors(0), [1, 2, 1]);
        assert_eq!(g.neighbors(1), [2]);
        assert_eq!(g.neighbors(2), [0, 2]);
        assert!(g.neighbors(3).is_empty());
    }
}
