//! ACP's trace records: a command enqueued, each step of carrying it out (the communication
//! thread taking it, every network operation with where it lands), a command finished, the
//! table cache changing, a registration, and `acp_sync`. Each is a sentence in the event log;
//! network operations are drawn as arrows.

use super::command::{Atomic, Gma};
use super::ga::Ga;
use crate::engine::Rank;
use crate::time::SimTime;
use crate::trace::timeline::ArrowKind;
use crate::trace::{Draw, LayerRecord, Packer, TraceObject, Unpacker, Words};
use rankscope_derive::{RecordCodec, WordField};

/// One step of carrying out a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq, WordField)]
pub enum StepKind {
    /// The issuer's communication thread takes the command from its queue.
    Takes,
    /// The thread does it itself (a local copy or an atomic on its own word).
    Local,
    /// An RDMA read of the owner's registration table (the first access to its memory).
    TableRead,
    /// An RDMA write of one byte into the owner's "has my table" flags (cache-update information).
    TableFlag,
    /// An RDMA write of the data.
    Put,
    /// An RDMA read of the data.
    Get,
    /// A fetch-and-add on the source rank's remote command buffer tail: a slot for the command.
    Tail,
    /// An RDMA write of the command into the source rank's remote command receive buffer.
    CommandPut,
    /// The source rank's communication thread takes the command from its receive buffer.
    RemoteTakes,
    /// The source rank writes an atomic's old value into the issuer's memory.
    Reply,
    /// The source rank writes a completion command into the issuer's remote command receive
    /// buffer.
    Status,
    /// The owner tells a holder of its table to drop it (a slot was registered again).
    Invalidate,
    /// The holder dropped the table and acknowledges.
    Ack,
}

impl StepKind {
    /// Whether it crosses the network (drawn as an arrow).
    pub fn is_network(self) -> bool {
        !matches!(
            self,
            StepKind::Takes | StepKind::Local | StepKind::RemoteTakes
        )
    }

    fn what(self) -> &'static str {
        match self {
            StepKind::Takes => "takes",
            StepKind::Local => "does it itself",
            StepKind::TableRead => "reads the registration table of",
            StepKind::TableFlag => "marks that it holds the table of",
            StepKind::Put => "writes the data (RDMA write) to",
            StepKind::Get => "reads the data (RDMA read) from",
            StepKind::Tail => {
                "takes a slot (fetch-and-add on the tail) in the remote command buffer of"
            }
            StepKind::CommandPut => "writes the command into the remote command receive buffer of",
            StepKind::RemoteTakes => "takes from its remote command receive buffer",
            StepKind::Reply => "writes the atomic's old value back to",
            StepKind::Status => {
                "writes the completion command into the remote command receive buffer of"
            }
            StepKind::Invalidate => "tells to drop its copy of the registration table:",
            StepKind::Ack => "acknowledges dropping the table to",
        }
    }

    /// What the acting rank does with `peer`, in Japanese (after "ランク N: ").
    fn what_ja(self, peer: Rank) -> String {
        match self {
            StepKind::Takes => format!("ランク {peer} のコマンドを取り出す"),
            StepKind::Local => "自分で実行する".to_string(),
            StepKind::TableRead => format!("ランク {peer} の登録テーブルを読む"),
            StepKind::TableFlag => format!("ランク {peer} のテーブルを保持していることを記録する"),
            StepKind::Put => format!("データをランク {peer} へ書き込む(RDMA write)"),
            StepKind::Get => format!("データをランク {peer} から読む(RDMA read)"),
            StepKind::Tail => format!(
                "ランク {peer} のリモートコマンドバッファにスロットを確保する(末尾への fetch-and-add)"
            ),
            StepKind::CommandPut => {
                format!("コマンドをランク {peer} のリモートコマンド受信バッファに書き込む")
            }
            StepKind::RemoteTakes => {
                format!("ランク {peer} のコマンドをリモートコマンド受信バッファから取り出す")
            }
            StepKind::Reply => format!("アトミック操作の古い値をランク {peer} へ書き戻す"),
            StepKind::Status => {
                format!("完了コマンドをランク {peer} のリモートコマンド受信バッファに書き込む")
            }
            StepKind::Invalidate => {
                format!("ランク {peer} に登録テーブルのコピーを捨てるよう伝える")
            }
            StepKind::Ack => format!("テーブルを捨てたことをランク {peer} に知らせる"),
        }
    }
}

