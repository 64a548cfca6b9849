// Loading and long runs: the served index.html carries a loading screen (painted before any
// script, under the site's Content-Security-Policy), which stays while the wasm is on its way and
// goes away when the app mounts; the .wasm is also there precompressed (.gz, .br); a long run
// (stencil_fence.c on 256 ranks) shows a progress line with an estimate while it plays.
// Screenshot: tests/screenshots/loading-screen.png (look at it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { distDir, openExample, openPage, screenshot, useSite } from './harness.mjs';

const site = useSite(['/']);

test('the loading screen is in the served HTML, shows while the wasm loads, and leaves on mount', async () => {
  const html = await (await fetch(site.server.origin + '/')).text();
  assert.match(html, /<div id="loading" class="loading"[^>]*>/, 'the loading screen is in index.html');
  assert.match(html, /Loading the simulator/);

  const { page, problems, close } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
  try {
    // Hold the wasm back: what a slow connection shows for seconds.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route('**/*_bg.wasm', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(site.server.origin + '/', { waitUntil: 'domcontentloaded' });
    const loading = page.locator('[data-testid="loading"]');
    await loading.waitFor({ state: 'visible' });
    const box = await loading.boundingBox();
    assert.ok(box.width >= 1200 && box.height >= 700, `it covers the page (${box.width}×${box.height})`);
    assert.match(await loading.textContent(), /Rankscope.*Loading the simulator/s);
    // Styled by its own stylesheet: not the browser's default white page with black text.
    const bg = await loading.evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(bg, 'rgb(245, 246, 248)');
    assert.equal(await page.locator('[data-testid="app"]').count(), 0, 'the app has not mounted yet');
    await screenshot(page, 'loading-screen');

    release();
    await page.waitForSelector('[data-testid="app"][data-ready="true"]', { timeout: 30000 });
    assert.equal(await page.locator('#loading').count(), 0, 'the app removed the loading screen');
    assert.deepEqual(problems, [], 'no CSP violation or other error');
  } finally {
    await close();
  }
});

test('the wasm is written precompressed next to itself (.gz and .br)', async () => {
  const files = await readdir(distDir);
  const wasm = files.find((f) => f.endsWith('_bg.wasm'));
  assert.ok(wasm, 'a wasm in dist/');
  assert.ok(files.includes(`${wasm}.gz`), '.wasm.gz written');
  assert.ok(files.includes(`${wasm}.br`), '.wasm.br written');
  const raw = await readFile(join(distDir, wasm));
  const gz = await readFile(join(distDir, `${wasm}.gz`));
  assert.ok(gunzipSync(gz).equals(raw), 'the .gz holds the same bytes');
  // The name section was dropped and the integrity hash in index.html still matches the file.
  const { createHash } = await import('node:crypto');
  const sri = 'sha384-' + createHash('sha384').update(raw).digest('base64');
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  assert.ok(html.includes(sri), 'index.html carries the integrity hash of the file as served');
});

test('a long run (256 ranks) shows a progress line with an estimate while it plays', async () => {
  const { page, problems, close } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(site.server.origin + '/');
    await page.waitForSelector('[data-testid="app"][data-ready="true"]', { timeout: 20000 });
    await openExample(page, 'stencil_fence.c');
    await page.selectOption('[data-testid="profile-select"]', 'fx100');
    await page.fill('[data-testid="ranks-input"]', '256');
    await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
    await page.click('[data-testid="run"]');
    const progress = page.locator('[data-testid="run-progress"]');
    await progress.waitFor({ timeout: 30000 });
    // The line's own text (beside it, the Stop button).
    const text = await progress.evaluate((p) =>
      [...p.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join(''),
    );
    assert.match(
      text,
      /^[\d,]+ events in [\d.]+ s \([\d,]+\/s\) · \d+ of 256 ranks finished · [\d,]+ operations · simulated [\d.]+ \S+ · at most .* more \(the limit of [\d,]+ events\)$/,
    );
    assert.equal(await page.textContent('[data-testid="run-stop"]'), 'Stop');
    await page.click('[data-testid="pause"]');
    await progress.waitFor({ state: 'detached' });
    assert.match(await page.textContent('[data-testid="run-status"]'), /paused at event \d+/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a long run keeps the page painting: the progress line and the timeline move while it plays', async () => {
  const { page, problems, close } = await openPage(site.browser, { viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(site.server.origin + '/');
    await page.waitForSelector('[data-testid="app"][data-ready="true"]', { timeout: 20000 });
    await openExample(page, 'stencil_fence.c');
    await page.selectOption('[data-testid="profile-select"]', 'fx100');
    await page.fill('[data-testid="ranks-input"]', '256');
    await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
    await page.click('[data-testid="run"]');
    const progress = page.locator('[data-testid="run-progress"]');
    await progress.waitFor({ timeout: 30000 });
    const first = {
      text: await progress.textContent(),
      frames: Number(await page.getAttribute('[data-testid="timeline-canvas"]', 'data-frames')),
    };
    // While the run is still playing, the progress line has counted on and the timeline has
    // been redrawn since: the page was not frozen until the end of the run.
    await page.waitForFunction(
      (first) => {
        const p = document.querySelector('[data-testid="run-progress"]');
        const c = document.querySelector('[data-testid="timeline-canvas"]');
        const status = document.querySelector('[data-testid="run-status"]')?.textContent ?? '';
        return p && /running/.test(status) && p.textContent !== first.text && Number(c.dataset.frames) > first.frames + 1;
      },
      first,
      { timeout: 60000 },
    );
    assert.match(await page.textContent('[data-testid="run-status"]'), /running/);
    await page.click('[data-testid="pause"]');
    await progress.waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
