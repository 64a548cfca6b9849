//! VCL's and FCP's trace records: every access to a dual-port memory word (which word of whose
//! structure, its value, whether it crossed the VME bus and how long it waited for it), a
//! transfer finished with the loads and stores it took (paper 004's Table 5), and a process
//! beginning to wait. Each is a sentence in the event log.

use super::variant::{Field, Structure, Variant};
use crate::engine::Rank;
use crate::time::SimTime;
use crate::trace::timeline::ArrowKind;
use crate::trace::{Draw, LayerRecord, TraceObject, WordField};
use rankscope_derive::{RecordCodec, WordField};

/// What an access did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AccessKind {
    /// A load of one word.
    Load,
    /// A store of one word.
    Store,
    /// VCL's test&set: a system call for the PE's kernel flag, the bus locked for a load and a
    /// store of the lock word, a system call to give the kernel flag back; `got` if the word
    /// was 0.
    TestAndSet {
        /// The lock was free and is now the caller's.
        got: bool,
    },
    /// The lock word set back to 0.
    Release,
    /// A look at the polled word without the lock (`FCP_Select`; not one of the transfer's
    /// loads).
    Poll,
    /// The data written as one bus tenure.
    DataStore,
    /// The data read.
    DataLoad,
}

/// An access's kind as its code (a test&set's result in it).
impl WordField for AccessKind {
    fn to_word(&self) -> u32 {
        match self {
            AccessKind::Load => 0,
            AccessKind::Store => 1,
            AccessKind::TestAndSet { got: false } => 2,
            AccessKind::TestAndSet { got: true } => 3,
            AccessKind::Release => 4,
            AccessKind::Poll => 5,
            AccessKind::DataStore => 6,
            AccessKind::DataLoad => 7,
        }
    }

    fn from_word(c: u32) -> AccessKind {
        match c {
            0 => AccessKind::Load,
            1 => AccessKind::Store,
            2 => AccessKind::TestAndSet { got: false },
            3 => AccessKind::TestAndSet { got: true },
            4 => AccessKind::Release,
            5 => AccessKind::Poll,
            6 => AccessKind::DataStore,
            _ => AccessKind::DataLoad,
        }
    }

    fn sample(seed: u32) -> Self {
        AccessKind::from_word(seed % 8)
    }
}

impl AccessKind {
    /// Loads and stores of protocol words it counts as (Table 5): data and polls count none.
    pub fn counts(self) -> (u32, u32) {
        match self {
            AccessKind::Load => (1, 0),
            AccessKind::Store | AccessKind::Release => (0, 1),
            AccessKind::TestAndSet { .. } => (1, 1),
            AccessKind::Poll | AccessKind::DataStore | AccessKind::DataLoad => (0, 0),
        }
    }

    /// Whether it writes.
    pub fn writes(self) -> bool {
        matches!(
            self,
            AccessKind::Store
                | AccessKind::Release
                | AccessKind::DataStore
                | AccessKind::TestAndSet { got: true }
        )
    }
}

/// Which side of a transfer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, WordField)]
pub enum Side {
    /// `FCP_send` (or VCL's store of data and flag).
    Send,
    /// `FCP_recv` (or VCL's read of its mailbox).
    Receive,
}

/// What a process waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wait {
    /// A message in its receive buffer (or mailbox).
    Message,
    /// Room in `of`'s receive buffer.
    Space {
        /// Whose buffer is full.
        of: Rank,
    },
}

