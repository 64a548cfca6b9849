//! PVM's message buffers in a task's library (PVM 3's `pmsg.c`, `lpvmpack.c`): the send buffer
//! `pvm_initsend` starts and `pvm_pk*` fill, and the position each received buffer is unpacked
//! from. Two encodings: `PvmDataDefault` is XDR — big-endian 4-byte ints, 8-byte doubles, a run
//! of bytes padded to a multiple of 4, a string as its length + 1 then its bytes and NUL, padded
//! — and `PvmDataRaw` the PC's own little-endian layout, unpadded. A message is unpacked in
//! the encoding it was packed in (its header says which).

use std::collections::BTreeMap;

/// `PvmDataDefault`: XDR.
pub const DATA_DEFAULT: i32 = 0;
/// `PvmDataRaw`: the machine's own layout.
pub const DATA_RAW: i32 = 1;
/// `PvmDataInPlace`: data left in the user's memory until sent.
pub const DATA_IN_PLACE: i32 = 2;

/// The send buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SendBuffer {
    /// Its buffer id.
    pub id: i32,
    /// Its encoding.
    pub encoding: i32,
    /// What was packed.
    pub data: Vec<u8>,
}

/// A task's buffers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PvmBuffers {
    /// The active send buffer.
    pub send: Option<SendBuffer>,
    /// The active receive buffer.
    pub active: Option<i32>,
    /// Bytes unpacked so far, per received buffer.
    cursors: BTreeMap<i32, usize>,
    next_id: i32,
    /// `pvm_exit` was called.
    pub exited: bool,
    /// Copies `pvm_spawn` has started so far (rank 0).
    pub spawned: u32,
}

fn pad4(v: &mut Vec<u8>) {
    while v.len() % 4 != 0 {
        v.push(0);
    }
}

impl PvmBuffers {
    /// A new buffer id (from 1).
    pub fn new_id(&mut self) -> i32 {
        self.next_id += 1;
        self.next_id
    }

    /// `pvm_initsend(encoding)`: a fresh send buffer; its id.
    pub fn initsend(&mut self, encoding: i32) -> Result<i32, String> {
        match encoding {
            DATA_DEFAULT | DATA_RAW => {}
            DATA_IN_PLACE => {
                return Err(
                    "PvmDataInPlace is not supported here: use PvmDataDefault or PvmDataRaw (the data is copied at pack time)"
                        .into(),
                )
            }
            e => {
                return Err(format!(
                    "{e} is not an encoding (PvmBadParam): PvmDataDefault (0), PvmDataRaw (1) or PvmDataInPlace (2)"
                ))
            }
        }
        let id = self.new_id();
        self.send = Some(SendBuffer {
            id,
            encoding,
            data: Vec::new(),
        });
        Ok(id)
    }

    fn send_buffer(&mut self) -> Result<&mut SendBuffer, String> {
        self.send
            .as_mut()
            .ok_or_else(|| "no send buffer (PvmNoBuf): call pvm_initsend first".to_string())
    }

    /// `pvm_pkint`'s items.
    pub fn pack_ints(&mut self, items: &[i32]) -> Result<(), String> {
        let b = self.send_buffer()?;
        for &v in items {
            let bytes = if b.encoding == DATA_RAW {
                v.to_le_bytes()
            } else {
                v.to_be_bytes()
            };
            b.data.extend_from_slice(&bytes);
        }
        Ok(())
    }

    /// `pvm_pkdouble`'s items.
    pub fn pack_doubles(&mut self, items: &[f64]) -> Result<(), String> {
        let b = self.send_buffer()?;
        for &v in items {
            let bytes = if b.encoding == DATA_RAW {
                v.to_le_bytes()
            } else {
                v.to_be_bytes()
            };
            b.data.extend_from_slice(&bytes);
        }
        Ok(())
    }

    /// `pvm_pkbyte`'s bytes.
    pub fn pack_bytes(&mut self, items: &[u8]) -> Result<(), String> {
        let b = self.send_buffer()?;
        b.data.extend_from_slice(items);
        if b.encoding != DATA_RAW {
            pad4(&mut b.data);
        }
        Ok(())
    }

    /// `pvm_pkstr`'s string (without its NUL).
    pub fn pack_str(&mut self, s: &[u8]) -> Result<(), String> {
        let n = i32::try_from(s.len() + 1).map_err(|_| "the string is too long".to_string())?;
        self.pack_ints(&[n])?;
        let b = self.send_buffer()?;
        b.data.extend_from_slice(s);
        b.data.push(0);
        if b.encoding != DATA_RAW {
            pad4(&mut b.data);
        }
        Ok(())
    }

