//! Internal tags in words: the MPI library's collectives send their messages with negative tags
//! (`libs::mpi::collective::tag` folds the collective's kind and a sequence number into one), and
//! a student never reads such a number — every sentence names the collective instead
//! ("(for MPI_Bcast)" where a user message says "(tag 5)").

use crate::trace::text::Lang;

/// The collective of each kind, indexed as `libs::mpi::collective::Kind` numbers them (a test
/// there checks every kind's name here).
pub const COLLECTIVE_KINDS: [&str; 15] = [
    "MPI_Barrier",
    "MPI_Bcast",
    "MPI_Reduce",
    "MPI_Allreduce",
    "MPI_Allreduce",
    "MPI_Gather",
    "MPI_Scatter",
    "MPI_Alltoall",
    "MPI_Alltoallv",
    "a window's collective call (MPI_Win_create, MPI_Win_fence or MPI_Win_free)",
    "MPI_Allgatherv",
    "MPI_Scan",
    "MPI_Exscan",
    "MPI_Reduce_scatter",
    "creating a communicator",
];

/// How many kinds an internal tag folds in (as `libs::mpi::collective` folds them).
const KINDS: i32 = 16;

/// The collective an internal (negative) tag belongs to; `None` for a user tag.
pub fn collective_of(tag: i32) -> Option<&'static str> {
    if tag >= 0 {
        return None;
    }
    let kind = (-(i64::from(tag)) - 1) % i64::from(KINDS);
    Some(
        COLLECTIVE_KINDS
            .get(usize::try_from(kind).unwrap_or(usize::MAX))
            .copied()
            .unwrap_or("a collective"),
    )
}

/// "tag 5" for a user tag, "for MPI_Bcast" for a collective's internal tag.
pub fn tag_label(tag: i32) -> String {
    match collective_of(tag) {
        Some(name) => format!("for {name}"),
        None => format!("tag {tag}"),
    }
}

/// [`tag_label`] in Japanese: "タグ 5", "MPI_Bcast 用" (a collective's name stays as it is;
/// the two phrases without a function name are translated).
pub fn tag_label_ja(tag: i32) -> String {
    match collective_of(tag) {
        Some(name) => format!("{} 用", collective_ja(name)),
        None => format!("タグ {tag}"),
    }
}

/// [`tag_label`] in `lang`.
pub fn tag_label_in(tag: i32, lang: Lang) -> String {
    match lang {
        Lang::En => tag_label(tag),
        Lang::Ja => tag_label_ja(tag),
    }
}

/// A collective's name from [`COLLECTIVE_KINDS`] as the Japanese page says it.
fn collective_ja(name: &'static str) -> &'static str {
    match name {
        "a window's collective call (MPI_Win_create, MPI_Win_fence or MPI_Win_free)" => {
            "ウィンドウの集団呼び出し(MPI_Win_create・MPI_Win_fence・MPI_Win_free)"
        }
        "creating a communicator" => "コミュニケータの作成",
        "a collective" => "集団通信",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_tag_is_a_number_and_an_internal_one_names_its_collective() {
        assert_eq!(tag_label(0), "tag 0");
        assert_eq!(tag_label(7), "tag 7");
        // Kind 1 (MPI_Bcast), sequence number 0 and 3.
        assert_eq!(tag_label(-2), "for MPI_Bcast");
        assert_eq!(tag_label(-(1 + 3 * KINDS + 1)), "for MPI_Bcast");
        assert_eq!(tag_label(-1), "for MPI_Barrier");
        assert_eq!(collective_of(i32::MIN), Some("a collective"));
        assert!(!tag_label(i32::MIN).contains('-'));
    }

    #[test]
    fn japanese_labels_name_the_same_collective() {
        assert_eq!(tag_label_ja(5), "タグ 5");
        assert_eq!(tag_label_ja(-2), "MPI_Bcast 用");
        for kind in 0..KINDS {
            let ja = tag_label_ja(-kind - 1);
            assert!(ja.ends_with(" 用"), "{ja}");
            assert!(
                !ja.contains("collective") && !ja.contains("creating"),
                "{ja}"
            );
        }
    }
}
