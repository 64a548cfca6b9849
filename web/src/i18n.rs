//! The page's words in English and Japanese: one table of UI strings ([`Text`], each key with
//! both), the page's language ([`Lang`]), and the look-ups components use (`lang.t(Text::Run)`,
//! `lang.f(Text::StatusPaused, &[&n])` for `{0}`-style slots, `lang.tr("Event log")` for a
//! string another module owns). Core's sentences (the event log, errors) stay as core gives them.

use std::fmt::Display;

/// A language of the page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// The BCP 47 code (`<html lang>`, lessons' `lang`, links' `lang=`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    /// The language a code names (`ja`, `ja-JP`, `en-US`…), if the page has it.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language's name in itself (the chooser's option).
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ja => "日本語",
        }
    }

    /// `key` in this language.
    pub fn t(self, key: Text) -> &'static str {
        match self {
            Lang::En => key.en(),
            Lang::Ja => key.ja(),
        }
    }

    /// `key` in this language with `{0}`, `{1}`… replaced by `args`.
    pub fn f(self, key: Text, args: &[&dyn Display]) -> String {
        fill(self.t(key), args)
    }

    /// An English string another module owns (a view's label, a key's help) in this language:
    /// the table's entry whose English it is, or the string itself if the table lacks it.
    pub fn tr(self, english: &'static str) -> &'static str {
        match Text::ALL.iter().find(|k| k.en() == english) {
            Some(&k) => self.t(k),
            None => english,
        }
    }
}

/// `template` with each `{i}` replaced by `args[i]`.
fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = template.to_string();
    for (i, a) in args.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), &a.to_string());
    }
    out
}

macro_rules! texts {
    ($($key:ident => $en:literal, $ja:literal;)*) => {
        /// A string of the page's chrome, in every language of [`Lang`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Text {
            $($key,)*
        }

        impl Text {
            /// Every key.
            pub const ALL: &'static [Text] = &[$(Text::$key,)*];

            /// The English.
            pub fn en(self) -> &'static str {
                match self {
                    $(Text::$key => $en,)*
                }
            }

            /// The Japanese.
            pub fn ja(self) -> &'static str {
                match self {
                    $(Text::$key => $ja,)*
                }
            }
        }
    };
}

