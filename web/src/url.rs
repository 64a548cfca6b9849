//! Share links: the program, the machine and the options packed into the URL fragment, so that
//! opening a link restores exactly that state — with no server involved.
//!
//! Format: `#s=<base64url(deflate(JSON))>`, plus `&args=<percent-encoded line>` when the program
//! gets command-line arguments (readable and editable by hand: `&args=100%2010`), the timeline's
//! rank filter, groups and row height when set (`&rows=0-7&group=8&rowzoom=1`,
//! [`crate::playground::rows_link`]) and `&embed=1`
//! for the minimal embed view. The JSON carries a format version so older links keep opening. Decoding is defensive: a link is user
//! input, so a damaged, truncated, oversized or future-version link yields a [`LinkError`] with a
//! plain-English message, never a panic, and the decompressed size is capped (no zip bombs).

use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};

use crate::playground::rows_link::RowsShare;

/// The newest link format this version reads: 2 carries a program of several files. A link of
/// a one-file program is still written as format 1 (so it opens in versions before files).
pub const LINK_VERSION: u32 = 2;

/// The format of a link carrying only a program's text.
pub const ONE_FILE_VERSION: u32 = 1;

/// Largest program (and state) a link may carry once decompressed.
pub const MAX_STATE_BYTES: usize = 512 * 1024;

/// What a share link holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShareState {
    /// Link format version.
    pub v: u32,
    /// The program text (of several files: the first file's).
    pub source: String,
    /// The first file's name, when not `program.c` (format 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The program's other files: sources, headers, data files (format 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<crate::playground::program_files::FileShare>,
    /// Machine profile id.
    pub profile: String,
    /// Rank count.
    pub ranks: u32,
    /// Playback speed (links made before it existed play as fast as possible).
    #[serde(default)]
    pub speed: crate::playground::playback::Speed,
    /// Run limits (links made before they existed get the defaults).
    #[serde(default)]
    pub options: crate::playground::run_options::RunOptions,
    /// The "Arguments" line as typed (see [`crate::playground::args`]). A link carries it in its own `args=`
    /// part, not in the JSON; the autosave keeps it in the JSON. Empty when there are none
    /// (and in links made before it existed).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub args: String,
    /// Presentation mode. A link carries it as its own `present` part; the autosave does not
    /// keep it (a reload of one's own work opens the ordinary page).
    #[serde(skip)]
    pub present: bool,
    /// "You are the network" with these choices (links made before it existed: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<Vec<u32>>,
    /// "Every match" with these match choices (links made before it existed: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub matches: Option<Vec<u32>>,
    /// The timeline's rows: rank filter, groups, row height ([`crate::playground::rows_link`]). A link
    /// carries them as readable parts (`&rows=0-7&group=8&rowzoom=1`), not in the JSON; the
    /// autosave keeps them in the JSON.
    #[serde(default, skip_serializing_if = "RowsShare::is_default")]
    pub rows: RowsShare,
    /// Why a link's `rows=`/`group=`/`rowzoom=` parts could not be read (the link still opens,
    /// with every rank shown, and says this).
    #[serde(skip)]
    pub rows_problem: Option<String>,
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
    /// The `args=` part is not a percent-encoded argument line that splits (the reason).
    BadArgs(String),
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
            LinkError::BadArgs(why) => write!(f, "this link's program arguments (args=) are not valid: {why}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// `bytes` deflated and base64url-encoded, as links carry data.
fn pack(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(bytes, 9))
}

/// What [`pack`] made, back (at most [`MAX_STATE_BYTES`]), or why it cannot be read.
fn unpack(text: &str) -> Result<Vec<u8>, LinkError> {
    let packed = URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('='))
        .map_err(|_| LinkError::NotBase64)?;
    miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_STATE_BYTES).map_err(
        |e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge,
            _ => LinkError::Damaged,
        },
    )
}

/// A text deflated and base64url-encoded for a link (a lesson file, an edge list).
pub fn pack_text(text: &str) -> String {
    pack(text.as_bytes())
}

/// What [`pack_text`] made, back, or why it cannot be read.
pub fn unpack_text(packed: &str) -> Result<String, LinkError> {
    unpack(packed).and_then(|bytes| String::from_utf8(bytes).map_err(|_| LinkError::Damaged))
}

/// The fragment (without `#`) that restores `state`.
pub fn encode(state: &ShareState) -> String {
    let (args, rest) = (
        &state.args,
        ShareState {
            args: String::new(),
            rows: RowsShare::default(),
            rows_problem: None,
            ..state.clone()
        },
    );
    let json = serde_json::to_vec(&rest).unwrap_or_default();
    let mut fragment = format!("s={}", pack(&json));
    if !args.is_empty() {
        fragment.push_str("&args=");
        fragment.push_str(&percent_encode(args));
    }
    fragment.push_str(&state.rows.parts());
    if state.present {
        fragment.push_str("&present");
    }
    fragment
}