/// One VCL or FCP record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "packed", code = 40)]
pub enum FcpRecord {
    /// `rank` accessed a word (or a block of data) of `owner`'s structure.
    #[record(name = "fcp access")]
    Access {
        /// Who.
        rank: Rank,
        /// Whose structure (the table's entry's process, the buffer's or mailbox's owner).
        owner: Rank,
        /// Which word.
        field: Field,
        /// What it did.
        #[record(shift = 8)]
        kind: AccessKind,
        /// The word is in another PE's memory: the access crossed the VME bus.
        #[record(shift = 16)]
        across: bool,
        /// The value loaded or stored (data: its bytes).
        value: u32,
        /// Words moved.
        words: u32,
        /// When it started (it is recorded when it ends).
        start: SimTime,
        /// Time spent waiting for the bus or the PE's kernel flag.
        waited: SimTime,
        /// Time FCP's own code ran before the access (none for VCL's transfer and for data).
        code: SimTime,
    },
    /// A send or a receive finished.
    #[record(name = "fcp transfer")]
    Transfer {
        /// Who.
        rank: Rank,
        /// The other side.
        peer: Rank,
        /// Which side.
        side: Side,
        /// Which protocol.
        #[record(shift = 1)]
        variant: Variant,
        /// VCL rather than FCP.
        #[record(shift = 4)]
        vcl: bool,
        /// The message's data in bytes.
        bytes: u32,
        /// Protocol words loaded (Table 5).
        loads: u32,
        /// Protocol words stored (Table 5).
        stores: u32,
        /// When the call started.
        start: SimTime,
    },
    /// `rank` begins to wait.
    #[record(name = "fcp waits")]
    Waits {
        /// Who.
        rank: Rank,
        /// For what.
        wait: Wait,
    },
}

const NO_RANK: u32 = u32::MAX;

/// Waiting for a message as no rank, for space as the rank it waits on.
impl WordField for Wait {
    fn to_word(&self) -> u32 {
        match *self {
            Wait::Message => NO_RANK,
            Wait::Space { of } => of,
        }
    }
    fn from_word(word: u32) -> Self {
        if word == NO_RANK {
            Wait::Message
        } else {
            Wait::Space { of: word }
        }
    }
    fn sample(seed: u32) -> Self {
        if seed % 2 == 0 {
            Wait::Message
        } else {
            Wait::Space { of: seed }
        }
    }
}

/// A variant as its place in [`Variant::ALL`].
impl WordField for Variant {
    fn to_word(&self) -> u32 {
        Variant::ALL.iter().position(|x| x == self).unwrap_or(0) as u32
    }
    fn from_word(word: u32) -> Self {
        Variant::ALL
            .get(word as usize)
            .copied()
            .unwrap_or(Variant::Fcp)
    }
    fn sample(seed: u32) -> Self {
        Variant::ALL[seed as usize % Variant::ALL.len()]
    }
}

/// A field as its [`Field::code`].
impl WordField for Field {
    fn to_word(&self) -> u32 {
        self.code()
    }
    fn from_word(word: u32) -> Self {
        Field::from_code(word)
    }
    fn sample(seed: u32) -> Self {
        Field::from_code(seed % Field::ALL.len() as u32)
    }
}

/// A process label in words: "rank 3", or "the pvmd of PE 2" ([`super::engine::DAEMON`]).
pub fn who(label: u32) -> String {
    if label & super::engine::DAEMON != 0 {
        format!("the pvmd of PE {}", label & !super::engine::DAEMON)
    } else {
        format!("rank {label}")
    }
}

impl FcpRecord {
    /// The acting process's label.
    fn ranks_label(&self) -> u32 {
        match *self {
            FcpRecord::Access { rank, .. }
            | FcpRecord::Transfer { rank, .. }
            | FcpRecord::Waits { rank, .. } => rank,
        }
    }
}

/// [`who`] in Japanese: "ランク 3", "PE 1 の pvmd".
pub fn who_ja(label: u32) -> String {
    if label & super::engine::DAEMON != 0 {
        format!("PE {} の pvmd", label & !super::engine::DAEMON)
    } else {
        format!("ランク {label}")
    }
}

/// `a` followed by `b`, with a space where a Japanese word meets a Latin one ("自分の VCL").
pub(crate) fn join_ja(a: &str, b: &str) -> String {
    let latin = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    if latin(a.chars().last()) || latin(b.chars().next()) {
        format!("{a} {b}")
    } else {
        format!("{a}{b}")
    }
}

