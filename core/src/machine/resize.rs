//! A built-in machine at another size: the node count and processes per node of an experiment
//! (paper 003's 128 nodes × ppn 1/8/32, the K computer's 82,944 × 8), with a torus grown to hold
//! the nodes. Every changed number is marked as this run's assumption, so the machine view and
//! `profiles --show` still say where each value came from.

use super::cited::{Basis, Cited};
use super::profile::Profile;

impl Profile {
    /// This machine with `nodes` nodes and `ppn` processes per node. A torus too small for the
    /// nodes grows in its first three dimensions as evenly as it can, keeping the rest: on Tofu,
    /// X × Y × Z units of a × b × c = 2 × 3 × 2 nodes.
    pub fn resized(&self, nodes: u32, ppn: u32, why: &str) -> Profile {
        let mut p = self.clone();
        if p.machine.nodes.value != nodes {
            p.machine.nodes = Cited {
                value: nodes,
                basis: Basis::Assume(format!("{nodes} nodes ({why})")),
            };
        }
        if p.machine.ranks_per_node.value != ppn {
            p.machine.ranks_per_node = Cited {
                value: ppn,
                basis: Basis::Assume(format!("{ppn} processes per node ({why})")),
            };
        }
        if let Some(torus) = p.network.torus.as_mut() {
            let dims = &torus.dims.value;
            let have: u64 = dims.iter().map(|&d| u64::from(d)).product();
            if have < u64::from(nodes) && dims.len() > 3 {
                let unit: u32 = dims[3..].iter().product();
                let units = nodes.div_ceil(unit.max(1));
                let mut xyz = [1u32; 3];
                while xyz.iter().product::<u32>() < units {
                    let smallest = (0..3).min_by_key(|&i| xyz[i]).unwrap_or(0);
                    xyz[smallest] += 1;
                }
                let mut value = xyz.to_vec();
                value.extend_from_slice(&dims[3..]);
                torus.dims = Cited {
                    value,
                    basis: Basis::Assume(format!(
                        "{} × {} × {} units of the profile's {:?} to hold {nodes} nodes ({why})",
                        xyz[0],
                        xyz[1],
                        xyz[2],
                        &dims[3..]
                    )),
                };
            }
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::{builtin_profiles, Machine};

    #[test]
    fn the_k_computer_fits_in_a_grown_tofu_torus() {
        let fx100 = builtin_profiles()
            .unwrap()
            .into_iter()
            .find(|p| p.machine.id == "fx100")
            .unwrap();
        let k = fx100.resized(82_944, 8, "test");
        let dims = &k.network.torus.as_ref().unwrap().dims.value;
        assert_eq!(dims[3..], [2, 3, 2]);
        let units: u32 = dims[..3].iter().product();
        assert!((6912..6912 + 3 * 400).contains(&units), "{dims:?}");
        assert!(Machine::new(&k, 663_552).is_ok());
        // Smaller than the profile: the torus is kept.
        let small = fx100.resized(24, 16, "test");
        assert_eq!(
            small.network.torus.as_ref().unwrap().dims.value,
            fx100.network.torus.as_ref().unwrap().dims.value
        );
    }
}