/// How a cached table changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, WordField)]
pub enum TableChange {
    /// Fetched into the cache (`evicted`: the owner whose copy made room, if one did).
    Cached,
    /// Dropped because the owner invalidated it.
    Invalidated,
}

/// An ACP record.
#[derive(Clone, Debug, PartialEq, Eq, RecordCodec)]
#[record(hash = "packed", code = 22)]
pub enum AcpRecord {
    /// `rank` enqueued a command with `handle`, to start after `order` (0: none).
    #[record(name = "acp enqueue", custom)]
    Enqueue {
        /// The issuer.
        rank: Rank,
        /// Its handle.
        handle: u64,
        /// Its order handle (resolved; 0 for none).
        order: u64,
        /// What it does.
        gma: Gma,
    },
    /// One step of command `handle` of `issuer`, done by `rank`; a network step goes to `peer`,
    /// landing at `lands` (its completion back at `back`).
    #[record(name = "acp step")]
    Step {
        /// Who acts.
        rank: Rank,
        /// The step.
        #[record(shift = 24)]
        step: StepKind,
        /// The command's issuer.
        issuer: Rank,
        /// The command's handle (0 for table upkeep that belongs to no command).
        handle: u64,
        /// The other rank of a network step (else `rank`).
        peer: Rank,
        /// Bytes moved.
        bytes: u64,
        /// When it lands at `peer`.
        lands: SimTime,
        /// When its completion is back at `rank`.
        back: SimTime,
    },
    /// Command `handle` of `rank` finished; handles below `head` are now complete.
    #[record(name = "acp finished")]
    Finished {
        /// The issuer.
        rank: Rank,
        /// The command.
        handle: u64,
        /// The oldest incomplete handle now (`acp_complete(h)` returns once `h < head`).
        head: u64,
    },
    /// `rank`'s cache of `owner`'s table changed.
    #[record(name = "acp table")]
    Table {
        /// The cache's rank.
        rank: Rank,
        /// The table's owner.
        owner: Rank,
        /// What happened.
        change: TableChange,
        /// The owner whose copy was dropped to make room (`u32::MAX`: none).
        evicted: Rank,
    },
    /// `rank` registered (or unregistered) `size` bytes at `base` in slot `tag`.
    #[record(name = "acp register")]
    Register {
        /// The owner.
        rank: Rank,
        /// The slot.
        tag: u8,
        /// First byte.
        base: u64,
        /// Bytes.
        size: u64,
        /// Unregistered rather than registered.
        unregister: bool,
        /// Holders of the table told to drop it.
        invalidations: u32,
    },
    /// `rank` reached `acp_sync` (`released`: every rank has, and all go on).
    #[record(name = "acp sync")]
    Sync {
        /// The rank (the last to arrive when `released`).
        rank: Rank,
        /// Everyone is released.
        released: bool,
    },
}

const NO_RANK: Rank = u32::MAX;

fn pack_ga(g: Ga) -> u64 {
    g.pack().unwrap_or(0)
}

/// A global address in Japanese: "ランク 3、登録 0、オフセット 64(カラー 0)".
fn ga_ja(ga: Ga) -> String {
    if ga.tag == super::ga::STARTER_TAG {
        format!(
            "ランク {} のスターターメモリ、オフセット {}",
            ga.rank, ga.offset
        )
    } else {
        format!(
            "ランク {}、登録 {}、オフセット {}(カラー {})",
            ga.rank, ga.tag, ga.offset, ga.color
        )
    }
}

fn unpack_ga(raw: u64) -> Ga {
    Ga::unpack(raw).unwrap_or(Ga {
        rank: 0,
        color: 0,
        tag: 0,
        offset: 0,
    })
}

