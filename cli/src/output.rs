//! Printing to standard output that stops quietly when the reader goes away (`rankscope … | head`)
//! instead of panicking on a broken pipe, as `println!` does.

/// Like `println!`, but exits with status 0 if standard output is closed.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub(crate) use out;
