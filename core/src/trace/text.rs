//! The languages core's sentences come in ([`Lang`]): English, the default and the only one the
//! CLI, the trace hash and the fingerprints ever read, and Japanese for the web page. A sentence
//! function that can speak Japanese takes a `Lang` (`Record::explain_in`,
//! `SimError::text_in`, `Sim::describe_rank_in`); its English stays the plain function's, byte for
//! byte. Small shared words (a request, a message, a rank) are here.
//!
//! Every layer's records speak Japanese through `LayerRecord::explain_ja` (engine, point-to-point,
//! one-sided, locks, ACP, FCP/VCL, PVM, sockets and the network's choices; `stride::sentences_in`
//! too); `core/tests/it/explain_ja.rs` runs examples on each layer and checks every record's
//! Japanese carries the English one's numbers. Only the hardware models' notes stay English (they
//! are part of the trace hash), and so do C compile and runtime errors and the `MPI_Finalize`
//! warnings (`lang`, as a C compiler's do).

use std::fmt::Display;

/// A language of core's sentences.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the CLI, hashes, fingerprints).
    #[default]
    En,
    /// Japanese (the web page when 日本語 is chosen).
    Ja,
}

impl Lang {
    /// "request 3" / "リクエスト 3".
    pub fn req(self, id: impl Display) -> String {
        match self {
            Lang::En => format!("request {id}"),
            Lang::Ja => format!("リクエスト {id}"),
        }
    }

    /// "message #3" / "メッセージ #3".
    pub fn msg(self, id: impl Display) -> String {
        match self {
            Lang::En => format!("message #{id}"),
            Lang::Ja => format!("メッセージ #{id}"),
        }
    }

    /// "rank 3" / "ランク 3".
    pub fn rank(self, rank: impl Display) -> String {
        match self {
            Lang::En => format!("rank {rank}"),
            Lang::Ja => format!("ランク {rank}"),
        }
    }

    /// A program's place as `Program::blocked_at` writes it ("MPI_Recv at line 7") in this
    /// language ("MPI_Recv(7 行目)"); anything else unchanged.
    pub fn place(self, at: &str) -> String {
        match (self, at.rsplit_once(" at line ")) {
            (Lang::Ja, Some((call, line))) if line.chars().all(|c| c.is_ascii_digit()) => {
                format!("{call}({line} 行目)")
            }
            _ => at.to_string(),
        }
    }

    /// Picks `en` or `ja`.
    pub fn pick<T>(self, en: T, ja: T) -> T {
        match self {
            Lang::En => en,
            Lang::Ja => ja,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_words_are_the_ids_display() {
        use crate::engine::ids::{MsgId, ReqId};
        assert_eq!(Lang::En.req(3), ReqId(3).to_string());
        assert_eq!(Lang::En.msg(7), MsgId(7).to_string());
        assert_eq!(Lang::Ja.req(3), "リクエスト 3");
        assert_eq!(Lang::Ja.msg(7), "メッセージ #7");
        assert_eq!(Lang::Ja.pick("a", "b"), "b");
        assert_eq!(Lang::Ja.place("MPI_Recv at line 7"), "MPI_Recv(7 行目)");
        assert_eq!(Lang::En.place("MPI_Recv at line 7"), "MPI_Recv at line 7");
        assert_eq!(Lang::Ja.place("somewhere"), "somewhere");
    }
}
