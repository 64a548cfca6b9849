//! Process memory as the kernel reports it (Linux `/proc/self/status`), for benchmarks.

/// Current resident set size (`VmRSS`) in bytes, if the platform reports it.
pub fn rss_bytes() -> Option<u64> {
    status_field("VmRSS:")
}

/// Peak resident set size (`VmHWM`) in bytes, if the platform reports it.
pub fn peak_rss_bytes() -> Option<u64> {
    status_field("VmHWM:")
}

fn status_field(name: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(name))?;
    let kb: u64 = line[name.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// `bytes` in MiB for display.
pub fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}
