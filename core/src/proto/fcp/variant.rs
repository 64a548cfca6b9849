//! FCP's three designs (paper 004 Secs. 3.5 and 6.1.2) and the shared-memory words each one
//! keeps: a buffer-table entry per receive buffer, the buffer's management area, and a header
//! per message. Table 4 is these layouts' lengths.

use std::fmt;

/// Which FCP.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub enum Variant {
    /// The FOLON Control Protocol as built: multi-user, every send and receive reads the buffer
    /// table in shared memory.
    #[default]
    Fcp,
    /// FCP plus: one user at a time, so each process caches the buffer table; FCP's
    /// management area and headers unchanged (Sec. 3.5).
    FcpPlus,
    /// FCP II, as designed (Sec. 6.1.2): buffers placed statically from task ids (a one-word
    /// table entry), compressed management area and headers.
    FcpII,
}

impl Variant {
    /// All three, in the paper's order.
    pub const ALL: [Variant; 3] = [Variant::Fcp, Variant::FcpPlus, Variant::FcpII];

    /// The paper's name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Fcp => "FCP",
            Variant::FcpPlus => "FCP plus",
            Variant::FcpII => "FCP II",
        }
    }

    /// The name on a command line or in a URL.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Fcp => "fcp",
            Variant::FcpPlus => "fcp-plus",
            Variant::FcpII => "fcp2",
        }
    }

    /// From [`Variant::id`] (or the paper's name, any case).
    pub fn parse(s: &str) -> Option<Variant> {
        let s = s.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s || v.name().to_ascii_lowercase() == s)
    }

    /// Its words.
    pub fn layout(self) -> Layout {
        match self {
            Variant::Fcp | Variant::FcpPlus => Layout {
                entry: &[
                    Field::EntryPid,
                    Field::EntryGroup,
                    Field::EntryPe,
                    Field::EntryAddress,
                ],
                area: &[
                    Field::Lock,
                    Field::Owner,
                    Field::Group,
                    Field::Capacity,
                    Field::WriteOffset,
                    Field::ReadOffset,
                    Field::Messages,
                ],
                header: &[Field::Source, Field::Length, Field::Sequence],
            },
            Variant::FcpII => Layout {
                entry: &[Field::EntryPacked],
                area: &[Field::Lock, Field::Offsets],
                header: &[Field::Source, Field::Length],
            },
        }
    }

    /// Whether a transfer reads the buffer table in shared memory (FCP; FCP plus reads its
    /// cached copy, FCP II only its one-word entry of the destination).
    pub fn reads_table(self) -> bool {
        self == Variant::Fcp
    }

    /// The word a receiver polls for a new message (`FCP_Select`).
    pub fn poll_field(self) -> Field {
        match self {
            Variant::FcpII => Field::Offsets,
            _ => Field::Messages,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A protocol's words in shared memory: what one buffer-table entry, one management area and
/// one message header hold, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// A buffer-table entry.
    pub entry: &'static [Field],
    /// A receive buffer's management area (its first word is the lock).
    pub area: &'static [Field],
    /// A message's header in the receive buffer.
    pub header: &'static [Field],
}

impl Layout {
    /// The word of `field` within its structure.
    pub fn index(&self, field: Field) -> Option<u32> {
        [self.entry, self.area, self.header]
            .iter()
            .find_map(|s| s.iter().position(|f| *f == field))
            .map(|i| i as u32)
    }
}

/// One word a protocol reads or writes (or a block of data).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    /// Table entry: the buffer's FOLON process id (FCP, FCP plus).
    EntryPid,
    /// Table entry: the process's group.
    EntryGroup,
    /// Table entry: the PE whose dual-port memory holds the buffer.
    EntryPe,
    /// Table entry: the buffer's address there.
    EntryAddress,
    /// FCP II's one-word entry: the task is running (1) in group (upper bits).
    EntryPacked,
    /// Area: the lock (test&set flag).
    Lock,
    /// Area: the owner's FOLON process id.
    Owner,
    /// Area: the owner's group.
    Group,
    /// Area: the ring's size in bytes.
    Capacity,
    /// Area: words written so far (where the next message goes).
    WriteOffset,
    /// Area: words read so far.
    ReadOffset,
    /// Area: messages written so far (the next message's sequence number).
    Messages,
    /// FCP II's area: write and read offsets, 16 bits each.
    Offsets,
    /// Header: the sender's process id.
    Source,
    /// Header: the data's length in bytes.
    Length,
    /// Header: the message's sequence number in this buffer.
    Sequence,
    /// The message's data.
    Data,
    /// VCL's mailbox: the flag a receiver spins on.
    Flag,
    /// VCL's mailbox: the data.
    MailboxData,
}

