//! The page's longer and one-off phrases in Japanese, by their English: what `Lang::tr` and
//! `Lang::trf` look up when a component writes its English in place (`lang.tr("Save")`,
//! `lang.trf("Choice {0} · {1}", &[&n, &t])`). Tests: every phrase has Japanese with the same
//! `{n}` slots, and every `tr`/`trf` literal in the crate's source is here or in `Text`.

/// (English, Japanese).
pub const PHRASES: &[(&str, &str)] = &[
    ("from {0}", "{0} から"),
    ("from any", "任意の送信元から"),
    ("any tag", "任意のタグ"),
    ("tag {0}", "タグ {0}"),
    ("empty", "空"),
    ("posted receives", "受信待ち"),
    ("unexpected messages", "予期しないメッセージ"),
    (" · request out", " · 要求を送信済み"),
    (" · promised to a one-sided send", " · 片側送信に予約済み"),
    (" · data in temp buffer", " · データは一時バッファ"),
    ("{0} of rank {1} · {2}{3}", "ランク {1} の{0} · {2}{3}"),
    ("to {0} · {1}: {2} of rank {0}", "宛先 {0} · {1}: ランク {0} の{2}"),
    ("send request of {0} → rank {1} · {2}", "{0} の送信要求 → ランク {1} · {2}"),
    ("receive request of {0} → rank {1} · {2}", "{0} の受信要求 → ランク {1} · {2}"),
    ("send requests waiting", "待っている送信要求"),
    ("associative memory (receive requests)", "連想メモリ(受信要求)"),
    ("request-issued", "発行済み要求"),
    ("engine: {0} · at event {1}", "エンジン: {0} · イベント {1}"),
    (" (model)", "(モデル)"),
    ("{0}; the machine model lands it at {1}{2}", "{0}。マシンモデルでは {1} に着く{2}"),
    (" — it lands first", " — これが先に着く"),
    (" — press to land it first", " — 押すとこれを先に着かせる"),
    ("your choice", "あなたの選択"),
    ("Go to this choice", "この選択へ移動"),
    ("Choice {0} · {1}", "選択 {0} · {1}"),
    ("→ rank {0}:", "→ ランク {0}:"),
    ("Run the program: wherever messages from several ranks race to one rank, you choose which lands first.", "プログラムを実行してください。複数のランクから 1 つのランクへメッセージが競合するところで、どれが先に着くかをあなたが選びます。"),
    ("No messages have raced to one rank yet: step on.", "まだ 1 つのランクへ競合したメッセージはありません。先へ進めてください。"),
    ("No messages raced to one rank in this run: the network had nothing to choose.", "この実行では 1 つのランクへ競合したメッセージはありませんでした。ネットワークが選ぶものはありません。"),
    ("1 later choice did not come up in this run.", "後の選択 1 件はこの実行では現れませんでした。"),
    ("{0} later choices did not come up in this run.", "後の選択 {0} 件はこの実行では現れませんでした。"),
    ("Messages racing to one rank: press a sender to land its message first (the network only delays; the others land right after).", "1 つのランクへ競合するメッセージ:送信元を押すとそのメッセージが先に着きます(ネットワークは遅らせるだけで、ほかはすぐあとに着きます)。"),
    ("Let the machine model decide the order again", "順序の決定をマシンモデルに戻す"),
    ("Let the model decide", "モデルに任せる"),
    ("Opening {0} replaces the program in the editor, which is not kept anywhere yet.", "{0} を開くと、エディタのプログラムが置き換わります。このプログラムはまだどこにも保存されていません。"),
    ("name to keep it under in My programs", "「マイプログラム」に保存する名前"),
    ("Keep it in My programs, then open", "マイプログラムに保存してから開く"),
    ("Open without keeping", "保存せずに開く"),
    ("Cancel", "キャンセル"),
    ("My programs ({0})", "マイプログラム({0})"),
    ("name to keep the program in the editor under", "エディタのプログラムを保存する名前"),
    ("keep the program in the editor in this browser under this name", "エディタのプログラムをこの名前でこのブラウザに保存する"),
    ("Save", "保存"),
    ("download the program in the editor as a .c file", "エディタのプログラムを .c ファイルとしてダウンロードする"),
    ("Download .c", ".c をダウンロード"),
    ("open a .c file from your computer in the editor", "コンピュータの .c ファイルをエディタで開く"),
    ("Upload .c…", ".c をアップロード…"),
    ("Nothing saved yet: Save keeps the program in the editor in this browser.", "まだ何も保存されていません。「保存」でエディタのプログラムをこのブラウザに残せます。"),
    ("new name for {0}", "{0} の新しい名前"),
    ("Rename", "名前を変更"),
    ("1 line", "1 行"),
    ("{0} lines", "{0} 行"),
    ("open {0}", "{0} を開く"),
    ("Open", "開く"),
    ("rename {0}", "{0} の名前を変更"),
    ("delete {0}", "{0} を削除"),
    ("Delete", "削除"),
    ("Start here", "はじめに"),
    ("Rankscope runs MPI programs in your browser on models of real machines and shows every message. ", "Rankscope は実在のマシンのモデル上で MPI プログラムをブラウザの中で動かし、すべてのメッセージを見せます。"),
    ("The editor holds a ring for {0} ranks on the {1}: rank 0 sends a token to rank 1, each rank passes it on, and it comes back to rank 0.", "エディタには {1} 上の {0} ランクのリングが入っています:ランク 0 がトークンをランク 1 へ送り、各ランクが次へ渡し、ランク 0 へ戻ってきます。"),
    ("Run the program in the editor on {0} ranks of the {1} and watch its messages.", "エディタのプログラムを {1} の {0} ランクで実行し、メッセージを見てみましょう。"),
    ("▶ Run the ring", "▶ リングを実行"),
    ("▶ Run it", "▶ 実行する"),
    ("Take the first lesson →", "最初のレッスンへ →"),
    ("The machine's parameters", "マシンのパラメータ"),
    ("After Run, press Step (→ or PageDown) to go one event at a time and watch the timeline, the queues and the console; ", "実行したら「ステップ」(→ または PageDown)で 1 イベントずつ進め、タイムライン・キュー・コンソールを見てください。"),
    ("open another example from the picker, or write your own program and keep it under My programs.", "ほかの例題を選んで開くことも、自分のプログラムを書いて「マイプログラム」に保存することもできます。"),
    ("the run", "この実行"),
    ("{0} rows", "{0} の行"),
    ("all — e.g. 0-7, 12 or 5±1", "すべて — 例: 0-7、12、5±1"),
    ("Group by", "まとめる単位"),
    ("none", "なし"),
    ("{0} ranks", "{0} ランク"),
    ("Taller rows (Alt + wheel)", "行を高く(Alt + ホイール)"),
    ("Shorter rows (Alt + wheel)", "行を低く(Alt + ホイール)"),
    ("click to move the main run to that time", "クリックすると主実行をその時刻へ移動"),
    ("click an event to go there", "イベントをクリックするとそこへ移動"),
    ("Space-time diagram of {0}: one row per rank, arrows for messages. Arrow keys pan, plus and minus zoom (every timeline on the page together), 0 shows the whole run; {1}.", "{0} の時空間図:ランクごとに 1 行、メッセージは矢印。矢印キーで移動、+ と − で拡大縮小(ページ上のすべてのタイムラインが連動)、0 で実行全体を表示。{1}。"),
    ("{0} zoom", "{0} の拡大縮小"),
    ("Drag to pan · wheel or pinch to zoom at the pointer · hover for details · click an event to go there, or empty space to go to that time", "ドラッグで移動 · ホイールかピンチでポインタ位置を拡大縮小 · ポインタを重ねると詳細 · イベントをクリックするとそこへ、空いた所をクリックするとその時刻へ移動"),
    ("rank {0}'s node", "ランク {0} のノード"),
    (" set: {0}", " セット: {0}"),
    (" clear", " クリア"),
    ("blocked: spinning on its own flag", "ブロック中: 自分のフラグでスピンしている"),
    ("not blocked", "ブロックしていない"),
    ("nil (empty)", "nil(空)"),
    ("w_tail names it, but its predecessor's next does not point to it yet", "w_tail はこれを指しているが、前のノードの next はまだこれを指していない"),
    (" (w_tail, linking)", "(w_tail、連結中)"),
    ("rank {0} (exclusive)", "ランク {0}(排他)"),
    ("nobody", "なし"),
    ("rank {0} (shared)", "ランク {0}(共有)"),
    ("ranks {0} (shared)", "ランク {0}(共有)"),
    ("rank {0} (exclusive) and {1}", "ランク {0}(排他)と {1}"),
    ("spins until its {0} {1}", "自分の {0} が {1} までスピン"),
    ("holds it exclusive", "排他で保持"),
    ("holds it shared", "共有で保持"),
    ("1 reader", "読み手 1"),
    ("{0} readers", "読み手 {0}"),
    ("a writer waits for the readers to leave", "書き手が読み手の退出を待っている"),
    ("a writer holds the lock or is being woken to take it", "書き手がロックを保持しているか、取得のために起こされている"),
    ("readers waiting for a writer to leave", "書き手の退出を待つ読み手"),
    ("the writer next in line (or holding it)", "次の書き手(または保持中の書き手)"),
    ("the last writer to queue", "最後に並んだ書き手"),
    ("reader queue: r_hd", "読み手キュー: r_hd"),
    ("writer queue: w_hd", "書き手キュー: w_hd"),
    ("Lock (MPI_Win_lock: {0}, on rank {1})", "ロック(MPI_Win_lock: {0}、ランク {1} 上)"),
    ("Lock (MPI_Win_lock: {0}, one per target)", "ロック(MPI_Win_lock: {0}、ターゲットごとに 1 つ)"),
    ("at event {0}", "イベント {0} 時点"),
    (" · held by ", " · 保持: "),
    (" · spinning: ", " · スピン中: "),
    ("spinning: ", "スピン中: "),
    ("lock record · rank {0}'s words", "ロック記録 · ランク {0} のワード"),
    ("queues", "キュー"),
    ("rank n", "ランク n"),
    (" blocked: spins on its own flag until another rank clears it", " ブロック中: ほかのランクがクリアするまで自分のフラグでスピンする"),
    ("queue nodes (each in its rank's own words)", "キューのノード(各ランク自身のワード)"),
    ("MPI_LOCK_SHARED and MPI_Win_lock_all run ReaderLock (Fig. 6), their unlocks ReaderUnlock (Fig. 7); MPI_LOCK_EXCLUSIVE runs the MCS WriterLock. The timeline draws every remote read, write and atomic as an arrow.", "MPI_LOCK_SHARED と MPI_Win_lock_all は ReaderLock(図 6)を、その解放は ReaderUnlock(図 7)を実行します。MPI_LOCK_EXCLUSIVE は MCS の WriterLock を実行します。タイムラインはリモートの読み出し・書き込み・アトミック操作をすべて矢印で描きます。"),
    ("rank {0}'s lock", "ランク {0} のロック"),
    ("lock on rank {0}", "ランク {0} 上のロック"),
    ("held by {0}", "保持: {0}"),
    ("lock words (in their home rank's one-sided memory)", "ロックのワード(ホームランクの片側通信メモリ内)"),
    ("… and {0} more ranks' locks", "… ほか {0} ランクのロック"),
    (". The timeline draws every remote read, write and atomic as an arrow.", "。タイムラインはリモートの読み出し・書き込み・アトミック操作をすべて矢印で描きます。"),
    ("thread busy until {0}", "スレッドは {0} まで処理中"),
    ("thread about to take its next piece of work", "スレッドは次の仕事を取るところ"),
    ("thread idle; commands in flight", "スレッドは待機中。コマンドは転送中"),
    ("thread idle", "スレッドは待機中"),
    ("handles up to {0} complete", "ハンドル {0} まで完了"),
    ("no handle complete yet", "完了したハンドルはまだない"),
    ("{0} · {1} · next handle {2}", "{0} · {1} · 次のハンドル {2}"),
    ("command queue", "コマンドキュー"),
    ("remote command receive buffer", "リモートコマンド受信バッファ"),
    ("registration table", "登録表"),
    ("table cache", "表のキャッシュ"),
    ("no other rank's table", "ほかのランクの表はない"),
    ("rank {0}'s table", "ランク {0} の表"),
    ("the tables of ranks {0} (oldest first)", "ランク {0} の表(古い順)"),
    ("queue pairs used: {0}", "使用中のキューペア: {0}"),
    ("ACP basic layer", "ACP 基本層"),
    ("at event {0} · {1} commands so far", "イベント {0} 時点 · これまでのコマンド {1} 個"),
    ("acp_copy and the atomics enqueue a command and return its handle; each rank's communication thread takes commands in handle order, skipping one whose order handle is incomplete. The timeline draws every network operation as an arrow. Click a rank in \"Ranks & console\" to chart its memory.", "acp_copy とアトミック操作はコマンドをキューに入れ、そのハンドルを返します。各ランクの通信スレッドはハンドル順にコマンドを取り、順序指定のハンドルが未完了のものは飛ばします。タイムラインはネットワーク操作をすべて矢印で描きます。「ランクとコンソール」でランクをクリックすると、そのメモリをグラフにします。"),
    ("rank {0}'s ACP memory: {1} (paper 001 Table 2's components)", "ランク {0} の ACP メモリ: {1}(論文 001 表 2 の構成要素)"),
    ("the VME bus carries nothing on this route: PVM's daemons talk over the Ethernet", "この経路では VME バスは何も運ばない:PVM のデーモンは Ethernet で通信する"),
    ("the bus is locked by {0} for a test&set of {1}'s lock, until {2}", "バスは {1} のロックへの test&set のため {0} がロック中({2} まで)"),
    ("the bus is free", "バスは空いている"),
    ("{0}: time of its accesses so far, by purpose", "{0}: これまでのアクセス時間(目的別)"),
    ("PVM: time of its hops so far (from send to the next process's read)", "PVM: これまでの各区間の時間(送信から次のプロセスの読み出しまで)"),
    ("FOLON's VME bus", "FOLON の VME バス"),
    ("Every protocol word is a load or a store of a PE's dual-port memory: 400 ns in the PE's own, 2.1 µs in another's across the bus, which carries one at a time; a test&set is a system call, the bus locked for a load and a store, and a system call. PVM's hops are socket transfers (TCP within a PE, UDP on the Ethernet) or FCP transfers, as the route says (Protocol and limits).", "プロトコルのワードはどれも PE のデュアルポートメモリへのロードかストアです:自分の PE なら 400 ns、バス越しにほかの PE なら 2.1 µs で、バスは一度に 1 つしか運びません。test&set はシステムコールで、ロードとストアのあいだバスをロックし、さらにシステムコールが続きます。PVM の各区間はソケット転送(PE 内は TCP、Ethernet 上は UDP)か FCP 転送で、どちらになるかは経路の設定(プロトコルと制限)によります。"),
];

