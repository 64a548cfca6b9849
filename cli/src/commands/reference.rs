//! `rankscope reference`: every C and MPI function a program may call, with its signature and
//! how it is modelled, as Markdown (or JSON) — core's `lang::reference`, the data the web's
//! `#reference` page renders.

use crate::output::out;

use rankscope_core::lang::reference::reference;

/// Prints the reference as Markdown, or with `json` as JSON; `filter` keeps the functions and
/// constants whose name, signature or note contains it.
pub fn run(json: bool, filter: Option<&str>) -> Result<(), String> {
    let r = reference().filter(filter.unwrap_or(""));
    if json {
        let doc = serde_json::json!({
            "core_version": rankscope_core::VERSION,
            "reference": r,
        });
        out!(
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        );
    } else if r.is_empty() {
        return Err(format!(
            "nothing in the reference matches `{}`",
            filter.unwrap_or("")
        ));
    } else {
        out!("{}", r.markdown().trim_end());
    }
    Ok(())
}