impl Field {
    /// Every field, in declaration order (records pack its index).
    pub const ALL: [Field; 19] = [
        Field::EntryPid,
        Field::EntryGroup,
        Field::EntryPe,
        Field::EntryAddress,
        Field::EntryPacked,
        Field::Lock,
        Field::Owner,
        Field::Group,
        Field::Capacity,
        Field::WriteOffset,
        Field::ReadOffset,
        Field::Messages,
        Field::Offsets,
        Field::Source,
        Field::Length,
        Field::Sequence,
        Field::Data,
        Field::Flag,
        Field::MailboxData,
    ];

    /// Its index in [`Field::ALL`].
    pub fn code(self) -> u32 {
        Field::ALL.iter().position(|f| *f == self).unwrap_or(0) as u32
    }

    /// From [`Field::code`].
    pub fn from_code(code: u32) -> Field {
        Field::ALL
            .get(code as usize)
            .copied()
            .unwrap_or(Field::Data)
    }

    /// The structure it belongs to.
    pub fn structure(self) -> Structure {
        match self {
            Field::EntryPid
            | Field::EntryGroup
            | Field::EntryPe
            | Field::EntryAddress
            | Field::EntryPacked => Structure::Table,
            Field::Lock
            | Field::Owner
            | Field::Group
            | Field::Capacity
            | Field::WriteOffset
            | Field::ReadOffset
            | Field::Messages
            | Field::Offsets => Structure::Area,
            Field::Source | Field::Length | Field::Sequence => Structure::Header,
            Field::Data => Structure::Data,
            Field::Flag | Field::MailboxData => Structure::Mailbox,
        }
    }

    /// What it is, in words ("the write offset").
    pub fn describe(self) -> &'static str {
        match self {
            Field::EntryPid => "process id",
            Field::EntryGroup => "group",
            Field::EntryPe => "PE",
            Field::EntryAddress => "buffer address",
            Field::EntryPacked => "one-word entry",
            Field::Lock => "lock",
            Field::Owner => "owner",
            Field::Group => "group",
            Field::Capacity => "capacity",
            Field::WriteOffset => "write offset",
            Field::ReadOffset => "read offset",
            Field::Messages => "message count",
            Field::Offsets => "write/read offsets",
            Field::Source => "header's source",
            Field::Length => "header's length",
            Field::Sequence => "header's sequence number",
            Field::Data => "data",
            Field::Flag => "mailbox flag",
            Field::MailboxData => "mailbox data",
        }
    }

    /// [`Field::describe`] in Japanese (a mailbox's fields without "mailbox": the sentence names it).
    pub fn describe_ja(self) -> &'static str {
        match self {
            Field::EntryPid => "プロセス ID",
            Field::EntryGroup => "グループ",
            Field::EntryPe => "PE",
            Field::EntryAddress => "バッファアドレス",
            Field::EntryPacked => "単一ワードのエントリ",
            Field::Lock => "ロック",
            Field::Owner => "所有者",
            Field::Group => "グループ",
            Field::Capacity => "容量",
            Field::WriteOffset => "書き込みオフセット",
            Field::ReadOffset => "読み出しオフセット",
            Field::Messages => "メッセージ数",
            Field::Offsets => "書き込み/読み出しオフセット",
            Field::Source => "ヘッダの送信元",
            Field::Length => "ヘッダの長さ",
            Field::Sequence => "ヘッダのシーケンス番号",
            Field::Data => "データ",
            Field::Flag => "フラグ",
            Field::MailboxData => "データ",
        }
    }
}

/// Where a word lives.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Structure {
    /// The buffer table (PE 0's dual-port memory).
    Table,
    /// A receive buffer's management area.
    Area,
    /// A message header in a receive buffer.
    Header,
    /// Message data in a receive buffer.
    Data,
    /// A VCL mailbox.
    Mailbox,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_4_is_the_layouts_lengths() {
        let sizes = |v: Variant| {
            let l = v.layout();
            (l.entry.len(), l.area.len(), l.header.len())
        };
        assert_eq!(sizes(Variant::Fcp), (4, 7, 3));
        assert_eq!(sizes(Variant::FcpPlus), (4, 7, 3));
        assert_eq!(sizes(Variant::FcpII), (1, 2, 2));
    }

    #[test]
    fn names_parse_back_and_fields_round_trip() {
        for v in Variant::ALL {
            assert_eq!(Variant::parse(v.id()), Some(v));
            assert_eq!(Variant::parse(v.name()), Some(v));
        }
        assert_eq!(Variant::parse("udp"), None);
        for f in Field::ALL {
            assert_eq!(Field::from_code(f.code()), f);
        }
        assert_eq!(Variant::Fcp.layout().index(Field::Lock), Some(0));
        assert_eq!(Variant::FcpII.layout().index(Field::Offsets), Some(1));
    }
}