#[cfg(test)]
mod tests {
    use super::PHRASES;
    use crate::i18n::{Lang, Text};

    fn slots(s: &str) -> Vec<usize> {
        (0..10).filter(|i| s.contains(&format!("{{{i}}}"))).collect()
    }

    fn has_japanese(s: &str) -> bool {
        s.chars().any(|c| {
            ('\u{3000}'..='\u{9fff}').contains(&c) || ('\u{ff00}'..='\u{ffef}').contains(&c)
        })
    }

    #[test]
    fn every_phrase_has_japanese_with_the_same_slots_once() {
        for (i, (en, ja)) in PHRASES.iter().enumerate() {
            assert!(!en.trim().is_empty(), "phrase {i} has no English");
            assert!(has_japanese(ja), "{en:?} has no Japanese: {ja:?}");
            assert_eq!(slots(en), slots(ja), "{en:?}: the slots differ");
            assert!(
                PHRASES[i + 1..].iter().all(|(e, _)| e != en),
                "{en:?} twice"
            );
            assert!(
                Text::ALL.iter().all(|k| k.en() != *en),
                "{en:?} is also a Text key"
            );
        }
    }

    /// The string literals passed to `.tr(` and `.trf(` in `dir`'s Rust files, with their file.
    fn tr_literals(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                tr_literals(&path, out);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for opener in [".tr(\"", ".trf(\""] {
                for (at, _) in text.match_indices(opener) {
                    let rest = &text[at + opener.len()..];
                    let mut lit = String::new();
                    let mut chars = rest.chars();
                    while let Some(c) = chars.next() {
                        match c {
                            '"' => break,
                            '\\' => match chars.next() {
                                Some('n') => lit.push('\n'),
                                Some('\n') => {
                                    let skipped: String =
                                        chars.clone().take_while(|c| c.is_whitespace()).collect();
                                    for _ in skipped.chars() {
                                        chars.next();
                                    }
                                }
                                Some(other) => lit.push(other),
                                None => {}
                            },
                            c => lit.push(c),
                        }
                    }
                    out.push((path.display().to_string(), lit));
                }
            }
        }
    }

    /// A missing phrase fails here, not on the page: every literal a component hands to
    /// `tr`/`trf` has its Japanese.
    #[test]
    fn every_literal_the_components_translate_is_in_a_table() {
        let mut found = Vec::new();
        tr_literals(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut found,
        );
        assert!(found.len() > 80, "only {} literals found", found.len());
        let missing: Vec<_> = found
            .iter()
            .filter(|(_, en)| {
                let en: &'static str = Box::leak(en.clone().into_boxed_str());
                Lang::Ja.tr(en) == en && en != "not in the table"
            })
            .collect();
        assert!(missing.is_empty(), "no Japanese for {missing:#?}");
    }
}
