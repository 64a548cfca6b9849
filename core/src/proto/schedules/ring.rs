//! The Ring schedule of Thakur et al. as paper 002 applies it to an irregular pattern (§3.2):
//! schedule the enclosing regular pattern — all-to-all, whose slot `d` has every PE `p` send to
//! `p + d (mod n)`, a ring shifted by `d − 1` — then drop the sends the pattern lacks, so each
//! PE's later sends move up into the gaps. On gather that puts several PEs into PE 0 in one
//! slot: the conflicts of Table 1.

use super::pattern::Pattern;
use super::schedule::Schedule;

/// The Ring schedule of `pattern`.
pub fn ring_schedule(pattern: &Pattern) -> Schedule {
    let n = pattern.n;
    Schedule {
        algo: "ring",
        n,
        slots: (0..n)
            .map(|p| {
                (1..n)
                    .map(|d| (p + d) % n)
                    .filter(|&q| pattern.has(p, q))
                    .map(Some)
                    .collect()
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_2b_the_irregular_example_moves_a_send_up_into_a_conflict() {
        // Fig. 1b/2b, PEs 1–4 as 0–3: (1,2),(1,3),(2,3),(2,1),(3,4),(3,1),(3,2),(4,1),(4,2).
        let edges = "0 1\n0 2\n1 2\n1 0\n2 3\n2 0\n2 1\n3 0\n3 1\n";
        let p = Pattern::from_edges("fig1b", edges, Some(4)).unwrap();
        let s = ring_schedule(&p);
        assert_eq!(s.slots[1], [Some(2), Some(0)]); // B_2(2) = (2,1)
        assert_eq!(s.slots[2], [Some(3), Some(0), Some(1)]); // R_3 holds (3,2)
        let c = s.conflicts();
        assert_eq!(c.len(), 1);
        assert_eq!(s.summary(), ["3 slots", "0 delays", "1 conflicting pair"]);
        assert_eq!(
            (c[0].slot, c[0].target, c[0].senders.clone()),
            (1, 0, vec![1, 2])
        );
    }
}