impl AcpRecord {
    /// An enqueue's words: the atomic's type code shares the rank's word, the handles are
    /// stored in 32 bits (a run's event limit ends it long before 2^32), the command's global
    /// addresses and operands follow.
    fn pack_custom(&self) -> Words {
        let AcpRecord::Enqueue {
            rank,
            handle,
            order,
            gma,
        } = *self
        else {
            return Words::default();
        };
        let (code, a, b) = match gma {
            Gma::Copy { size, .. } => (1, size, 0),
            Gma::Atomic { atomic, .. } => {
                let (a, b) = atomic.operands();
                (atomic.type_code(), a, b)
            }
        };
        // Ranks below 2^21 (a GA's rank field), so the type code shares the rank's word.
        Packer::default()
            .u32(rank | code << 24)
            .u32(handle as u32)
            .u32(order as u32)
            .u64(pack_ga(gma.dst()))
            .u64(pack_ga(gma.src()))
            .u64(a)
            .u64(b)
            .done()
    }

    /// An enqueue back from [`AcpRecord::pack_custom`]'s words.
    fn unpack_custom(_variant: u8, words: &Words) -> Self {
        let u = &mut Unpacker::new(words);
        let w = u.u32();
        let (rank, code) = (w & 0x00ff_ffff, w >> 24);
        let (handle, order) = (u64::from(u.u32()), u64::from(u.u32()));
        let (dst, src) = (unpack_ga(u.u64()), unpack_ga(u.u64()));
        let (a, b) = (u.u64(), u.u64());
        let gma = match Atomic::from_code(code, a, b) {
            Some(atomic) => Gma::Atomic { dst, src, atomic },
            None => Gma::Copy { dst, src, size: a },
        };
        AcpRecord::Enqueue {
            rank,
            handle,
            order,
            gma,
        }
    }
}

impl LayerRecord for AcpRecord {
    fn ranks(&self) -> Vec<Rank> {
        match *self {
            AcpRecord::Step { rank, peer, .. } if peer != rank => vec![rank, peer],
            AcpRecord::Table { rank, owner, .. } => vec![rank, owner],
            AcpRecord::Enqueue { rank, .. }
            | AcpRecord::Step { rank, .. }
            | AcpRecord::Finished { rank, .. }
            | AcpRecord::Register { rank, .. }
            | AcpRecord::Sync { rank, .. } => vec![rank],
        }
    }

    fn object(&self) -> TraceObject {
        match *self {
            AcpRecord::Enqueue { rank, .. }
            | AcpRecord::Step { rank, .. }
            | AcpRecord::Finished { rank, .. }
            | AcpRecord::Table { rank, .. }
            | AcpRecord::Register { rank, .. }
            | AcpRecord::Sync { rank, .. } => TraceObject::Rank(rank),
        }
    }