/// Whether a process label is a rank's (not a daemon's).
pub fn is_rank(label: u32) -> bool {
    label & super::engine::DAEMON == 0
}

impl LayerRecord for FcpRecord {
    fn ranks(&self) -> Vec<Rank> {
        let both = match *self {
            FcpRecord::Access { rank, owner, .. } if owner != rank => vec![rank, owner],
            FcpRecord::Transfer { rank, peer, .. } if peer != rank => vec![rank, peer],
            FcpRecord::Access { rank, .. }
            | FcpRecord::Transfer { rank, .. }
            | FcpRecord::Waits { rank, .. } => vec![rank],
        };
        // A daemon is no rank of the run: its records show in the log, on no rank's row.
        both.into_iter().filter(|r| is_rank(*r)).collect()
    }

    fn object(&self) -> TraceObject {
        TraceObject::Rank(self.ranks_label() & !super::engine::DAEMON)
    }

    fn explain(&self, time: SimTime) -> String {
        let me = who(self.ranks_label());
        match *self {
            FcpRecord::Access {
                rank,
                owner,
                field,
                kind,
                value,
                words,
                across,
                start,
                waited,
                code,
            } => {
                let them = who(owner);
                let whose = if owner == rank {
                    "its own".to_string()
                } else {
                    format!("{them}'s")
                };
                let what = field.describe();
                let word = match field.structure() {
                    Structure::Table if owner == rank => {
                        format!("its own {what} in the buffer table")
                    }
                    Structure::Table => format!("{them}'s {what} in the buffer table"),
                    Structure::Area => format!("the {what} of {whose} receive-buffer area"),
                    Structure::Header | Structure::Data => {
                        format!("the {what} of a message in {whose} receive buffer")
                    }
                    Structure::Mailbox => format!("the {what} of {whose} VCL mailbox"),
                };
                let path = if across {
                    "across the VME bus"
                } else {
                    "in its PE's own dual-port memory"
                };
                let wait = if waited > SimTime::ZERO {
                    format!(", after waiting {waited}")
                } else {
                    String::new()
                };
                let code = if code > SimTime::ZERO {
                    format!(", {code} of it FCP's code")
                } else {
                    String::new()
                };
                let took = format!("{}{code}{wait}", time - start);
                let shown = match field {
                    Field::Offsets => format!("write {}, read {}", value & 0xffff, value >> 16),
                    Field::EntryPacked if value & 1 == 1 => {
                        format!("running, group {}", value >> 8)
                    }
                    Field::EntryPacked => "not running".to_string(),
                    _ => value.to_string(),
                };
                let plural = if words == 1 { "word" } else { "words" };
                match kind {
                    AccessKind::Load => {
                        format!("{me} loads {word} ({shown}) {path} ({took})")
                    }
                    AccessKind::Store => {
                        format!("{me} stores {word} ({shown}) {path} ({took})")
                    }
                    AccessKind::TestAndSet { got } => {
                        let outcome = if got {
                            format!("it was free: the lock is {me}'s now")
                        } else {
                            format!("it was taken: {me} tries again")
                        };
                        let lock = format!("the lock of {whose} receive-buffer area");
                        format!(
                            "{me} test&sets {lock}: a system call, the bus locked for a load and a store, a system call ({took}); {outcome}"
                        )
                    }
                    AccessKind::Release => format!(
                        "{me} releases the lock of {whose} receive-buffer area {path} ({took})"
                    ),
                    AccessKind::Poll => {
                        format!("{me} polls {word} ({shown}) without the lock {path} ({took})")
                    }
                    AccessKind::DataStore | AccessKind::DataLoad => {
                        let place = if field == Field::MailboxData {
                            "VCL mailbox"
                        } else {
                            "receive buffer"
                        };
                        let (verb, to) = if kind == AccessKind::DataStore {
                            ("writes", "into")
                        } else {
                            ("reads", "from")
                        };
                        format!(
                            "{me} {verb} {value} bytes ({words} {plural}) of data {to} {whose} {place} {path} ({took})"
                        )
                    }
                }
            }
            FcpRecord::Transfer {
                rank: _,
                peer,
                side,
                variant,
                vcl,
                bytes,
                loads,
                stores,
                start,
            } => {
                let proto = if vcl { "VCL" } else { variant.name() };
                let peer_s = who(peer);
                let took = time - start;
                match side {
                    Side::Send => format!(
                        "{me}'s {proto} send of {bytes} bytes to {peer_s} is done in {took}: {loads} loads and {stores} stores of protocol words"
                    ),
                    Side::Receive => format!(
                        "{me} has received {bytes} bytes from {peer_s} by {proto} in {took}: {loads} loads and {stores} stores of protocol words"
                    ),
                }
            }
            FcpRecord::Waits { wait, .. } => match wait {
                Wait::Message => format!(
                    "{me} finds no message and spins on its own dual-port memory until one arrives"
                ),
                Wait::Space { of } => {
                    let of_s = who(of);
                    format!("{me} finds {of_s}'s receive buffer full and waits for {of_s} to read")
                }
            },
        }
    }

