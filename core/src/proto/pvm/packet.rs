//! PVM 3's packets: how a message is cut into fragments and what headers each hop adds
//! (PVM 3.4's sources; paper 004 used 3.3.11, whose framing the PVM book describes the same
//! way).
//!
//! - A message is built as fragments of at most [`FRAG_DATA`] bytes of data (`pvmfrgsiz` =
//!   `UDPMAXLEN` = 4080, less `MAXHDR` = 48 bytes of headroom: `pmsg.c`, `global.h`).
//! - The first fragment carries the 32-byte message header (`MSGHDRLEN`: encoding, tag,
//!   context, wait id, checksum…).
//! - Between a task and a pvmd (and between tasks) each fragment has a 16-byte header
//!   (`TDFRAGHDR`: destination, source, length, flags); between pvmds a 16-byte one
//!   (`DDFRAGHDR`: destination, source, sequence, acknowledgement, flags).
//! - A pvmd acknowledges every data packet from another pvmd with a packet of its own, header
//!   only, and sends one packet at a time to each other host (`nopax` = 1: stop and wait).

/// The task↔pvmd fragment header.
pub const TD_HEADER: u64 = 16;
/// The pvmd↔pvmd packet header.
pub const DD_HEADER: u64 = 16;
/// The message header, in the first fragment.
pub const MSG_HEADER: u64 = 32;
/// Data bytes per fragment.
pub const FRAG_DATA: u64 = 4080 - 48;

/// The data bytes of each fragment of a `bytes`-byte message (at least one fragment).
pub fn fragments(bytes: u64) -> Vec<u64> {
    let n = bytes.div_ceil(FRAG_DATA).max(1);
    (0..n)
        .map(|i| FRAG_DATA.min(bytes - i * FRAG_DATA.min(bytes)))
        .collect()
}

/// Bytes of fragment `i` (data `data`) on a hop whose packet header is `header`.
pub fn packet_bytes(i: usize, data: u64, header: u64) -> u64 {
    header + if i == 0 { MSG_HEADER } else { 0 } + data
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_4096_byte_message_is_two_fragments_of_4080_and_80_bytes() {
        assert_eq!(fragments(4096), vec![4032, 64]);
        assert_eq!(packet_bytes(0, 4032, TD_HEADER), 4080);
        assert_eq!(packet_bytes(1, 64, DD_HEADER), 80);
        assert_eq!(fragments(0), vec![0]);
        assert_eq!(fragments(4), vec![4]);
        assert_eq!(packet_bytes(0, 4, TD_HEADER), 52);
    }
}
