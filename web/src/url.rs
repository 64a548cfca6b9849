//! Share links: the program, the machine and the options packed into the URL fragment, so that
//! opening a link restores exactly that state — with no server involved.
//!
//! Format: `#s=<base64url(deflate(JSON))>` (plus `&embed=1` for the minimal embed view). The JSON
//! carries a format version so older links keep opening. Decoding is defensive: a link is user
//! input, so a damaged, truncated, oversized or future-version link yields a [`LinkError`] with a
//! plain-English message, never a panic, and the decompressed size is capped (no zip bombs).

use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};

/// The link format written by this version.
pub const LINK_VERSION: u32 = 1;

/// Largest program (and state) a link may carry once decompressed.
pub const MAX_STATE_BYTES: usize = 512 * 1024;

/// What a share link holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShareState {
    /// Link format version.
    pub v: u32,
    /// The program text.
    pub source: String,
    /// Machine profile id.
    pub profile: String,
    /// Rank count.
    pub ranks: u32,
    /// Playback speed (links made before it existed play as fast as possible).
    #[serde(default)]
    pub speed: crate::playback::Speed,
    /// Run limits (links made before they existed get the defaults).
    #[serde(default)]
    pub options: crate::run_options::RunOptions,
}

/// Why a link could not be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The fragment has no `s=` part.
    Missing,
    /// Not valid base64url.
    NotBase64,
    /// The compressed data is damaged or truncated.
    Damaged,
    /// The state is larger than [`MAX_STATE_BYTES`].
    TooLarge,
    /// The state is not the JSON this version understands.
    Malformed(String),
    /// Written by a newer Rankscope.
    FutureVersion(u32),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Missing => write!(f, "this link has no shared program in it"),
            LinkError::NotBase64 | LinkError::Damaged => write!(
                f,
                "this link is damaged (probably cut off when it was copied): ask for it again"
            ),
            LinkError::TooLarge => write!(
                f,
                "this link holds more than {} KiB of program, more than Rankscope opens",
                MAX_STATE_BYTES / 1024
            ),
            LinkError::Malformed(why) => write!(f, "this link's contents are not valid: {why}"),
            LinkError::FutureVersion(v) => write!(
                f,
                "this link was made by a newer Rankscope (link format {v}); open it with the newest version"
            ),
        }
    }
}

impl std::error::Error for LinkError {}

/// The fragment (without `#`) that restores `state`.
pub fn encode(state: &ShareState) -> String {
    let json = serde_json::to_vec(state).unwrap_or_default();
    let packed = miniz_oxide::deflate::compress_to_vec(&json, 9);
    format!("s={}", URL_SAFE_NO_PAD.encode(packed))
}

/// Reads a fragment (with or without the leading `#`) written by [`encode`].
pub fn decode(fragment: &str) -> Result<ShareState, LinkError> {
    let value = fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix("s="))
        .ok_or(LinkError::Missing)?;
    let packed = URL_SAFE_NO_PAD
        .decode(value.trim_end_matches('='))
        .map_err(|_| LinkError::NotBase64)?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_STATE_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge,
            _ => LinkError::Damaged,
        })?;
    #[derive(Deserialize)]
    struct Version {
        v: u32,
    }
    let version: Version =
        serde_json::from_slice(&json).map_err(|e| LinkError::Malformed(e.to_string()))?;
    if version.v > LINK_VERSION {
        return Err(LinkError::FutureVersion(version.v));
    }
    serde_json::from_slice(&json).map_err(|e| LinkError::Malformed(e.to_string()))
}