texts! {
    // The header.
    Tagline => "Watch MPI ranks talk, packet by packet, on machines that shaped parallel computing.",
        "並列計算を形づくったマシンの上で、MPI のランクがパケット単位で通信する様子を見てみよう。";
    Pages => "views", "ページ";
    Playground => "Playground", "プレイグラウンド";
    Lessons => "Lessons", "レッスン";
    LessonsTitle => "guided walks through runs, in English and Japanese",
        "実行を一歩ずつたどるガイド(英語と日本語)";
    Schedules => "Schedules", "スケジュール";
    SchedulesTitle => "paper 002's schedules of a many-to-many pattern: Ring against the proposed one, built step by step",
        "論文 002 の多対多通信のスケジュール:Ring と提案手法を一歩ずつ組み立てて比べる";
    Paper => "Paper {0}", "論文 {0}";
    PaperTitle => "paper {0}'s tables and figures ({1}) recomputed here, next to the published values",
        "論文 {0} の表と図({1})をここで計算し直し、発表された値と並べて示す";
    Reference => "Reference", "リファレンス";
    ReferenceTitle => "every C and MPI function a program may call, with its signature and how it is modelled",
        "プログラムから呼べる C と MPI の関数すべて:シグネチャとモデル化の方法";
    Present => "Present", "発表モード";
    PresentTitle => "presentation mode for a projector: large type, only the code, the timeline and the current view (P; Esc leaves)",
        "プロジェクタ向けの発表モード:大きな文字で、コード・タイムライン・現在のビューだけを表示(P キー、Esc で戻る)";
    ShareLink => "Share link", "共有リンク";
    ShareLinkPresentTitle => "a link that opens this program, machine and rank count in presentation mode",
        "このプログラム・マシン・ランク数を発表モードで開くリンク";
    ShareLinkTitle => "put a link to this program, machine and rank count in the address bar",
        "このプログラム・マシン・ランク数を開くリンクをアドレスバーに入れる";
    CoreVersionTitle => "version of the simulator core running in this page",
        "このページで動いているシミュレータコアのバージョン";
    Language => "Language", "言語";
    LeavePresent => "Leave presentation (P)", "発表モードを終える (P)";
    LeavePresentTitle => "back to the full page (P or Esc)", "通常のページに戻る(P または Esc)";
    OpenInRankscope => "Open in Rankscope ↗", "Rankscope で開く ↗";
    Footer => "Deterministic simulation in your browser · profiles cite their papers · no data leaves this page",
        "ブラウザの中の決定的シミュレーション · プロファイルは出典の論文を明記 · データはこのページの外に出ません";
    // The run bar.
    Run => "Run", "実行";
    RunTitle => "compile and run (continues a paused run) — Ctrl+Enter in the editor",
        "コンパイルして実行(一時停止中なら続きから)— エディタでは Ctrl+Enter";
    Pause => "Pause", "一時停止";
    PauseTitle => "pause (the run stays where it is)", "一時停止(実行はその場にとどまる)";
    Back => "Back", "戻る";
    BackTitle => "back to the previous event (exact: checkpoint and replay; past bookkeeping unless “every event” is on) — ← or PageUp",
        "前のイベントへ戻る(チェックポイントと再実行で正確に。「全イベント」がオフなら記帳だけのイベントは飛ばす)— ← または PageUp";
    Step => "Step", "ステップ";
    StepTitle => "the next event (past bookkeeping unless “every event” is on) — → or PageDown",
        "次のイベントへ(「全イベント」がオフなら記帳だけのイベントは飛ばす)— → または PageDown";
    Reset => "Reset", "リセット";
    ResetTitle => "back to the start of the run", "実行の最初に戻る";
    Speed => "Speed", "速度";
    RunControls => "Run controls", "実行の操作";
    RunHint => "Press Run to compile the program and watch its ranks; then step forward and back one event at a time, or drag the scrubber.",
        "「実行」を押すとプログラムをコンパイルし、ランクの動きを見られます。そのあと 1 イベントずつ前後に進めるか、スクラバーをドラッグしてください。";
    StatusError => "stopped by an error after {0} events", "{0} イベント後にエラーで停止";
    StatusFinished => "finished after {0} events", "{0} イベントで終了";
    StatusRunning => "running… event {0}", "実行中… イベント {0}";
    StatusPaused => "paused at event {0}", "イベント {0} で一時停止";
    StatusDetail => " · simulated time {0} · {1} ranks on {2}", " · シミュレーション時刻 {0} · {2} 上の {1} ランク";
    Event => "Event", "イベント";
    EventOf => "event {0} of {1}", "イベント {0} / {1}";
    Keys => "Keys: ", "キー: ";
    KeyStep => "step", "ステップ";
    KeyBack => "back", "戻る";
    KeyPlay => "play / pause", "再生 / 一時停止";
    KeyPresent => "presentation mode", "発表モード";
    KeyJumps => "next MPI call / message / event of the focused rank (Shift: back)",
        "次の MPI 呼び出し / メッセージ / 注目ランクのイベント(Shift で戻る)";
    OneError => "1 error — nothing was run", "エラー 1 件 — 何も実行していません";
    Errors => "{0} errors — nothing was run", "エラー {0} 件 — 何も実行していません";
    // The views beside the timeline.
    Views => "Views", "ビュー";
    ViewQueues => "Matching queues", "マッチングキュー";
    ViewLock => "Lock", "ロック";
    ViewBus => "Bus", "バス";
    ViewRanks => "Ranks & console", "ランクとコンソール";
    ViewLog => "Event log", "イベントログ";
    Machine => "Machine", "マシン";
    // The setup.
    RunSetup => "Run setup", "実行の設定";
    Example => "Example", "例題";
    OpenExample => "Open an example…", "例題を開く…";
    Ranks => "Ranks", "ランク";
    UpTo => " (up to {0})", "(最大 {0})";
    UpToTitle => "up to {0} on this machine", "このマシンでは最大 {0}";
    Arguments => "Arguments", "引数";
    ArgumentsError => "Arguments: {0}", "引数: {0}";
    LoadProfile => "Load profile…", "プロファイルを読み込む…";
    LoadProfileTitle => "a TOML profile like those in profiles/: every number needs a source or an assume",
        "profiles/ にあるような TOML のプロファイル:どの数値にも source か assume が必要";
    ProtocolAndLimits => "Protocol and limits", "プロトコルと制限";
    P2pEngine => "Point-to-point engine", "1 対 1 通信のエンジン";
    CompareWith => "Compare with", "比較対象";
    Off => "off", "なし";
    YouAreTheNetwork => "You are the network", "あなたがネットワーク";
    ReplacedEdit => "{0} replaced your edit: Ctrl+Z in the editor brings it back.",
        "{0} があなたの編集を置き換えました。エディタで Ctrl+Z を押すと元に戻せます。";
    // The editor's head.
    Program => "Program", "プログラム";
    LinesMpiC => "{0} lines · MPI C", "{0} 行 · MPI C";
    // The editor's keys (after each key).
    KeyRuns => " runs · ", " 実行 · ";
    KeyIndents => " indents · ", " インデント · ";
    KeyThen => " then ", " のあと ";
    KeyLeaves => " leaves the editor · ", " でエディタから出る · ";
    KeyUndoes => " undoes", " 元に戻す";
    // The speeds (playback.rs).
    Speed1 => "1 event/s", "毎秒 1 イベント";
    Speed10 => "10 events/s", "毎秒 10 イベント";
    Speed100 => "100 events/s", "毎秒 100 イベント";
    Speed1000 => "1,000 events/s", "毎秒 1,000 イベント";
    SpeedMax => "as fast as possible", "最速";
    // The lessons page.
    LessonsSummary => "Guided walks through runs: each step sets up the playground, says what to look at, asks you to predict what the run will show and checks your fixes. In English and Japanese; your progress stays in this browser.",
        "実行を一歩ずつたどるガイドです。各ステップがプレイグラウンドを準備し、どこを見ればよいかを示し、実行結果を予想させ、あなたの修正を確かめます。英語と日本語で読めます。進み具合はこのブラウザに残ります。";
    OpenLessonFile => "Open lesson file…", "レッスンファイルを開く…";
    OpenLessonFileTitle => "a lesson file (TOML) as `rankscope lesson check` reads it",
        "`rankscope lesson check` が読むのと同じレッスンファイル(TOML)";
    LessonSteps => "{0} steps", "{0} ステップ";
    AtStep => "at step {0}", "ステップ {0} まで進行";
    Solved => "{0} solved", "{0} 問解決";
    // The share bar.
    Link => "Link", "リンク";
    Copy => "Copy", "コピー";
    CloseShare => "close the share bar", "共有バーを閉じる";
    Copied => "copied to the clipboard", "クリップボードにコピーしました";
    CopyRefused => "copying was refused here: select the link and press Ctrl+C",
        "ここではコピーが拒否されました。リンクを選択して Ctrl+C を押してください";
    AlsoInAddressBar => "also in the address bar: opening it restores this program, machine and options",
        "アドレスバーにも入っています。開くとこのプログラム・マシン・設定が復元されます";
    // The machine view.
    Parameter => "parameter", "パラメータ";
    Value => "value", "値";
    Basis => "basis", "根拠";
    SourceTag => "source", "出典";
    AssumptionTag => "assumption", "仮定";
    Interconnect => "Interconnect: {0} · {1} parameters, {2} from the paper, {3} assumed",
        "相互結合網: {0} · パラメータ {1} 個(論文から {2} 個、仮定 {3} 個)";
    // The ranks and the event log.
    MarkRank => "Mark rank {0}'s line strongly in the program", "プログラム中のランク {0} の行を強調する";
    MoreRanks => "{0} more ranks", "ほか {0} ランク";
    AndMoreRanks => "… and {0} more ranks", "… ほか {0} ランク";
    Console => "Console", "コンソール";
    ConsoleOf => "Show the console of", "コンソールを表示するランク";
    AllRanks => "all ranks", "全ランク";
    EventLogOf => "Event log ({0} of {1} records)", "イベントログ({1} 件中 {0} 件)";
    GoToEvent => "go to this event", "このイベントへ移動";
    // The timeline.
    Timeline => "Timeline", "タイムライン";
    ZoomIn => "Zoom in", "拡大";
    ZoomOut => "Zoom out", "縮小";
    Fit => "Fit", "全体";
    FitTitle => "Fit: show the whole run", "全体:実行全体を表示";
    Legend => "Legend", "凡例";
    LegendCompute => "compute", "計算";
    LegendBlocked => "blocked", "ブロック中";
    LegendLibrary => "MPI library, yield", "MPI ライブラリ・yield";
    LegendMessage => "message", "メッセージ";
    LegendRdma => "RDMA put/get", "RDMA の put/get";
    LegendAtomic => "atomic", "アトミック操作";
    LegendSoftware => "in software (dashed)", "ソフトウェア処理(破線)";
    LegendNow => "now", "現在";
    LegendFuture => "known future (faded)", "既知の未来(薄く表示)";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `{n}` slots of a template, in order of appearance, sorted.
    fn slots(s: &str) -> Vec<String> {
        let mut v: Vec<String> = (0..10)
            .map(|i| format!("{{{i}}}"))
            .filter(|p| s.contains(p.as_str()))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn every_key_has_english_and_japanese_with_the_same_slots() {
        for &k in Text::ALL {
            assert!(!k.en().trim().is_empty(), "{k:?} has no English");
            assert!(!k.ja().trim().is_empty(), "{k:?} has no Japanese");
            assert_ne!(k.en(), k.ja(), "{k:?} is not translated");
            assert!(
                k.ja()
                    .chars()
                    .any(|c| ('\u{3000}'..='\u{9fff}').contains(&c)
                        || ('\u{ff00}'..='\u{ffef}').contains(&c)),
                "{k:?}'s Japanese has no Japanese: {}",
                k.ja()
            );
            assert_eq!(slots(k.en()), slots(k.ja()), "{k:?}: the slots differ");
        }
    }

    #[test]
    fn english_strings_are_unique_so_tr_finds_the_right_key() {
        for (i, a) in Text::ALL.iter().enumerate() {
            for b in &Text::ALL[i + 1..] {
                assert_ne!(a.en(), b.en(), "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn the_strings_other_modules_own_are_in_the_table() {
        use crate::views::View;
        for v in View::PROTOCOL.iter().chain(View::GENERAL) {
            // ACP is a name, the same in Japanese.
            if *v != View::Acp {
                assert_ne!(Lang::Ja.tr(v.label()), v.label(), "the {v:?} tab");
            }
        }
        for (keys, what) in crate::keys::KEYS_HELP {
            assert_ne!(Lang::Ja.tr(what), *what, "the help of {keys}");
        }
        for s in crate::playback::SPEEDS {
            assert_ne!(Lang::Ja.tr(s.label()), s.label(), "the speed {s:?}");
        }
        assert_eq!(Lang::Ja.tr("not in the table"), "not in the table");
        assert_eq!(Lang::En.tr("Event log"), "Event log");
    }

    #[test]
    fn look_ups_and_slots() {
        assert_eq!(Lang::Ja.t(Text::Run), "実行");
        assert_eq!(Lang::En.f(Text::StatusPaused, &[&12]), "paused at event 12");
        assert_eq!(
            Lang::Ja.f(Text::StatusDetail, &[&"1.0 µs", &4, &"FOLON"]),
            " · シミュレーション時刻 1.0 µs · FOLON 上の 4 ランク"
        );
        assert_eq!(Lang::from_code("ja-JP"), Some(Lang::Ja));
        assert_eq!(Lang::from_code("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::from_code(""), None);
        for l in Lang::ALL {
            assert_eq!(Lang::from_code(l.code()), Some(l));
        }
    }
}