/// `text` with every byte but ASCII letters, digits and `-._~` written as `%XX` (RFC 3986's
/// unreserved characters), so it survives in a fragment part between `&`s.
pub fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Reads [`percent_encode`]'s output, or any text with `%XX` escapes (`+` is a plus sign, as
/// in a fragment); a `%` without two hex digits or bytes that are not UTF-8 are an error.
pub fn percent_decode(text: &str) -> Result<String, String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        rest = tail;
        if b != b'%' {
            bytes.push(b);
            continue;
        }
        let hex = rest
            .get(..2)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .ok_or("a % must be followed by two hexadecimal digits (e.g. %20 for a space)")?;
        bytes.push(hex);
        rest = &rest[2..];
    }
    String::from_utf8(bytes).map_err(|_| "the %-escapes do not spell UTF-8 text".to_string())
}

/// Reads a fragment (with or without the leading `#`) written by [`encode`].
pub fn decode(fragment: &str) -> Result<ShareState, LinkError> {
    let parts = || fragment.trim_start_matches('#').split('&');
    let value = parts()
        .find_map(|part| part.strip_prefix("s="))
        .ok_or(LinkError::Missing)?;
    let args = parts()
        .find_map(|part| part.strip_prefix("args="))
        .map(percent_decode)
        .transpose()
        .map_err(LinkError::BadArgs)?;
    let json = unpack(value)?;
    #[derive(Deserialize)]
    struct Version {
        v: u32,
    }
    let version: Version =
        serde_json::from_slice(&json).map_err(|e| LinkError::Malformed(e.to_string()))?;
    if version.v > LINK_VERSION {
        return Err(LinkError::FutureVersion(version.v));
    }
    let mut state: ShareState =
        serde_json::from_slice(&json).map_err(|e| LinkError::Malformed(e.to_string()))?;
    if let Some(args) = args {
        state.args = args;
    }
    state.present = parts().any(|part| part == "present" || part == "present=1");
    match RowsShare::from_parts(parts()) {
        Ok(rows) if rows.is_default() => {}
        Ok(rows) => state.rows = rows,
        Err(why) => state.rows_problem = Some(why),
    }
    crate::playground::args::split(&state.args).map_err(|e| LinkError::BadArgs(e.to_string()))?;
    Ok(state)
}

/// Whether `fragment` carries a shared program (an `s=` part).
pub fn is_share_link(fragment: &str) -> bool {
    fragment
        .trim_start_matches('#')
        .split('&')
        .any(|part| part.starts_with("s="))
}

/// The lesson a link opens: a shipped one by id, or a whole lesson file carried in the link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonLink {
    /// `#lesson=ID`.
    Id(String),
    /// `#lesson-text=…`: the file, deflated and base64url-encoded (or why it cannot be read).
    Text(Result<String, LinkError>),
}

/// The lesson in `fragment` (`#lesson=first-mpi&step=3`) and its step (1-based in the link,
/// 0-based here), if it names one.
pub fn lesson_link(fragment: &str) -> Option<(LessonLink, Option<usize>)> {
    let parts = || fragment.trim_start_matches('#').split('&');
    let step = parts()
        .find_map(|p| p.strip_prefix("step="))
        .and_then(|k| k.parse::<usize>().ok())
        .map(|k| k.saturating_sub(1));
    if let Some(id) = parts().find_map(|p| p.strip_prefix("lesson=")) {
        let id = percent_decode(id).unwrap_or_else(|_| id.to_string());
        return Some((LessonLink::Id(id), step));
    }
    let packed = parts().find_map(|p| p.strip_prefix("lesson-text="))?;
    Some((LessonLink::Text(unpack_text(packed)), step))
}

/// The fragment (without `#`) that opens a lesson at `step` (0-based): by id, or, for a
/// lesson file of one's own, with its whole text in the link. `present` keeps presentation mode.
pub fn encode_lesson(id: &str, text: Option<&str>, step: usize, present: bool) -> String {
    let mut fragment = match text {
        None => format!("lesson={}", percent_encode(id)),
        Some(text) => format!("lesson-text={}", pack_text(text)),
    };
    fragment.push_str(&format!("&step={}", step + 1));
    if present {
        fragment.push_str("&present");
    }
    fragment
}

/// Whether the fragment or the query has the flag `name` (`name` or `name=1`), e.g. `#embed`,
/// `?embed=1&readonly`.
pub fn has_part(fragment: &str, query: &str, name: &str) -> bool {
    let has = |s: &str| {
        s.trim_start_matches(['#', '?'])
            .split('&')
            .any(|p| p == name || p.strip_prefix(name) == Some("=1"))
    };
    has(fragment) || has(query)
}