    fn explain(&self, _time: SimTime) -> String {
        match *self {
            AcpRecord::Enqueue {
                rank,
                handle,
                order,
                gma,
            } => {
                let after = match order {
                    0 => String::new(),
                    h => format!(", to start once handle {h} and all before it are complete"),
                };
                format!(
                    "rank {rank} enqueues {} from {} to {} as handle {handle}{after}",
                    gma.call(),
                    gma.src(),
                    gma.dst()
                )
            }
            AcpRecord::Step {
                rank,
                issuer,
                handle,
                step,
                peer,
                bytes,
                lands,
                ..
            } => {
                let cmd = if handle == 0 {
                    String::new()
                } else if issuer == rank {
                    format!(" (command {handle})")
                } else {
                    format!(" (rank {issuer}'s command {handle})")
                };
                match step {
                    StepKind::Takes => format!(
                        "rank {rank}'s communication thread takes command {handle} from its queue"
                    ),
                    StepKind::RemoteTakes if issuer == rank => format!(
                        "rank {rank}'s communication thread takes the completion command of its command {handle} from its remote command receive buffer"
                    ),
                    StepKind::RemoteTakes => format!(
                        "rank {rank}'s communication thread takes rank {issuer}'s command {handle} from its remote command receive buffer"
                    ),
                    StepKind::Local => format!(
                        "rank {rank}'s communication thread does command {handle} itself: {bytes} bytes within its own memory"
                    ),
                    _ => format!(
                        "rank {rank} {} rank {peer}{cmd}: {bytes} bytes, landing at {lands}",
                        step.what()
                    ),
                }
            }
            AcpRecord::Finished { rank, handle, head } => format!(
                "rank {rank}'s command {handle} finished; its handles up to {} are complete",
                head.saturating_sub(1)
            ),
            AcpRecord::Table {
                rank,
                owner,
                change,
                evicted,
            } => match change {
                TableChange::Cached if evicted != NO_RANK => format!(
                    "rank {rank} caches rank {owner}'s registration table, dropping rank {evicted}'s (the oldest) to make room"
                ),
                TableChange::Cached => {
                    format!("rank {rank} caches rank {owner}'s registration table")
                }
                TableChange::Invalidated => format!(
                    "rank {rank} drops its copy of rank {owner}'s registration table (invalidated); it reads it again on its next access"
                ),
            },
            AcpRecord::Register {
                rank,
                tag,
                base,
                size,
                unregister,
                invalidations,
            } => {
                if unregister {
                    format!("rank {rank} unregisters slot {tag} ({size} bytes at {base:#x})")
                } else if invalidations > 0 {
                    format!(
                        "rank {rank} registers {size} bytes at {base:#x} in reused slot {tag}: {invalidations} ranks holding its table must drop it"
                    )
                } else {
                    format!("rank {rank} registers {size} bytes at {base:#x} in slot {tag}")
                }
            }
            AcpRecord::Sync { rank, released } => {
                if released {
                    format!("rank {rank} is the last to reach acp_sync: every rank goes on")
                } else {
                    format!("rank {rank} reaches acp_sync and waits for the others")
                }
            }
        }
    }

    fn explain_ja(&self, _time: SimTime) -> Option<String> {
        Some(match *self {
            AcpRecord::Enqueue {
                rank,
                handle,
                order,
                gma,
            } => {
                let after = match order {
                    0 => String::new(),
                    h => format!("。ハンドル {h} とそれ以前のすべてが完了してから始まる"),
                };
                let call = match gma {
                    Gma::Copy { size, .. } => format!("{size} バイトの acp_copy"),
                    Gma::Atomic { atomic, .. } => atomic.name().to_string(),
                };
                format!(
                    "ランク {rank} が {call} をハンドル {handle} としてキューに入れる:{} から {} へ{after}",
                    ga_ja(gma.src()),
                    ga_ja(gma.dst())
                )
            }
            AcpRecord::Step {
                rank,
                issuer,
                handle,
                step,
                peer,
                bytes,
                lands,
                ..
            } => {
                let cmd = if handle == 0 {
                    String::new()
                } else if issuer == rank {
                    format!("(コマンド {handle})")
                } else {
                    format!("(ランク {issuer} のコマンド {handle})")
                };
                match step {
                    StepKind::Takes => format!(
                        "ランク {rank} の通信スレッドがキューからコマンド {handle} を取り出す"
                    ),
                    StepKind::RemoteTakes if issuer == rank => format!(
                        "ランク {rank} の通信スレッドが、自分のコマンド {handle} の完了コマンドをリモートコマンド受信バッファから取り出す"
                    ),
                    StepKind::RemoteTakes => format!(
                        "ランク {rank} の通信スレッドが、ランク {issuer} のコマンド {handle} をリモートコマンド受信バッファから取り出す"
                    ),
                    StepKind::Local => format!(
                        "ランク {rank} の通信スレッドがコマンド {handle} を自分で実行する:自分のメモリ内で {bytes} バイト"
                    ),
                    _ => format!(
                        "ランク {rank}{cmd}: {}。{bytes} バイト、時刻 {lands} に届く",
                        step.what_ja(peer)
                    ),
                }
            }
            AcpRecord::Finished { rank, handle, head } => format!(
                "ランク {rank} のコマンド {handle} が終わった。ハンドル {} までが完了している",
                head.saturating_sub(1)
            ),
            AcpRecord::Table {
                rank,
                owner,
                change,
                evicted,
            } => match change {
                TableChange::Cached if evicted != NO_RANK => format!(
                    "ランク {rank} がランク {owner} の登録テーブルをキャッシュする。場所を空けるため、最も古いランク {evicted} のテーブルを捨てる"
                ),
                TableChange::Cached => {
                    format!("ランク {rank} がランク {owner} の登録テーブルをキャッシュする")
                }
                TableChange::Invalidated => format!(
                    "ランク {rank} がランク {owner} の登録テーブルのコピーを捨てる(無効化された):次のアクセスで読み直す"
                ),
            },
            AcpRecord::Register {
                rank,
                tag,
                base,
                size,
                unregister,
                invalidations,
            } => {
                if unregister {
                    format!("ランク {rank} がスロット {tag} の登録を解除する({base:#x} の {size} バイト)")
                } else if invalidations > 0 {
                    format!(
                        "ランク {rank} が {base:#x} の {size} バイトを再利用されたスロット {tag} に登録する:そのテーブルを持つ {invalidations} 個のランクはそれを捨てなければならない"
                    )
                } else {
                    format!("ランク {rank} が {base:#x} の {size} バイトをスロット {tag} に登録する")
                }
            }
            AcpRecord::Sync { rank, released } => {
                if released {
                    format!("ランク {rank} が最後に acp_sync に達した:すべてのランクが先へ進む")
                } else {
                    format!("ランク {rank} が acp_sync に達し、ほかのランクを待つ")
                }
            }
        })
    }

