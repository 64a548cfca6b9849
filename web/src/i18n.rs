//! The page's words in English and Japanese: one table of UI strings ([`Text`], each key with
//! both), the page's language ([`Lang`]), and the look-ups components use (`lang.t(Text::Run)`,
//! `lang.f(Text::StatusPaused, &[&n])` for `{0}`-style slots, `lang.tr("Event log")` for a
//! string another module owns). Core's sentences (the event log, errors) stay as core gives them.
//!
//! Tests: every key has both languages with the same `{0}` slots; a lesson that names a tab in
//! English inside its Japanese (「Matching queues」 where the tab reads 「マッチングキュー」) fails. Core's
//! sentences come in the page's language through `rankscope_core::trace::text::Lang`
//! (`Record::explain_in`, `stride::sentences_in`, `SimError::text_in`, `Sim::describe_rank_in`); C
//! compile and runtime errors and the `MPI_Finalize` warnings stay English, as a C compiler's do.

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

    /// The same language for core's sentences (`Record::explain_in`, `SimError::text_in`…).
    pub fn core(self) -> rankscope_core::trace::text::Lang {
        match self {
            Lang::En => rankscope_core::trace::text::Lang::En,
            Lang::Ja => rankscope_core::trace::text::Lang::Ja,
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
        self.tr_dyn(english)
    }

    /// [`Lang::tr`] for a string that is not `'static` (a prop): the table's entry, or `english`.
    pub fn tr_dyn(self, english: &str) -> &str {
        if self == Lang::En {
            return english;
        }
        match Text::ALL.iter().find(|k| k.en() == english) {
            Some(&k) => self.t(k),
            None => crate::i18n_phrases::PHRASES
                .iter()
                .find(|(en, _)| *en == english)
                .map_or(english, |&(_, ja)| ja),
        }
    }

    /// [`Lang::tr`] with `{0}`, `{1}`… replaced by `args` (a phrase of
    /// [`crate::i18n_phrases::PHRASES`] with slots: `lang.trf("Choice {0} · {1}", &[&n, &t])`).
    pub fn trf(self, english: &'static str, args: &[&dyn Display]) -> String {
        fill(self.tr(english), args)
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
    StopRunTitle => "Stop the run here (Run continues it)", "ここで実行を止めます(「実行」で続きから)";
    ContinueRun => "Continue", "続ける";
    QuietHint => "No MPI call for {0} s while the ranks compute ({1} operations so far): the loop may never end. Stop it and look at its condition, or continue if it is a long computation.", "ランクが計算を続けて {0} 秒間 MPI 呼び出しがありません(ここまで {1} 演算):ループが終わらないのかもしれません。止めて条件を確かめるか、長い計算なら続けてください。";
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
    SuiteExamples => "MPICH {0}'s own tests (test/mpi, as they are)", "MPICH {0} 自身のテスト（test/mpi、そのまま）";
    SuiteNote => "A test from MPICH's own suite: every rank checks its results; MTest_Finalize (mtest.c) adds up the errors of all ranks, and rank 0 prints “No Errors” when there were none. Break a check and run it again.",
        "MPICH 自身のテストスイートのテスト: 各ランクが結果を確かめ、MTest_Finalize（mtest.c）が全ランクの誤りを数え、誤りがなければランク 0 が “No Errors” と出力する。確認をひとつ壊してもう一度実行してみよう。";
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
    // Ranks, console, comparison.
    RankN => "rank {0}", "ランク {0}";
    EarlierLines => "({0} earlier lines)", "(それより前の {0} 行)";
    ConsoleLine => "[rank {0} @ {1}] {2}", "[ランク {0} @ {1}] {2}";
    ConsoleErrLine => "[rank {0} @ {1}] stderr: {2}", "[ランク {0} @ {1}] stderr: {2}";
    ErrorStream => "the rank's error stream (stderr)", "ランクのエラー出力 (stderr)";
    ConsoleDiagnosticLine => "[rank {0} @ {1}] Rankscope: {2}", "[ランク {0} @ {1}] Rankscope: {2}";
    DiagnosticStream => "Rankscope's own warning about this rank's run, not the program's output", "このランクの実行についての Rankscope 自身の警告（プログラムの出力ではない）";
    FinishedAt => "finished at {0}", "{0} に終了";
    StoppedAt => "stopped by an error at {0}", "{0} にエラーで停止";
    AtSoFar => "at {0} so far", "現在 {0}";
    PrimaryAt => "primary: {0}", "主実行: {0}";
    PrimaryStopped => "primary: stopped at {0}", "主実行: {0} に停止";
    PrimaryNow => "primary now at {0}", "主実行は現在 {0}";
    SameTime => "; the same time", ";同じ時間";
    PctShorter => "; {0}% shorter", ";{0}% 短い";
    PctLonger => "; {0}% longer", ";{0}% 長い";
    CompareStatus => "{0} ({1}{2})", "{0}（{1}{2}）";
    CompareTitle => "Compare: {0}", "比較: {0}";
    CompareNotStarted => "the comparison run has not started", "比較の実行はまだ始まっていません";
    CompareCouldNotStart => "The comparison could not start: {0}", "比較の実行を開始できませんでした: {0}";
    CompareSubject => "the same program under {0}", "{0} で動かした同じプログラム";
    // The caption and the jump bar.
    CaptionBefore => "Before the first event: press Step (→) to see what the ranks do first.",
        "最初のイベントの前です。「ステップ」(→)を押すと、ランクが最初に何をするかが見られます。";
    CaptionEvent => "Event {0}.", "イベント {0}。";
    JumpMpiCall => "MPI call", "MPI 呼び出し";
    JumpRank => "rank", "ランク";
    JumpMpiCallTitle => "the next MPI call of any rank (Shift+M: the previous one)",
        "いずれかのランクの次の MPI 呼び出し(Shift+M で前へ)";
    JumpMessageTitle => "the next message leaving or arriving (Shift+N: the previous one)",
        "次に送り出されるか到着するメッセージ(Shift+N で前へ)";
    JumpRankTitle => "the next event of the rank in focus — click a rank in the Ranks view to focus it (Shift+R: the previous one)",
        "注目ランクの次のイベント。「ランクとコンソール」ビューでランクをクリックすると注目できます(Shift+R で前へ)";
    JumpBackTitle => "back to the previous {0} (Shift+{1})", "前の{0}へ戻る(Shift+{1})";
    JumpPrevious => "previous {0}", "前の{0}";
    JumpKeyTitle => "{0} — key {1}", "{0} — キー {1}";
    JumpTo => "Jump to", "移動先";
    JumpNext => "Next:", "次へ:";
    EveryEvent => " every event", " 全イベント";
    EveryEventTitle => "Step and Back stop at every event, also where a rank only starts, computes or continues (MPI_Init, “rank 4 continues”)",
        "「ステップ」と「戻る」をすべてのイベントで止める。ランクが開始・計算・再開するだけのイベント(MPI_Init や「ランク 4 が再開する」)でも止まる";
    // The setup's rank room and "Protocol and limits".
    RoomNote => "You asked for {0} ranks; {1} holds {2} ({3} nodes × {4} ranks per node), so the run has {2}.",
        "{0} ランクが指定されましたが、{1} には {2} ランクまでしか載りません({3} ノード × ノードあたり {4} ランク)。そのため {2} ランクで実行します。";
    RoomOffer => "Use {0} with {1} ranks (it holds {2})", "{0} を {1} ランクで使う(最大 {2} ランク)";
    ArgsHint => "what main(int argc, char *argv[]) gets after argv[0] (\"program\"), split like a shell does: spaces separate arguments, \"…\" or '…' keep spaces inside one, a backslash takes the next character as it is. Applies from the next Run; kept in share links.",
        "main(int argc, char *argv[]) が argv[0](\"program\")のあとに受け取る引数。シェルと同じように分けます:空白で区切り、\"…\" や '…' の中の空白は 1 つの引数に含め、バックスラッシュは次の 1 文字をそのまま取ります。次の実行から有効で、共有リンクにも残ります。";
    ArgsPlaceholder => "argv[1]… e.g. 100 10", "argv[1]… 例: 100 10";
    P2pEngineTitle => "paper 000: how sends and receives are matched and how the data moves",
        "論文 000:送信と受信をどう照合し、データをどう運ぶか";
    CompareWithTitle => "run the same program, machine and ranks under a second engine too, and draw both timelines on one time axis",
        "同じプログラム・マシン・ランク数を 2 つ目のエンジンでも実行し、両方のタイムラインを同じ時間軸に描く";
    FcpTitle => "FOLON's message passing (paper 004): FCP as built, FCP plus (the buffer table cached), or FCP II (static placement, compressed words)",
        "FOLON のメッセージパッシング(論文 004):実装どおりの FCP、FCP plus(バッファ表をキャッシュ)、FCP II(静的配置と圧縮したワード)";
    PvmRoute => "PVM route", "PVM の経路";
    PvmTitle => "how PVM's messages travel (paper 004): through both daemons, which talk over UDP (PVM's way) or over FCP (the FOLON port), or task to task over FCP (the paper's future work)",
        "PVM のメッセージの通り道(論文 004):両側のデーモンを経由し、その間を UDP(PVM 本来の方式)か FCP(FOLON への移植)で結ぶか、FCP でタスク間を直接結ぶ(論文の今後の課題)";
    NetworkTitle => "where messages (eager sends, one-sided operations) from several ranks race to one rank, you choose which lands first",
        "複数のランクから 1 つのランクへメッセージ(eager 送信や片側操作)が競合するところで、どれが先に着くかをあなたが選ぶ";
    EagerLimit => "Eager limit (bytes)", "eager の上限(バイト)";
    EagerLimitTitle => "the eager engine sends a standard send of up to this many bytes and completes it at once; a larger one completes only once a receive matched it (MPICH's 8251 by default; Open MPI over TCP: 65536)",
        "eager エンジンはこのバイト数までの標準送信をすぐに送って完了させる。これより大きい送信は受信と一致してはじめて完了する(MPICH の既定値は 8251、TCP 上の Open MPI は 65536)";
    EventsPerRun => "Events per run", "1 回の実行のイベント数";
    EventsPerRunTitle => "the run stops with an error after this many events", "このイベント数を超えると実行はエラーで止まる";
    OpsPerRank => "Operations per rank", "ランクあたりの命令数";
    OpsPerRankTitle => "a rank that executes more bytecode operations is stopped as a runaway loop",
        "これより多くのバイトコード命令を実行したランクは暴走ループとして止める";
    MemoryPerRank => "Memory per rank (MiB)", "ランクあたりのメモリ(MiB)";
    MemoryPerRankTitle => "what each rank's variables, arrays and malloc blocks may take in all, counted as C's sizeof counts them (256 MiB by default: a 64 MB array fits)",
        "各ランクの変数・配列・malloc したブロックが合わせて使えるメモリ。C の sizeof と同じ数え方(既定値 256 MiB:64 MB の配列が入る)";
    LimitsHelp => "Eager sends the data at once (any machine). The other engines are paper 000's MPI-EMX protocols: receive requests go to the sender too (both sides) or not (receiver only), and the data moves by sync, get or buffered. \"Compare with\" runs the program under a second engine as well and draws its timeline below, on the same time axis. MPI_Win_lock picks among paper 003's lock algorithms: mcs-rw (the paper's global MCS readers/writer lock), fompi, test-and-set, or li (a lock per target; lock_all locks every rank). The eager limit: a standard send larger than it completes only once a receive matched it (MPICH's 8251 bytes by default; paper 002's Open MPI over TCP used 65536). FCP and PVM route are paper 004's, for programs on folon: which FCP design carries messages over the VME bus, and whether PVM's messages go through both daemons (over UDP or FCP) or task to task. \"You are the network\": where messages from several ranks race to one rank, you pick which lands first, to make a race show itself. \"Every match\": each MPI_ANY_SOURCE receive waits until every rank waits and may then take any sender's message; Explore lists everything the program can do that way.",
        "eager はデータをすぐに送ります(どのマシンでも使えます)。ほかのエンジンは論文 000 の MPI-EMX のプロトコルです:受信要求を送信側にも送るか(both sides)送らないか(receiver only)、データを sync・get・buffered のどれで運ぶかを選びます。「比較対象」を選ぶと、2 つ目のエンジンでもプログラムを実行し、そのタイムラインを下に同じ時間軸で描きます。MPI_Win_lock では論文 003 のロックアルゴリズムを選びます:mcs-rw(論文の大域 MCS 読み書きロック)、fompi、test-and-set、li(ターゲットごとのロック。lock_all は全ランクをロック)。eager の上限:これより大きい標準送信は受信と一致してはじめて完了します(MPICH の既定値は 8251 バイト、論文 002 の TCP 上の Open MPI は 65536)。FCP と PVM の経路は論文 004 のもので、folon 上のプログラム用です:VME バスでメッセージを運ぶ FCP の設計と、PVM のメッセージが両側のデーモンを経由するか(UDP か FCP で)タスク間を直接通るかを選びます。「あなたがネットワーク」:複数のランクから 1 つのランクへメッセージが競合するところで、どれが先に着くかをあなたが選び、競合を目に見えるようにします。「すべてのマッチ」:各 MPI_ANY_SOURCE 受信は全ランクが待つまで保留され、その後はどの送信元のメッセージでも受け取れます。「探索」はそうして起こりうる結果をすべて一覧にします。";
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
        use crate::playground::views::View;
        for v in View::all() {
            // ACP is a name, the same in Japanese.
            if v != View::ACP {
                assert_ne!(Lang::Ja.tr(v.label()), v.label(), "the {v:?} tab");
            }
        }
        for (keys, what) in crate::playground::keys::KEYS_HELP {
            assert_ne!(Lang::Ja.tr(what), *what, "the help of {keys}");
        }
        for s in crate::playground::playback::SPEEDS {
            assert_ne!(Lang::Ja.tr(s.label()), s.label(), "the speed {s:?}");
        }
        for (_, label, _, title) in crate::playground::stride::JUMPS {
            assert_ne!(Lang::Ja.tr(label), *label, "the jump {label}");
            assert_ne!(Lang::Ja.tr(title), *title, "the jump's title {title}");
        }
        let hint = crate::playground::components::controls::ARGS_HINT;
        assert_ne!(Lang::Ja.tr(hint), hint, "the Arguments hint");
        assert_eq!(Lang::En.tr(hint), hint);
        assert_eq!(Lang::Ja.tr("not in the table"), "not in the table");
        assert_eq!(Lang::En.tr("Event log"), "Event log");
    }

    /// A lesson's Japanese names the page's controls as the Japanese page shows them: no
    /// 「Matching queues」 where the tab reads 「マッチングキュー」.
    #[test]
    fn lessons_name_tabs_and_buttons_in_japanese() {
        use crate::playground::views::View;
        let mut names: Vec<&str> = View::all()
            .map(|v| v.label())
            .filter(|l| Lang::Ja.tr(l) != *l)
            .collect();
        for k in [
            Text::Run,
            Text::Pause,
            Text::Step,
            Text::Back,
            Text::Reset,
            Text::ProtocolAndLimits,
            Text::YouAreTheNetwork,
            Text::Timeline,
            Text::Machine,
            Text::Console,
        ] {
            names.push(k.en());
        }
        for (path, text) in crate::lessons::LESSONS {
            for name in &names {
                assert!(
                    !text.contains(&format!("「{name}」")),
                    "{path} names 「{name}」: the page shows 「{}」",
                    Lang::Ja.tr(name)
                );
            }
        }
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
