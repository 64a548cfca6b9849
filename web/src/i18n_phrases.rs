//! The page's longer and one-off phrases in Japanese, by their English: what `Lang::tr` and
//! `Lang::trf` look up when a component writes its English in place (`lang.tr("Save")`,
//! `lang.trf("Choice {0} · {1}", &[&n, &t])`). Tests: every phrase has Japanese with the same
//! `{n}` slots, and every `tr`/`trf` literal in the crate's source is here or in `Text`.

/// (English, Japanese).
pub const PHRASES: &[(&str, &str)] = &[
    ("from {0}", "ランク {0} から"),
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
    ("Show {0}", "{0} を表示"),
    ("New file's name", "新しいファイルの名前"),
    ("New name", "新しい名前"),
    ("Add", "追加"),
    ("util.c, util.h or input.txt", "util.c、util.h、input.txt など"),
    ("Add this file to the program, as the next run's starting file", "このファイルをプログラムに加え、次の実行の初期ファイルにする"),
    ("Keep as a file", "ファイルとして残す"),
    ("Download", "ダウンロード"),
    ("Add a .c file, a header or a data file the program opens", ".c ファイル、ヘッダ、プログラムが開くデータファイルを追加"),
    ("+ File", "+ ファイル"),
    ("Written by {0} in the last run ({1} bytes); read-only.", "前回の実行で {0} が書き出したファイル({1} バイト)。読み取り専用です。"),
    ("Files", "ファイル"),
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
    ("Wrap", "折り返し"),
    ("task to task over FCP", "タスクからタスクへ FCP で直接"),
    ("through the daemons, pvmd to pvmd over FCP", "デーモン経由、pvmd から pvmd へ FCP で"),
    ("through the daemons, pvmd to pvmd over UDP", "デーモン経由、pvmd から pvmd へ UDP で"),
    ("Wrap long lines to the box's width", "長い行を枠の幅で折り返す"),
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
    ("table read", "表の読み出し"),
    ("table flag", "表のフラグ"),
    ("data write", "データ書き込み"),
    ("data read", "データ読み出し"),
    ("fetch-and-add tail", "末尾の fetch-and-add"),
    ("command write", "コマンド書き込み"),
    ("old value write", "旧値の書き込み"),
    ("completion write", "完了の書き込み"),
    ("invalidate", "無効化"),
    ("acknowledge", "確認応答"),
    ("thread takes", "スレッドが取得"),
    ("local copy", "ローカルコピー"),
    ("copy of {0} bytes", "{0} バイトのコピー"),
    ("rank {0}'s command {1}: {2} from rank {3} to rank {4} (Fig. 5)", "ランク {0} のコマンド {1}: ランク {3} からランク {4} への {2}(図 5)"),
    ("complete: the issuer's handle is done", "完了: 発行元のハンドルが完了した"),
    ("{0} steps so far; it goes on", "これまで {0} ステップ。まだ続く"),
    ("papers", "論文"),
    ("Paper {0}: {1}", "論文 {0}: {1}"),
    ("← Back to the playground", "← プレイグラウンドに戻る"),
    ("No paper {0}: available {1}", "論文 {0} はありません。あるのは {1}"),
    ("There is no check for this paper here. The papers with a check:", "この論文の検証はここにはありません。検証のある論文:"),
    ("Paper check: {0} (paper {1})", "論文の検証: {0}(論文 {1})"),
    ("how errors are marked", "誤差の示し方"),
    ("within 10 %", "10 % 以内"),
    ("within 25 %", "25 % 以内"),
    ("miss: more than 25 % off", "外れ: 25 % を超える差"),
    ("— no value (the note says why) · … not computed yet", "— 値なし(理由は注記に) · … まだ計算していない"),
    ("Simulated events", "シミュレーションしたイベント数"),
    ("Wall time in this page", "このページでの実時間"),
    ("{0} events so far…", "これまで {0} イベント…"),
    (" · {0} of computing", " · 計算 {0}"),
    ("runs finished", "終わった実行"),
    ("{0} / {1} runs", "{0} / {1} 回の実行"),
    ("not started", "未開始"),
    ("computing", "計算中"),
    ("stopped", "停止中"),
    ("done", "完了"),
    ("Start", "開始"),
    ("Resume", "再開"),
    ("Stop", "停止"),
    ("within 10 % of the paper", "論文の値から 10 % 以内"),
    ("within 25 % of the paper", "論文の値から 25 % 以内"),
    ("a miss: more than 25 % off the paper", "外れ: 論文の値から 25 % を超える差"),
    ("the run gave no value (see the note)", "実行から値が得られなかった(注記を参照)"),
    ("simulated events so far", "これまでにシミュレーションしたイベント数"),
    ("running · {0} ev", "実行中 · {0} イベント"),
    ("the paper states no number here", "論文はここに数値を示していない"),
    ("no value", "値なし"),
    ("cell", "項目"),
    ("paper ({0})", "論文 ({0})"),
    ("simulated ({0})", "シミュレーション ({0})"),
    ("error", "誤差"),
    ("note", "注記"),
    ("Not computed yet.", "まだ計算していません。"),
    ("not computed yet", "まだ計算していない"),
    ("Every C and MPI function a program may call, with its signature and one line on how Rankscope models it: what costs time, what is eager, what needs the receiver's processor. It is generated from the tables the checker reads, so it lists exactly what compiles; ", "プログラムから呼べる C と MPI の関数すべてを、シグネチャと、Rankscope でのモデル化(何に時間がかかるか、何が eager か、何に受信側のプロセッサが要るか)の 1 行の説明とともに載せています。チェッカが読む表から生成しているので、コンパイルできるものがちょうど載っています。"),
    (" prints the same.", " も同じ内容を出力します。"),
    ("filter the reference", "リファレンスを絞り込む"),
    ("Filter: MPI_Send, eager, malloc, RAND_MAX…", "絞り込み: MPI_Send、eager、malloc、RAND_MAX…"),
    ("1 function", "1 関数"),
    ("{0} functions", "{0} 関数"),
    ("Nothing matches “{0}”.", "「{0}」に一致するものはありません。"),
    ("reference sections", "リファレンスの節"),
    ("link to this function", "この関数へのリンク"),
    ("Constants ({0})", "定数({0})"),
    ("Ring (Thakur et al., as paper 002 applies it)", "Ring(Thakur らの方式を論文 002 の使い方で)"),
    ("Proposed (Algorithm 1 + 2)", "提案手法(アルゴリズム 1 + 2)"),
    ("Proposed", "提案手法"),
    ("no message dropped", "メッセージの破棄なし"),
    ("port {0}: {1}", "ポート {0}: {1}"),
    ("{0} dropped, each sent again after the retransmission timeout ({1})", "{0} 件が破棄され、それぞれ再送タイムアウトのあとに再送({1})"),
    ("paper 002's Fig. 4 with this schedule as a table: MPI_Send_init in schedule order, MPI_Start or nanosleep(δ) slot by slot, MPI_Waitall", "このスケジュールを表にした論文 002 の図 4:スケジュール順の MPI_Send_init、スロットごとの MPI_Start か nanosleep(δ)、MPI_Waitall"),
    ("Open as a C program", "C プログラムとして開く"),
    (" — Fig. 4 in C, {0} ranks on ethernet-1g, δ = {1} µs as its argument; {2} MiB of receive buffers in all", " — C で書いた図 4。ethernet-1g 上の {0} ランク、引数は δ = {1} µs。受信バッファは合計 {2} MiB"),
    ("Pattern: {0} sends, density {1}{2}", "パターン: 送信 {0} 回、密度 {1}{2}"),
    (", regular", "、規則的"),
    (", irregular", "、不規則"),
    ("Pattern", "パターン"),
    ("your edge list", "自分で書いた辺のリスト"),
    ("PEs", "PE 数"),
    (" (2 to {0})", "(2〜{0})"),
    ("Edges: one “p q” per line (p sends once to q)", "辺: 1 行に「p q」を 1 つ(p が q へ 1 回送る)"),
    ("« Start", "« 最初"),
    ("before the first turn", "最初の手番の前"),
    ("◀ Back", "◀ 戻る"),
    ("one turn back", "1 手番戻る"),
    ("Step ▶", "ステップ ▶"),
    ("one more turn of Algorithm 1", "アルゴリズム 1 をもう 1 手番"),
    ("End »", "最後 »"),
    ("every turn", "すべての手番"),
    ("no prediction: the model assumes no conflicts", "予測なし: モデルは衝突がないことを前提にしている"),
    ("predicted makespan {0} (63 KiB on ethernet-1g, eqs. 13–16)", "予測メイクスパン {0}(ethernet-1g で 63 KiB、式 13〜16)"),
    ("Build: press Step to watch Algorithm 1 fill the first slot, one PE at a time in Algorithm 2's priority order.", "組み立て:「ステップ」を押すと、アルゴリズム 1 が最初のスロットを、アルゴリズム 2 の優先順に 1 PE ずつ埋める様子が見られます。"),
    ("Turn {0} of {1}. ", "手番 {0} / {1}。"),
    ("Still to go in this slot, in priority order (Q = choices that conflict with nothing taken): ", "このスロットの残り(優先順。Q = 既に取られたものと衝突しない選択肢の数): "),
    ("{0} / {1} turns", "{0} / {1} 手番"),
    ("Run on the switch", "スイッチ上で実行"),
    ("paper 002's Fig. 4 on the simulated Gigabit Ethernet cluster, {0} KiB per message", "シミュレーションした Gigabit Ethernet クラスタ上の論文 002 の図 4、メッセージあたり {0} KiB"),
    ("δ in µs", "δ(µs 単位)"),
    ("Run both", "両方を実行"),
    ("Press Run both: each PE posts its receives, starts its sends slot by slot and sleeps δ in a delay slot; a switch port whose buffer overflows drops the message, which is sent again after TCP's 200 ms timeout.", "「両方を実行」を押してください。各 PE は受信を出し、スロットごとに送信を始め、遅延スロットでは δ だけ眠ります。バッファがあふれたスイッチのポートはメッセージを破棄し、そのメッセージは TCP の 200 ms のタイムアウトのあとに再送されます。"),
    ("Schedules (paper 002)", "スケジュール(論文 002)"),
    ("Irregular many-to-many on one Ethernet switch: when two PEs send to one PE in the same slot, its switch port overflows and TCP waits out a 200 ms timeout. Ring (left) follows the all-to-all ring and moves later sends up into the gaps, so on a gather everyone sends to PE 0 at once; the proposed schedule (right) fills slot after slot, gives the PE with the fewest choices its turn first, and inserts a delay δ where every target it has left is taken. Lit cells are conflicts. The same from the command line: rankscope schedule --pattern gather -n 8 --steps.", "1 台の Ethernet スイッチ上の不規則な多対多通信:同じスロットで 2 つの PE が 1 つの PE へ送ると、そのスイッチポートがあふれ、TCP は 200 ms のタイムアウトを待ちます。Ring(左)は全対全のリングに従い、後の送信を空きへ繰り上げるので、gather では全員が同時に PE 0 へ送ってしまいます。提案手法(右)はスロットを順に埋め、選択肢の最も少ない PE に先に手番を与え、残りの宛先がすべて取られているところには遅延 δ を入れます。明るいセルが衝突です。コマンドラインでも同じことができます: rankscope schedule --pattern gather -n 8 --steps。"),
    ("See it run message by message in the ", "メッセージ 1 つずつの動きは "),
    ("Incast lesson", "Incast のレッスン"),
    (", and the paper's tables and figures recomputed in ", "で、論文の表と図の再計算は "),
    ("Paper 002's check", "論文 002 の検証"),
    (".", "で見られます。"),
    (" (deadlocked here)", "(ここでデッドロック)"),
    ("an <iframe> of this page in its embed layout, for slides and course pages", "このページを埋め込み用レイアウトで表示する <iframe>(スライドや授業ページ用)"),
    ("Copy embed snippet", "埋め込みコードをコピー"),
    ("Embed", "埋め込み"),
    ("play both runs on one clock, about 8 seconds from start to end", "両方の実行を同じ時計で再生(最初から最後まで約 8 秒)"),
    ("time in the run", "実行中の時刻"),
    ("Each row is one switch output port (the PE it leads to); a bar is a message passing through it, coloured by its sender; a red dot is a drop at a full buffer, its dashed line the wait for TCP's retransmission timeout. The columns above each timeline are the ports' buffers at the cursor.", "各行はスイッチの出力ポート 1 つ(つながる先の PE)で、帯はそこを通るメッセージ(送信元の色)です。赤い点はバッファが満杯のための破棄で、その破線は TCP の再送タイムアウトの待ちです。各タイムラインの上の列は、カーソル時点での各ポートのバッファです。"),
    ("❚❚ Pause", "❚❚ 一時停止"),
    ("▶ Play", "▶ 再生"),
    ("Machines", "マシン一覧"),
    ("delivered: pvm_recv has it", "配送済み: pvm_recv が受け取った"),
    ("on its way", "転送中"),
    ("Lesson", "レッスン"),
    ("finished at {0} ms", "{0} ms に終了"),
    ("running (finishes at {0} ms)", "実行中({0} ms に終了)"),
    ("{0} of {1} drops so far", "破棄 {1} 件中 {0} 件まで"),
    ("every port's buffer empty", "どのポートのバッファも空"),
    ("fullest: port {0}, {1} of {2} KiB", "最も満杯: ポート {0}、{2} KiB 中 {1} KiB"),
    ("port {0}", "ポート {0}"),
    ("{0} ports, {1} (top) to {2}", "{0} ポート、{1}(上)から {2} まで"),
    ("Each port's messages over time ({0}):", "各ポートのメッセージの時間変化({0}):"),
    ("Every message got through the first time.", "すべてのメッセージが 1 回で届きました。"),
    ("No drop yet.", "まだ破棄はありません。"),
    ("message {0}'s route so far", "メッセージ {0} のこれまでの経路"),
    ("PE {0} · 128 KB dual-port memory", "PE {0} · 128 KB デュアルポートメモリ"),
    ("buffer table (PE 0's memory, {0} words an entry)", "バッファ表(PE 0 のメモリ、1 エントリ {0} ワード)"),
    ("pvmd {0} holds {1} for pvmd {2} (awaiting an acknowledgement)", "pvmd {0} が pvmd {2} 宛ての {1} を保持(確認応答待ち)"),
    // "Every match" (playground/components/explore_panel.rs, controls.rs).
    ("finished", "正常終了"),
    ("deadlock · blocked for ever: rank {0}", "デッドロック · 永久に待つランク: {0}"),
    ("failed: rank {0}: {1}", "失敗: ランク {0}: {1}"),
    ("failed: {0}", "失敗: {0}"),
    ("1 run", "1 回の実行"),
    ("{0} runs", "{0} 回の実行"),
    ("Run it again with these choices: {0}", "この選択で再実行する: {0}"),
    ("the first sender at every choice", "どの選択でも最初の送信元"),
    ("Shown", "表示中"),
    ("Replay", "再実行"),
    ("1 distinct outcome", "異なる結果 1 通り"),
    ("{0} distinct outcomes", "異なる結果 {0} 通り"),
    ("every choice explored", "すべての選択を探索済み"),
    ("the page's budget of {0} runs ended with {1} orders not run", "ページの上限 {0} 回に達し、{1} 通りの順序は未実行"),
    ("1 goes wrong", "1 通りが誤り"),
    ("{0} go wrong", "{0} 通りが誤り"),
    ("{0} — the receive takes it", "{0} — 受信はこれを受け取る"),
    ("{0} — press to take it instead", "{0} — 押すと代わりにこれを受け取る"),
    ("Match {0} · {1}", "マッチ {0} · {1}"),
    ("rank {0}'s receive ({1}) takes:", "ランク {0} の受信({1})が受け取るもの:"),
    ("No wildcard receive has had a choice of senders yet: step on.", "まだ送信元を選べるワイルドカード受信はありません。先へ進めてください。"),
    ("No wildcard receive had a choice of senders in this run.", "この実行では送信元を選べるワイルドカード受信はありませんでした。"),
    ("Explore runs the program once for every match MPI allows and lists what can come out.", "「探索」は MPI が許すマッチごとにプログラムを 1 回ずつ実行し、起こりうる結果を一覧にします。"),
    ("Every match", "すべてのマッチ"),
    (" · held until every rank waits", " · 全ランクが待つまで保留"),
    ("Each MPI_ANY_SOURCE receive waits until every rank waits, then may take any sender's message, whatever the machine's timing.", "各 MPI_ANY_SOURCE 受信は全ランクが待つまで保留され、その後はマシンのタイミングに関係なく、どの送信元のメッセージでも受け取れます。"),
    ("Run the program for every match MPI allows", "MPI が許すすべてのマッチについてプログラムを実行する"),
    ("Explore", "探索"),
    ("outcome {0}: {1}", "結果 {0}: {1}"),
    ("rank {0} takes rank {1}'s", "ランク {0} がランク {1} のものを受け取る"),
    ("not run", "未実行"),
    ("Run these choices and stand at this one", "ここまでの選択で実行し、この選択の位置で止める"),
    ("Tree of choices", "選択の木"),
    ("Answer the question first: exploring would show the answer", "先に質問に答えてください。探索すると答えが見えてしまいます"),
    ("Let receives match in the machine's order again", "受信のマッチをマシンの順序に戻す"),
    ("Let the machine decide", "マシンに任せる"),
    ("Hold each MPI_ANY_SOURCE receive until every rank waits, then explore every sender's message it could take", "各 MPI_ANY_SOURCE 受信を全ランクが待つまで保留し、受け取りうるすべての送信元のメッセージを探索する"),
    ("Causality", "因果順序"),
    ("Happens-before order", "因果順序(happens-before)"),
    ("communicator (context {0})", "コミュニケータ(コンテキスト {0})"),
    ("rank {0} sends to rank {1} ({2}) at {3}", "ランク {0} がランク {1} に送信する({2})、時刻 {3}"),
    (" with MPI_ANY_SOURCE", "(MPI_ANY_SOURCE で)"),
    ("rank {0} takes rank {1}'s message ({2}){3} at {4}", "ランク {0} がランク {1} のメッセージ({2})を受け取る{3}、時刻 {4}"),
    ("(its other end)", "(もう一方の端)"),
    ("rank {0}'s", "ランク {0} のもの"),
    ("No other send could have matched it: every other matching send was taken before it or happens after it.", "ほかにマッチしえた送信はありません。マッチするほかの送信は、どれもこれより前に受け取られたか、これより後に起こります。"),
    ("Under another order it could have taken {0} other send(s):", "別の順序なら、ほかに {0} 件の送信を受け取れました:"),
    ("{0} sends and receives placed by causality, not by time: an event is right of everything that happens before it. {1} wildcard receives, {2} of them could have matched another send (dashed).", "{0} 件の送信と受信を、時刻ではなく因果関係で並べています。イベントは、それより前に起こるすべてのものの右にあります。ワイルドカード受信は {1} 件、そのうち {2} 件はほかの送信ともマッチしえました(破線)。"),
    ("Only the first {0} events are drawn.", "最初の {0} 件のイベントだけを描いています。"),
    ("Ranks 0 to {0} are drawn; pick a rank to see another.", "ランク 0 から {0} までを描いています。ほかのランクはランクを選んで表示します。"),
    ("Rank", "ランク"),
    ("and the ranks it talked to", "と、そのランクがやり取りしたランク"),
    ("Communicator", "コミュニケータ"),
    ("all", "すべて"),
    ("Tag", "タグ"),
    ("any", "任意"),
    ("could have matched", "マッチしえた送信"),
    ("No message has been sent yet (or this engine records no sends: paper 000's request-based engines).", "まだメッセージは送られていません(または、このエンジンは送信を記録しません: 論文 000 の要求ベースのエンジン)。"),
    ("● send · ○ receive · ◆ receive with MPI_ANY_SOURCE · solid: the message it took · dashed: a send it could have taken · faded: not reached yet", "● 送信 · ○ 受信 · ◆ MPI_ANY_SOURCE の受信 · 実線: 受け取ったメッセージ · 破線: 受け取りえた送信 · 薄い: まだ到達していない"),
];

#[cfg(test)]
mod tests {
    use super::PHRASES;
    use crate::i18n::{Lang, Text};

    fn slots(s: &str) -> Vec<usize> {
        (0..10)
            .filter(|i| s.contains(&format!("{{{i}}}")))
            .collect()
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
