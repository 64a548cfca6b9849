//! EM-X's circular omega network: a multistage network whose latency is stages × stage time.
//!
//! Model: an omega network of `radix × radix` switching elements connecting `P` processing
//! elements has `⌈log_radix P⌉` stages; every packet crosses all of them, each stage adding a fixed
//! latency. Packets are `packet_words` words (EM-X: 2 words, an address word and a data word,
//! paper 000 Sec. 5.1), so a remote write carries `packet_words − 1` data words per packet.
//!
//! Simplifications: no contention inside the network (EM-X's network was rarely the bottleneck in
//! paper 000's experiments; the per-byte cost `G` of the link model carries the throughput); the
//! circular variant's shorter paths between neighbouring PEs are ignored.

use crate::time::SimTime;

/// An omega network's shape and timing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Omega {
    stages: u32,
    stage_latency: SimTime,
    word_bytes: u32,
    packet_words: u32,
}

/// Number of stages of an omega network of `radix`-way switches for `pes` endpoints:
/// the smallest `s` with `radix^s ≥ pes` (at least 1 for two or more endpoints; a radix below 2
/// is treated as 2).
pub fn stages_for(pes: u32, radix: u32) -> u32 {
    let radix = u64::from(radix.max(2));
    let (mut reach, mut stages) = (1u64, 0u32);
    while reach < u64::from(pes) {
        reach *= radix;
        stages += 1;
    }
    stages
}

impl Omega {
    /// An omega network for `pes` endpoints of `radix`-way switches. Word and packet sizes below
    /// one are treated as one.
    pub fn new(
        pes: u32,
        radix: u32,
        stage_latency: SimTime,
        word_bytes: u32,
        packet_words: u32,
    ) -> Omega {
        Omega {
            stages: stages_for(pes, radix),
            stage_latency,
            word_bytes: word_bytes.max(1),
            packet_words: packet_words.max(1),
        }
    }

    /// Number of stages every packet crosses.
    pub fn stages(&self) -> u32 {
        self.stages
    }

    /// Network latency of one packet: stages × stage latency.
    pub fn latency(&self) -> SimTime {
        self.stage_latency.times(u64::from(self.stages))
    }

    /// Data bytes one packet carries: all words but the address word (at least one word).
    pub fn payload_bytes(&self) -> u64 {
        u64::from(self.word_bytes) * u64::from(self.packet_words.saturating_sub(1).max(1))
    }

    /// Packets needed to carry `bytes` bytes (at least one: even an empty message is a packet).
    pub fn packets(&self, bytes: u64) -> u64 {
        bytes.div_ceil(self.payload_bytes()).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_are_the_ceiling_log_of_the_pe_count() {
        assert_eq!(stages_for(1, 2), 0);
        assert_eq!(stages_for(2, 2), 1);
        assert_eq!(stages_for(64, 2), 6);
        assert_eq!(stages_for(65, 2), 7);
        assert_eq!(stages_for(80, 2), 7); // EM-X: 80 PEs
        assert_eq!(stages_for(80, 4), 4);
        assert_eq!(stages_for(80, 0), 7);
    }

    #[test]
    fn latency_is_stages_times_stage_latency() {
        let o = Omega::new(80, 2, SimTime::from_ns(125), 4, 2);
        assert_eq!(o.stages(), 7);
        assert_eq!(o.latency(), SimTime::from_ns(875));
    }

    #[test]
    fn two_word_packets_carry_one_data_word() {
        let o = Omega::new(80, 2, SimTime::from_ns(125), 4, 2);
        assert_eq!(o.payload_bytes(), 4);
        assert_eq!(o.packets(0), 1);
        assert_eq!(o.packets(4), 1);
        assert_eq!(o.packets(5), 2);
        assert_eq!(o.packets(1024), 256);
    }
}