    fn explain_ja(&self, time: SimTime) -> Option<String> {
        let me = who_ja(self.ranks_label());
        Some(match *self {
            FcpRecord::Access {
                rank,
                owner,
                field,
                kind,
                value,
                words,
                across,
                start,
                waited,
                code,
            } => {
                let them = who_ja(owner);
                let whose = if owner == rank {
                    "自分の".to_string()
                } else {
                    format!("{them} の")
                };
                let what = field.describe_ja();
                let word = match field.structure() {
                    Structure::Table if owner == rank => {
                        join_ja("バッファテーブルにある自分の", what)
                    }
                    Structure::Table => join_ja(&join_ja("バッファテーブルにある", &format!("{them} の")), what),
                    Structure::Area => join_ja(&format!("{whose}受信バッファ管理領域の"), what),
                    Structure::Header | Structure::Data => {
                        join_ja(&format!("{whose}受信バッファにあるメッセージの"), what)
                    }
                    Structure::Mailbox => {
                        join_ja(&join_ja(&whose, "VCL メールボックスの"), what)
                    }
                };
                let path = if across {
                    " VME バス越しに"
                } else {
                    "自 PE のデュアルポートメモリ上で"
                };
                let wait = if waited > SimTime::ZERO {
                    format!("、{waited} 待ったあと")
                } else {
                    String::new()
                };
                let code = if code > SimTime::ZERO {
                    format!("、うち FCP のコード {code}")
                } else {
                    String::new()
                };
                let took = format!("{}{code}{wait}", time - start);
                let shown = match field {
                    Field::Offsets => {
                        format!("書き込み {}、読み出し {}", value & 0xffff, value >> 16)
                    }
                    Field::EntryPacked if value & 1 == 1 => {
                        format!("実行中、グループ {}", value >> 8)
                    }
                    Field::EntryPacked => "停止中".to_string(),
                    _ => value.to_string(),
                };
                match kind {
                    AccessKind::Load => {
                        join_ja(&format!("{me} が"), &format!("{word}({shown})を{path}読む({took})"))
                    }
                    AccessKind::Store => {
                        join_ja(&format!("{me} が"), &format!("{word}({shown})を{path}書き込む({took})"))
                    }
                    AccessKind::TestAndSet { got } => {
                        let outcome = if got {
                            format!("空いていた:{}のものになった", join_ja("ロックは", &me))
                        } else {
                            format!("取られていた:{me} はもう一度試みる")
                        };
                        join_ja(
                            &format!("{me} が"),
                            &format!("{whose}受信バッファ管理領域のロックを test&set する:システムコール、ロードとストアのためのバスロック、システムコール({took})。{outcome}"),
                        )
                    }
                    AccessKind::Release => join_ja(
                        &format!("{me} が"),
                        &format!("{whose}受信バッファ管理領域のロックを{path}解放する({took})"),
                    ),
                    AccessKind::Poll => {
                        join_ja(
                            &format!("{me} がロックを取らずに"),
                            &format!("{word}({shown})を{path}ポーリングする({took})"),
                        )
                    }
                    AccessKind::DataStore | AccessKind::DataLoad => {
                        let place = if field == Field::MailboxData {
                            join_ja(&whose, "VCL メールボックス")
                        } else {
                            format!("{whose}受信バッファ")
                        };
                        if kind == AccessKind::DataStore {
                            join_ja(
                                &format!("{me} が"),
                                &format!("{place}へ {value} バイト({words} ワード)のデータを{path}書き込む({took})"),
                            )
                        } else {
                            join_ja(
                                &format!("{me} が"),
                                &format!("{place}から {value} バイト({words} ワード)のデータを{path}読む({took})"),
                            )
                        }
                    }
                }
            }
            FcpRecord::Transfer {
                rank: _,
                peer,
                side,
                variant,
                vcl,
                bytes,
                loads,
                stores,
                start,
            } => {
                let proto = if vcl { "VCL" } else { variant.name() };
                let peer_s = who_ja(peer);
                let took = time - start;
                match side {
                    Side::Send => format!(
                        "{me} の {proto} による送信({peer_s} へ {bytes} バイト)が {took} で終わる:プロトコルワードのロード {loads} 回、ストア {stores} 回"
                    ),
                    Side::Receive => format!(
                        "{} から {bytes} バイトを {proto} で受信し終えた({took}):プロトコルワードのロード {loads} 回、ストア {stores} 回",
                        join_ja(&format!("{me} が"), &peer_s)
                    ),
                }
            }
            FcpRecord::Waits { wait, .. } => match wait {
                Wait::Message => format!(
                    "{me} はメッセージが見つからず、届くまで自分のデュアルポートメモリ上でスピンする"
                ),
                Wait::Space { of } => {
                    let of_s = who_ja(of);
                    format!(
                        "{} の受信バッファが満杯なので、{of_s} が読み出すのを待つ",
                        join_ja(&format!("{me} は"), &of_s)
                    )
                }
            },
        })
    }