/// Whether the page is embedded (`#embed` or `?embed=1`): the compact layout for slides.
pub fn is_embed(fragment: &str, query: &str) -> bool {
    has_part(fragment, query, "embed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn state() -> ShareState {
        ShareState {
            v: LINK_VERSION,
            source: include_str!("../../examples/pingpong_naive.c").to_string(),
            first: None,
            files: Vec::new(),
            profile: "emx".into(),
            ranks: 3,
            speed: crate::playground::playback::Speed::Walk,
            options: crate::playground::run_options::RunOptions::default(),
            args: String::new(),
            present: false,
            network: None,
            matches: None,
            rows: RowsShare::default(),
            rows_problem: None,
        }
    }

    #[test]
    fn the_timeline_rows_travel_in_readable_parts() {
        let s = ShareState {
            rows: RowsShare {
                filter: "0-7, 12".into(),
                group: 8,
                zoom: 1,
            },
            present: true,
            ..state()
        };
        let link = encode(&s);
        assert!(
            link.ends_with("&rows=0-7%2C%2012&group=8&rowzoom=1&present"),
            "{link}"
        );
        assert_eq!(decode(&link), Ok(s.clone()));
        // Not in the compressed JSON too; the autosave's JSON keeps them.
        assert_eq!(link.split('&').next(), encode(&state()).split('&').next());
        let saved: ShareState = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(saved.rows, s.rows);
        // A bad part opens the link anyway, with the reason kept for the page to say.
        let bad = decode(&format!("{}&group=five", encode(&state()))).unwrap();
        assert_eq!(bad.rows, RowsShare::default());
        assert!(bad.rows_problem.unwrap().contains("group=five"));
    }

    #[test]
    fn lesson_links_round_trip_by_id_and_by_text() {
        let by_id = encode_lesson("first-mpi", None, 2, true);
        assert_eq!(by_id, "lesson=first-mpi&step=3&present");
        assert_eq!(
            lesson_link(&format!("#{by_id}")),
            Some((LessonLink::Id("first-mpi".into()), Some(2)))
        );
        let text = "id = \"mine\"\n# ありがとう\n";
        let carried = encode_lesson("mine", Some(text), 0, false);
        assert_eq!(
            lesson_link(&carried),
            Some((LessonLink::Text(Ok(text.to_string())), Some(0)))
        );
        assert_eq!(
            lesson_link("#lesson-text=%%%"),
            Some((LessonLink::Text(Err(LinkError::NotBase64)), None))
        );
        assert_eq!(lesson_link("#s=abc"), None);
    }

    #[test]
    fn a_share_link_is_one_with_an_s_part_not_any_part_ending_in_s() {
        assert!(is_share_link(&format!("#{}", encode(&state()))));
        assert!(is_share_link("s=abc&args=1"));
        assert!(!is_share_link("#schedule=edges&n=5&edges=abc"));
        assert!(!is_share_link("#lesson=first-mpi&step=3"));
        assert!(!is_share_link(""));
    }

    #[test]
    fn presentation_mode_travels_in_its_own_part() {
        let on = ShareState {
            present: true,
            ..state()
        };
        let link = encode(&on);
        assert!(link.ends_with("&present"), "{link}");
        assert_eq!(decode(&link), Ok(on.clone()));
        assert_eq!(decode(&link.replace("&present", "&present=1")), Ok(on));
        assert!(!encode(&state()).contains("present"));
        assert!(!decode(&encode(&state())).unwrap().present);
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
        assert_eq!(
            (s.ranks, s.speed),
            (2, crate::playground::playback::Speed::Max)
        );
        assert_eq!(
            s.options,
            crate::playground::run_options::RunOptions::default()
        );
    }

    #[test]
    fn links_from_before_the_comparison_open_without_one() {
        let old = r#"{"v":1,"source":"x","profile":"emx","ranks":3,"speed":"max","options":{"max_ops":9,"max_events":8,"matching":{"both-sides":"sync"}}}"#;
        let packed = miniz_oxide::deflate::compress_to_vec(old.as_bytes(), 9);
        let s = decode(&format!("s={}", URL_SAFE_NO_PAD.encode(packed))).unwrap();
        assert_eq!(s.options.compare, None);
        assert_eq!(s.options.run.lock, rankscope_core::locks::LockScheme::McsRw);
        assert_eq!(s.options.run.max_ops, 9);
        assert_eq!(s.options.run.memory, rankscope_core::lang::DEFAULT_MEMORY);
        assert_eq!(
            s.options.to_text(),
            "engine=both-sides:sync max-events=8 max-ops=9"
        );
        let with = ShareState {
            options: crate::playground::run_options::RunOptions {
                compare: Some(rankscope_core::proto::p2p::Matching::ReceiverOnly(
                    rankscope_core::proto::p2p::Protocol::Get,
                )),
                run: rankscope_core::run_config::RunConfig {
                    lock: rankscope_core::locks::LockScheme::LiEtAl,
                    ..s.options.run
                },
            },
            ..s
        };
        assert_eq!(decode(&encode(&with)), Ok(with));
        // A lock scheme the playground does not know is refused, not guessed.
        let bad = old.replace(r#""matching""#, r#""lock":"mcs","matching""#);
        let packed = miniz_oxide::deflate::compress_to_vec(bad.as_bytes(), 9);
        assert!(decode(&format!("s={}", URL_SAFE_NO_PAD.encode(packed))).is_err());
    }

    /// A link carries its options as core's text form; a bad value in one is refused with the
    /// key and the values it takes.
    #[test]
    fn options_travel_as_text_and_a_bad_one_is_named() {
        let json = |options: &str| {
            format!(r#"{{"v":1,"source":"x","profile":"folon","ranks":2,"options":{options}}}"#)
        };
        let link = |text: &str| {
            let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9);
            format!("s={}", URL_SAFE_NO_PAD.encode(packed))
        };
        let s = decode(&link(&json(r#""fcp=fcp2 pvm-route=fcp compare=eager""#))).unwrap();
        assert_eq!(
            s.options.run.fcp,
            rankscope_core::proto::fcp::Variant::FcpII
        );
        assert_eq!(
            s.options.run.pvm,
            rankscope_core::proto::pvm::PvmConfig::FCP
        );
        assert_eq!(
            s.options.compare,
            Some(rankscope_core::proto::p2p::Matching::Eager)
        );
        let packed = encode(&s);
        let text = unpack_text(packed.trim_start_matches("s=")).unwrap();
        assert!(
            text.contains(r#""options":"fcp=fcp2 pvm-route=fcp compare=eager""#),
            "{text}"
        );
        let e = decode(&link(&json(r#""lock=mcs""#))).unwrap_err();
        assert!(
            e.to_string()
                .contains("lock: \"mcs\" is not one of mcs-rw, fompi, test-and-set, li"),
            "{e}"
        );
    }

    #[test]
    fn arguments_travel_in_a_readable_args_part() {
        let s = ShareState {
            args: r#"100 "two words" 'x&y=z' π%"#.into(),
            ..state()
        };
        let link = encode(&s);
        let (_, args) = link.split_once("&args=").unwrap();
        assert_eq!(
            args,
            "100%20%22two%20words%22%20%27x%26y%3Dz%27%20%CF%80%25"
        );
        assert_eq!(decode(&format!("#{link}&embed=1")), Ok(s.clone()));
        // Not in the compressed JSON too.
        assert!(!encode(&state()).contains("args"));
        assert_eq!(link.split('&').next(), Some(encode(&state()).as_str()));
        // Hand-written: a teacher appends `&args=…` to a link.
        let hand = format!("{}&args=100%2010", encode(&state()));
        assert_eq!(decode(&hand).unwrap().args, "100 10");
        assert_eq!(
            decode(&format!("{}&args=", encode(&state()))).unwrap().args,
            ""
        );
    }

    #[test]
    fn bad_arguments_in_a_link_are_errors_with_plain_messages() {
        let base = encode(&state());
        let bad = |args: &str| {
            decode(&format!("{base}&args={args}"))
                .unwrap_err()
                .to_string()
        };
        let open = bad("100%20%22ten");
        assert!(
            open.contains("args=") && open.contains("never closed"),
            "{open}"
        );
        assert!(bad("100%2").contains("two hexadecimal digits"));
        assert!(bad("%zz").contains("two hexadecimal digits"));
        assert!(bad("%FF").contains("UTF-8"));
        assert!(bad("a%5C").contains("backslash"));
    }

    #[test]
    fn percent_coding_round_trips() {
        for text in ["", "plain", "a b&c=d%e+f", r"ünï\cödé\n\t\"] {
            assert_eq!(percent_decode(&percent_encode(text)).as_deref(), Ok(text));
        }
        assert_eq!(percent_decode("1+2").as_deref(), Ok("1+2"));
        assert_eq!(percent_decode("%41%62").as_deref(), Ok("Ab"));
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
            let _ = decode(&format!("{}&args={s}", encode(&state())));
            let _ = percent_decode(&s);
        }

        #[test]
        fn any_argument_text_round_trips_through_percent_coding(s in "\\PC{0,60}") {
            prop_assert_eq!(percent_decode(&percent_encode(&s)), Ok(s));
        }
    }
}