/// Whether the page should show the minimal embed view (`#…&embed=1` or `?embed=1`).
pub fn is_embed(fragment: &str, query: &str) -> bool {
    let has = |s: &str| {
        s.trim_start_matches(['#', '?'])
            .split('&')
            .any(|p| p == "embed" || p == "embed=1")
    };
    has(fragment) || has(query)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn state() -> ShareState {
        ShareState {
            v: LINK_VERSION,
            source: include_str!("../../examples/pingpong_naive.c").to_string(),
            profile: "emx".into(),
            ranks: 3,
            speed: crate::playback::Speed::Walk,
            options: crate::run_options::RunOptions::default(),
        }
    }

    #[test]
    fn round_trips_and_compresses() {
        let s = state();
        let link = encode(&s);
        assert!(
            link.len() < s.source.len(),
            "{} ≥ {}",
            link.len(),
            s.source.len()
        );
        assert!(link
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(&b)));
        assert_eq!(decode(&format!("#{link}&embed=1")), Ok(s));
    }

    #[test]
    fn damaged_links_are_errors_with_plain_messages() {
        let link = encode(&state());
        assert_eq!(decode("#x=1"), Err(LinkError::Missing));
        assert_eq!(decode("s=***"), Err(LinkError::NotBase64));
        // Cut at a whole base64 quantum: valid base64, truncated deflate stream.
        let cut = 2 + (link.len() - 2) / 2 / 4 * 4;
        assert_eq!(decode(&link[..cut]), Err(LinkError::Damaged));
        let future = encode(&ShareState { v: 99, ..state() });
        assert_eq!(decode(&future), Err(LinkError::FutureVersion(99)));
        assert!(LinkError::Damaged.to_string().contains("damaged"));
    }

    #[test]
    fn links_from_before_the_speed_option_still_open() {
        let old = r#"{"v":1,"source":"int main() { return 0; }","profile":"emx","ranks":2}"#;
        let packed = miniz_oxide::deflate::compress_to_vec(old.as_bytes(), 9);
        let link = format!("s={}", URL_SAFE_NO_PAD.encode(packed));
        let s = decode(&link).unwrap();
        assert_eq!((s.ranks, s.speed), (2, crate::playback::Speed::Max));
        assert_eq!(s.options, crate::run_options::RunOptions::default());
    }

    #[test]
    fn links_from_before_the_comparison_open_without_one() {
        let old = r#"{"v":1,"source":"x","profile":"emx","ranks":3,"speed":"max","options":{"max_ops":9,"max_events":8,"matching":{"both-sides":"sync"}}}"#;
        let packed = miniz_oxide::deflate::compress_to_vec(old.as_bytes(), 9);
        let s = decode(&format!("s={}", URL_SAFE_NO_PAD.encode(packed))).unwrap();
        assert_eq!(s.options.compare, None);
        assert_eq!(s.options.lock, rankscope_core::locks::LockScheme::McsRw);
        assert_eq!(s.options.max_ops, 9);
        let with = ShareState {
            options: crate::run_options::RunOptions {
                compare: Some(rankscope_core::proto::p2p::Matching::ReceiverOnly(
                    rankscope_core::proto::p2p::Protocol::Get,
                )),
                lock: rankscope_core::locks::LockScheme::LiEtAl,
                ..s.options
            },
            ..s
        };
        assert_eq!(decode(&encode(&with)), Ok(with));
        // A lock scheme the playground does not know is refused, not guessed.
        let bad = old.replace(r#""matching""#, r#""lock":"mcs","matching""#);
        let packed = miniz_oxide::deflate::compress_to_vec(bad.as_bytes(), 9);
        assert!(decode(&format!("s={}", URL_SAFE_NO_PAD.encode(packed))).is_err());
    }

    #[test]
    fn oversized_state_is_refused() {
        let big = ShareState {
            source: "x".repeat(MAX_STATE_BYTES + 1),
            ..state()
        };
        assert_eq!(decode(&encode(&big)), Err(LinkError::TooLarge));
    }

    #[test]
    fn embed_flag_from_fragment_or_query() {
        assert!(is_embed("#s=abc&embed=1", ""));
        assert!(is_embed("", "?embed=1"));
        assert!(!is_embed("#s=abc", "?x=embedded"));
    }

    proptest! {
        #[test]
        fn any_fragment_decodes_or_errs_without_panicking(s in "\\PC{0,200}") {
            let _ = decode(&s);
            let _ = decode(&format!("s={s}"));
        }
    }
}
