//! The machine profiles shipped with Rankscope (`profiles/*.toml`), embedded at compile time.

use std::sync::OnceLock;

use super::profile::{Profile, ProfileError};

/// File name and text of every built-in profile, in display order.
pub const BUILTIN_PROFILE_SOURCES: &[(&str, &str)] = &[
    ("emx.toml", include_str!("../../../profiles/emx.toml")),
    ("fx100.toml", include_str!("../../../profiles/fx100.toml")),
    ("fx10.toml", include_str!("../../../profiles/fx10.toml")),
    ("folon.toml", include_str!("../../../profiles/folon.toml")),
    ("ib-qdr.toml", include_str!("../../../profiles/ib-qdr.toml")),
    (
        "ethernet-1g.toml",
        include_str!("../../../profiles/ethernet-1g.toml"),
    ),
    (
        "cluster.toml",
        include_str!("../../../profiles/cluster.toml"),
    ),
];

/// Every built-in profile. A failure here means a shipped file is broken; the tests make sure
/// that never reaches a user, but callers still get an error rather than a panic. The files are
/// parsed once per process (a paper check asks for its machine once per job) and copied out.
pub fn builtin_profiles() -> Result<Vec<Profile>, ProfileError> {
    parsed().clone()
}

/// The built-in profiles, parsed once.
fn parsed() -> &'static Result<Vec<Profile>, ProfileError> {
    static PARSED: OnceLock<Result<Vec<Profile>, ProfileError>> = OnceLock::new();
    PARSED.get_or_init(|| {
        BUILTIN_PROFILE_SOURCES
            .iter()
            .map(|(file, text)| Profile::from_toml(file, text))
            .collect()
    })
}

/// The built-in profile with machine id `id` (`emx`, `fx100`, …), if there is one and it parses
/// (only that one is copied).
pub fn builtin_profile(id: &str) -> Option<Profile> {
    parsed()
        .as_ref()
        .ok()?
        .iter()
        .find(|p| p.machine.id == id)
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_parses_and_ids_are_unique() {
        let profiles = builtin_profiles().unwrap();
        let mut ids: Vec<_> = profiles.iter().map(|p| p.machine.id.clone()).collect();
        assert_eq!(
            ids,
            [
                "emx",
                "fx100",
                "fx10",
                "folon",
                "ib-qdr",
                "ethernet-1g",
                "cluster"
            ]
        );
        ids.dedup();
        assert_eq!(ids.len(), profiles.len());
    }

    #[test]
    fn every_file_in_profiles_dir_is_builtin() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../profiles");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".toml"))
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = BUILTIN_PROFILE_SOURCES
            .iter()
            .map(|(f, _)| f.to_string())
            .collect();
        embedded.sort();
        assert_eq!(on_disk, embedded);
    }

    #[test]
    fn file_name_matches_machine_id() {
        for (file, text) in BUILTIN_PROFILE_SOURCES {
            let p = Profile::from_toml(file, text).unwrap();
            assert_eq!(*file, format!("{}.toml", p.machine.id));
        }
    }
}
