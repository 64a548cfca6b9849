//! `<sys/resource.h>`: `getrusage`, the rank's own resource use in simulated terms.

use super::{files, put, Done, Lib};

/// `getrusage(who, usage)`: glibc's `struct rusage` (two `timeval`s, then 14 `long`s, 144 bytes).
pub(super) fn getrusage(l: &mut Lib<'_>, a: &[i64]) -> Result<Done, String> {
    const RUSAGE_SELF: i64 = 0;
    const RUSAGE_CHILDREN: i64 = -1;
    const RUSAGE_THREAD: i64 = 1;
    let mut usage = [0i64; 18];
    match a[0] {
        RUSAGE_SELF | RUSAGE_THREAD => {
            let us = l.now.as_us_f64().floor() as i64;
            usage[0] = us / 1_000_000;
            usage[1] = us % 1_000_000;
            usage[4] = l.mem.used().div_ceil(1024) as i64;
        }
        RUSAGE_CHILDREN => {}
        _ => {
            l.files.set_errno(l.mem, files::EINVAL)?;
            return Ok(Done::Value(-1));
        }
    }
    let bytes: Vec<u8> = usage.iter().flat_map(|w| w.to_le_bytes()).collect();
    put(l.mem, a[1], &bytes)?;
    Ok(Done::Value(0))
}