    fn draw(&self, _time: SimTime) -> Draw {
        match *self {
            AcpRecord::Step {
                rank,
                step,
                peer,
                lands,
                back,
                ..
            } if step.is_network() && peer != rank => Draw::Arrow {
                kind: if step == StepKind::Tail {
                    ArrowKind::Atomic
                } else {
                    ArrowKind::Rdma
                },
                software: false,
                from: rank,
                to: peer,
                end: lands,
                back: Some(back),
                key: None,
            },
            _ => Draw::Nothing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::command::{Atomic, AtomicOp};
    use super::*;

    #[test]
    fn every_record_packs_and_unpacks_exactly() {
        let ga = |rank, offset| Ga::starter(rank, offset);
        crate::trace::check_round_trip(&[
            AcpRecord::Enqueue {
                rank: 1,
                handle: 3,
                order: 2,
                gma: Gma::Copy {
                    dst: ga(2, 64),
                    src: ga(1, 0),
                    size: 4096,
                },
            },
            AcpRecord::Enqueue {
                rank: 0,
                handle: 1,
                order: 0,
                gma: Gma::Atomic {
                    dst: ga(0, 8),
                    src: ga(3, 16),
                    atomic: Atomic {
                        op: AtomicOp::Add(7),
                        width: 8,
                    },
                },
            },
            AcpRecord::Step {
                rank: 2,
                issuer: 1,
                handle: 3,
                step: StepKind::Put,
                peer: 0,
                bytes: 4096,
                lands: SimTime::from_ns(1500),
                back: SimTime::from_ns(2100),
            },
            AcpRecord::Finished {
                rank: 1,
                handle: 3,
                head: 4,
            },
            AcpRecord::Table {
                rank: 0,
                owner: 2,
                change: TableChange::Cached,
                evicted: 1,
            },
            AcpRecord::Table {
                rank: 0,
                owner: 2,
                change: TableChange::Invalidated,
                evicted: NO_RANK,
            },
            AcpRecord::Register {
                rank: 3,
                tag: 1,
                base: 0x4000,
                size: 256,
                unregister: true,
                invalidations: 2,
            },
            AcpRecord::Sync {
                rank: 2,
                released: true,
            },
        ]);
    }
}