    /// The next `len` bytes of received buffer `buf` (its data `body`), the cursor moved on.
    fn take<'b>(&mut self, buf: i32, body: &'b [u8], len: usize) -> Result<&'b [u8], String> {
        let at = self.cursors.entry(buf).or_insert(0);
        let end = *at + len;
        if end > body.len() {
            return Err(format!(
                "unpacking {len} bytes at byte {} of a {}-byte message (PvmNoData): more than was packed",
                *at,
                body.len()
            ));
        }
        let out = &body[*at..end];
        *at = end;
        Ok(out)
    }

    fn skip_pad(&mut self, buf: i32, encoding: i32, body_len: usize) {
        if encoding != DATA_RAW {
            let at = self.cursors.entry(buf).or_insert(0);
            *at = at.next_multiple_of(4).min(body_len);
        }
    }

    /// `pvm_upkint`: `n` ints from buffer `buf`.
    pub fn unpack_ints(
        &mut self,
        buf: i32,
        (body, encoding): (&[u8], i32),
        n: usize,
    ) -> Result<Vec<i32>, String> {
        let raw = self.take(buf, body, 4 * n)?;
        Ok(raw
            .chunks(4)
            .map(|c| {
                let w = [c[0], c[1], c[2], c[3]];
                if encoding == DATA_RAW {
                    i32::from_le_bytes(w)
                } else {
                    i32::from_be_bytes(w)
                }
            })
            .collect())
    }

    /// `pvm_upkdouble`: `n` doubles from buffer `buf`.
    pub fn unpack_doubles(
        &mut self,
        buf: i32,
        (body, encoding): (&[u8], i32),
        n: usize,
    ) -> Result<Vec<f64>, String> {
        let raw = self.take(buf, body, 8 * n)?;
        Ok(raw
            .chunks(8)
            .map(|c| {
                let mut w = [0u8; 8];
                w.copy_from_slice(c);
                if encoding == DATA_RAW {
                    f64::from_le_bytes(w)
                } else {
                    f64::from_be_bytes(w)
                }
            })
            .collect())
    }

    /// `pvm_upkbyte`: `n` bytes from buffer `buf`.
    pub fn unpack_bytes(
        &mut self,
        buf: i32,
        (body, encoding): (&[u8], i32),
        n: usize,
    ) -> Result<Vec<u8>, String> {
        let out = self.take(buf, body, n)?.to_vec();
        self.skip_pad(buf, encoding, body.len());
        Ok(out)
    }

    /// `pvm_upkstr`: a string (with its NUL) from buffer `buf`.
    pub fn unpack_str(
        &mut self,
        buf: i32,
        (body, encoding): (&[u8], i32),
    ) -> Result<Vec<u8>, String> {
        let n = self.unpack_ints(buf, (body, encoding), 1)?[0];
        let n = usize::try_from(n)
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("the message holds no string here (a length of {n})"))?;
        self.unpack_bytes(buf, (body, encoding), n)
    }

    /// Forgets buffer `buf`'s cursor.
    pub fn forget(&mut self, buf: i32) {
        self.cursors.remove(&buf);
        if self.active == Some(buf) {
            self.active = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xdr_is_big_endian_and_padded_and_raw_is_neither() {
        let mut b = PvmBuffers::default();
        b.initsend(DATA_DEFAULT).unwrap();
        b.pack_ints(&[1, -2]).unwrap();
        b.pack_bytes(b"abc").unwrap();
        b.pack_str(b"hi").unwrap();
        b.pack_doubles(&[1.5]).unwrap();
        let data = b.send.clone().unwrap().data;
        assert_eq!(&data[..8], &[0, 0, 0, 1, 0xff, 0xff, 0xff, 0xfe]);
        assert_eq!(&data[8..12], b"abc\0"); // padded
        assert_eq!(&data[12..16], &[0, 0, 0, 3]); // "hi" + NUL
        assert_eq!(&data[16..20], b"hi\0\0");
        assert_eq!(data.len(), 28);
        let mut r = PvmBuffers::default();
        let m = (&data[..], DATA_DEFAULT);
        assert_eq!(r.unpack_ints(7, m, 2).unwrap(), vec![1, -2]);
        assert_eq!(r.unpack_bytes(7, m, 3).unwrap(), b"abc");
        assert_eq!(r.unpack_str(7, m).unwrap(), b"hi\0");
        assert_eq!(r.unpack_doubles(7, m, 1).unwrap(), vec![1.5]);
        let e = r.unpack_ints(7, m, 1).unwrap_err();
        assert!(e.contains("PvmNoData"), "{e}");
        // Raw: little-endian, no padding.
        let mut b = PvmBuffers::default();
        b.initsend(DATA_RAW).unwrap();
        b.pack_ints(&[1]).unwrap();
        b.pack_bytes(b"abc").unwrap();
        assert_eq!(b.send.unwrap().data, vec![1, 0, 0, 0, b'a', b'b', b'c']);
    }

    #[test]
    fn packing_needs_a_send_buffer_and_a_known_encoding() {
        let mut b = PvmBuffers::default();
        assert!(b.pack_ints(&[1]).unwrap_err().contains("pvm_initsend"));
        assert!(b.initsend(7).unwrap_err().contains("not an encoding"));
        assert!(b
            .initsend(DATA_IN_PLACE)
            .unwrap_err()
            .contains("not supported"));
    }
}
