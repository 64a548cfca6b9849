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