    fn draw(&self, time: SimTime) -> Draw {
        match *self {
            FcpRecord::Access {
                rank,
                owner,
                kind: AccessKind::DataStore,
                across: true,
                start,
                ..
            } if owner != rank && is_rank(rank) && is_rank(owner) => {
                let _ = start;
                Draw::Arrow {
                    kind: ArrowKind::Rdma,
                    software: false,
                    from: rank,
                    to: owner,
                    end: time,
                    back: None,
                    key: None,
                }
            }
            _ => Draw::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_pack_and_unpack() {
        let samples = [
            FcpRecord::Access {
                rank: 1,
                owner: 0,
                field: Field::WriteOffset,
                kind: AccessKind::TestAndSet { got: true },
                value: 12,
                words: 1,
                across: true,
                start: SimTime::from_ns(5),
                waited: SimTime::from_ns(2),
                code: SimTime::from_ns(2_390),
            },
            FcpRecord::Transfer {
                rank: 0,
                peer: 1,
                side: Side::Receive,
                variant: Variant::FcpII,
                vcl: false,
                bytes: 4,
                loads: 4,
                stores: 3,
                start: SimTime::from_us(1),
            },
            FcpRecord::Waits {
                rank: 2,
                wait: Wait::Space { of: 0 },
            },
            FcpRecord::Waits {
                rank: 2,
                wait: Wait::Message,
            },
        ];
        crate::trace::check_round_trip(&samples);
    }
}
