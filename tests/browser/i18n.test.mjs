// The page in Japanese: choosing 日本語 in the header turns the header, the run bar's buttons and
// status, the setup's labels and the view tabs Japanese and sets <html lang="ja">; a reload keeps
// it; a share link carries it to a browser that never chose it; a lesson opens in it; English
// comes back the same way.
// Screenshots: tests/screenshots/i18n-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, seriousViolations, useSite } from './harness.mjs';

const site = useSite();
const desktop = { viewport: { width: 1280, height: 800 } };

const htmlLang = (page) => page.getAttribute('html', 'lang');
const text = (page, testid) => page.textContent(`[data-testid="${testid}"]`);

test('日本語 turns the page Japanese and sets <html lang>; a reload keeps it; English comes back', async () => {
  const session = await loadApp(site, '/', desktop);
  const { page, problems, close } = session;
  try {
    assert.equal(await htmlLang(page), 'en');
    assert.equal(await text(page, 'nav-playground'), 'Playground');
    assert.match(await text(page, 'run'), /^Run$/);

    await page.selectOption('[data-testid="ui-lang"]', 'ja');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    assert.equal(await text(page, 'nav-playground'), 'プレイグラウンド');
    assert.equal(await text(page, 'nav-lessons'), 'レッスン');
    assert.equal(await text(page, 'nav-reference'), 'リファレンス');
    assert.equal(await text(page, 'present'), '発表モード');
    assert.equal(await text(page, 'share'), '共有リンク');
    assert.equal(await text(page, 'run'), '実行');
    assert.equal(await text(page, 'step'), 'ステップ');
    assert.equal(await text(page, 'back'), '戻る');
    assert.equal(await text(page, 'reset'), 'リセット');
    assert.match(await page.textContent('.tagline'), /MPI のランク/);
    assert.match(await page.textContent('.controls'), /例題[\s\S]*マシン[\s\S]*ランク[\s\S]*引数/);
    assert.equal(await page.textContent('[data-testid="example-select"] option[value=""]'), '例題を開く…');
    assert.equal(await page.textContent('#editor-title'), 'プログラム');

    // A run: the status and the view tabs in Japanese too.
    await openExample(page, 'ring.c');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'イベントで終了' }).waitFor({ timeout: 120000 });
    assert.match(await text(page, 'run-status'), /^\d+ イベントで終了 · シミュレーション時刻 .* 上の 6 ランク$/);
    assert.equal(await text(page, 'tab-queues'), 'マッチングキュー');
    assert.equal(await text(page, 'tab-ranks'), 'ランクとコンソール');
    assert.equal(await text(page, 'tab-log'), 'イベントログ');
    assert.equal(await text(page, 'tab-machine'), 'マシン');
    await page.click('[data-testid="tab-machine"]');
    assert.match(await page.textContent('.params thead'), /パラメータ.*値.*根拠/);
    await page.click('[data-testid="tab-queues"]');
    assert.equal(await page.textContent('[data-testid="queue-view"] h2'), 'マッチングキュー');
    assert.match(await text(page, 'run-keys'), /キー: .*ステップ.*戻る.*再生 \/ 一時停止/);
    assert.match(await page.textContent('.timeline .tl-title'), /タイムライン/);
    assert.match(await page.textContent('.tl-legend'), /計算[\s\S]*ブロック中[\s\S]*メッセージ/);
    assert.equal(await page.textContent('[data-testid="speed-select"] option:checked'), '最速');
    await screenshot(page, 'i18n-ja');
    assert.deepEqual(await seriousViolations(page), [], 'axe-core on the Japanese page');

    // A reload keeps the language.
    await page.reload();
    await page.waitForSelector('[data-testid="app"][data-ready="true"]');
    assert.equal(await htmlLang(page), 'ja');
    assert.equal(await text(page, 'nav-playground'), 'プレイグラウンド');
    assert.equal(await page.inputValue('[data-testid="ui-lang"]'), 'ja');

    // Back to English, the same way.
    await page.selectOption('[data-testid="ui-lang"]', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    assert.equal(await text(page, 'nav-playground'), 'Playground');
    assert.equal(await text(page, 'run'), 'Run');
    await page.reload();
    await page.waitForSelector('[data-testid="app"][data-ready="true"]');
    assert.equal(await htmlLang(page), 'en');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a share link made in Japanese opens in Japanese in a browser that never chose it', async () => {
  const { page, problems, close } = await loadApp(site, '/', desktop);
  let link;
  try {
    await page.selectOption('[data-testid="ui-lang"]', 'ja');
    await openExample(page, 'ring.c');
    await page.click('[data-testid="share"]');
    await page.waitForFunction(() => location.hash.includes('s='));
    link = new URL(page.url()).hash;
    assert.match(link, /&lang=ja/);
    assert.equal(await text(page, 'copy-link'), 'コピー');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
  // A fresh context: nothing stored.
  const other = await loadApp(site, '/' + link, desktop);
  try {
    assert.equal(await htmlLang(other.page), 'ja');
    assert.equal(await text(other.page, 'run'), '実行');
    assert.match(await text(other.page, 'file-name'), /^ring\.c$/);
    assert.deepEqual(other.problems, []);
  } finally {
    await other.close();
  }
});

test('a lesson opens in the page language, and its own language buttons change the page', async () => {
  const { page, problems, close } = await loadApp(site, '/', { ...desktop, colorScheme: 'dark' });
  try {
    await page.selectOption('[data-testid="ui-lang"]', 'ja');
    await page.click('[data-testid="nav-lessons"]');
    await page.waitForSelector('[data-testid="lessons-page"]');
    assert.equal(await page.textContent('.lessons-page h2'), 'レッスン');
    assert.match(await page.textContent('.lesson-card[data-lesson="first-mpi"]'), /\d+ ステップ/);
    await page.click('[data-testid="open-lesson-first-mpi"]');
    const pane = page.locator('[data-testid="lesson-pane"]');
    await pane.waitFor();
    assert.equal(await pane.getAttribute('lang'), 'ja');
    assert.equal(await text(page, 'run'), '実行');
    await screenshot(page, 'i18n-ja-lesson-dark');
    // The pane's English button: the whole page follows.
    await page.click('[data-testid="lang-en"]');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    assert.equal(await pane.getAttribute('lang'), 'en');
    assert.equal(await text(page, 'run'), 'Run');
    assert.equal(await page.inputValue('[data-testid="ui-lang"]'), 'en');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
