// Shared pieces of the browser tests: a static file server for the built dist/ (mounted at any
// sub-path, like an embedding site would), Debian's headless Chromium, and a page wrapper that
// records every console error, uncaught exception and failed request so a test can fail on them.
import { createServer } from 'node:http';
import { readFile, stat, mkdir } from 'node:fs/promises';
import { join, extname, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..', '..');
export const distDir = resolve(process.env.RANKSCOPE_DIST ?? join(repoRoot, 'dist'));
export const screenshotDir = join(repoRoot, 'tests', 'screenshots');
export const expectedDir = resolve(
  process.env.RANKSCOPE_EXPECTED ?? join(repoRoot, 'target', 'browser-expected'),
);
export const expectedPath = join(expectedDir, 'profiles.json');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** Serves `root` under every prefix in `mounts` (e.g. ['/', '/demo/rankscope/']) on a free port. */
export async function serveStatic(root, mounts) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const mount = mounts
      .filter((m) => path.startsWith(m) || path + '/' === m)
      .sort((a, b) => b.length - a.length)[0];
    if (!mount) return send(res, 404, 'text/plain', 'no such mount');
    if (path + '/' === mount) {
      res.writeHead(301, { Location: mount });
      return res.end();
    }
    let file = resolve(root, '.' + path.slice(mount.length - 1));
    if (!file.startsWith(root)) return send(res, 403, 'text/plain', 'forbidden');
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', body);
    } catch {
      send(res, 404, 'text/plain', 'not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

/** Launches Debian's Chromium headless with the flags this closed network needs. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * For a benchmark: the built site served at `/`, Debian's Chromium, and a 1280×900 page with the
 * app loaded. `close()` ends them.
 */
export async function benchPage() {
  const server = await serveStatic(distDir, ['/']);
  const browser = await launchChromium();
  const { page, problems } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(server.origin + '/');
  await page.waitForSelector('[data-testid="app"][data-ready="true"]', { timeout: 20000 });
  return { page, problems, close: async () => { await browser.close(); server.close(); } };
}

/**
 * For a benchmark: starts recording, in the page, every painted frame's time and every
 * main-thread long task's duration into `window.__bench` (`frames`, `longTasks`; also an empty
 * `latencies` for the caller's own probes) until `window.__bench.stop` is set.
 */
export async function watchFrames(page) {
  await page.evaluate(() => {
    window.__bench = { latencies: [], longTasks: [], frames: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longTasks.push(e.duration);
    }).observe({ entryTypes: ['longtask'] });
    const frame = (t) => {
      window.__bench.frames.push(t);
      if (!window.__bench.stop) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** The `p`th percentile of `xs` (nearest rank), for the benchmarks. */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** A duration in milliseconds as the benchmarks print it. */
export const ms = (x) => `${x.toFixed(1)} ms`;

/** A new page whose console errors, page errors and failed requests are collected in `problems`. */
export async function openPage(browser, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  // RANKSCOPE_CPU_SLOWDOWN=4 runs the page on a CPU four times slower (Chromium's own
  // throttling): timing races a slow CI machine meets show up here too.
  const slowdown = Number(process.env.RANKSCOPE_CPU_SLOWDOWN ?? 1);
  if (slowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  }
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught exception: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  return { page, problems, close: () => context.close() };
}

/** Saves a full-page screenshot under tests/screenshots/ (git-ignored) and returns its path. */
export async function screenshot(page, name) {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * For a test file: serves the built dist/ under `mounts` and launches Chromium before the tests,
 * closes both after. Returns `{ server, browser }`, filled in once the `before` hook has run.
 */
export function useSite(mounts = ['/']) {
  const site = {};
  before(async () => {
    await access(join(distDir, 'index.html')).catch(() => {
      throw new Error(`no built site at ${distDir}: run "trunk build --release" first (scripts/check.sh does)`);
    });
    site.server = await serveStatic(distDir, mounts);
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    site.server?.close();
  });
  return site;
}

/** Opens `path` of the site in a new page (or in `session`'s) and waits for the app to mount. */
export async function loadApp(site, path = '/', options = {}, session) {
  const s = session ?? (await openPage(site.browser, options));
  await s.page.goto(site.server.origin + path);
  await s.page.waitForSelector('[data-testid="app"][data-ready="true"]', { timeout: 20000 });
  return s;
}

/** Whether `box` lies inside a viewport of `height` pixels. */
export const inView = (box, height) => box !== null && box.y >= 0 && box.y + box.height <= height;

/**
 * As a student runs a program of their own: clicks into the editor, pastes `program`, clicks
 * Run, waits for the run to finish and shows the ranks' view (with the console).
 */
export async function runPastedProgram(page, program) {
  await page.click('[aria-label="MPI program source"]');
  await pasteProgram(page, program);
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
  await showView(page, 'ranks');
}

/**
 * Where the console draws `text` (its lines are text of one <pre>, not elements): the box of a
 * range over the text after scrolling it and the console into view, with `inside` saying whether
 * it lies inside the console's scroller; `null` if the console does not hold the text.
 */
export async function consoleLineBox(page, text) {
  return page.evaluate((text) => {
    const pre = document.querySelector('[data-testid="console"]');
    const scroller = pre.closest('.console');
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + text.length);
      range.startContainer.parentElement.scrollIntoView({ block: 'nearest' });
      scroller.scrollIntoView({ block: 'nearest' });
      // As a reader scrolls: the console until the line is inside it, then the page (or the
      // panel that scrolls) until the line is on screen — a plain line is text of the long <pre>,
      // which scrollIntoView cannot bring into view by itself.
      const line = () => range.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      if (line().bottom > box.bottom) scroller.scrollTop += line().bottom - box.bottom;
      if (line().top < box.top) scroller.scrollTop -= box.top - line().top;
      for (let el = scroller.parentElement; el; el = el.parentElement) {
        const over = line().bottom - Math.min(innerHeight, el === document.scrollingElement ? innerHeight : el.getBoundingClientRect().bottom);
        if (over > 0 && el.scrollHeight > el.clientHeight) el.scrollTop += over;
      }
      const r = range.getBoundingClientRect();
      const s = scroller.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, inside: r.top >= s.top && r.bottom <= s.bottom };
    }
    return null;
  }, text);
}

/** Picks `file` (e.g. `ring.c`, `errors/deadlock.c`) in the example picker. */
export async function openExample(page, file) {
  const value = await page.$eval(
    '[data-testid="example-select"]',
    (select, file) => [...select.options].find((o) => o.textContent === file)?.value,
    file,
  );
  if (value === undefined) throw new Error(`example ${file} is not in the picker`);
  await page.selectOption('[data-testid="example-select"]', value);
}

/** Opens example `file`, presses Run and waits until the run has finished. */
export async function runExample(page, file) {
  await openExample(page, file);
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
}

/** Shows view `id` (`queues`, `lock`, `ranks`, `log`, `machine`) beside the timeline. */
export async function showView(page, id) {
  await page.click(`[data-testid="tab-${id}"]`);
  await page.waitForSelector(`[data-testid="views"][data-current="${id}"]`);
}

/**
 * A valid MPI C program of exactly `lines` lines (at least 30): many small functions, then a
 * `main` that calls the last one and prints on rank 0. For the editor at scale.
 */
export function bigProgram(lines = 10000) {
  const head = ['/* A long program: the editor at scale. */', '#include <mpi.h>', '#include <stdio.h>', ''];
  const main = [
    'int main(int argc, char **argv)',
    '{',
    '    int rank;',
    '    MPI_Init(&argc, &argv);',
    '    MPI_Comm_rank(MPI_COMM_WORLD, &rank);',
    '    if (rank == 0) {',
    '        printf("%d\\n", work_0(3));',
    '    }',
    '    MPI_Finalize();',
    '    return 0;',
    '}',
  ];
  const body = [];
  for (let k = 0; head.length + body.length + 10 + main.length <= lines; k++) {
    body.push(
      `/* block ${k}: a sum with a "string" and 'c' */`,
      `static int work_${k}(int x)`,
      '{',
      '    int s = 0;',
      '    for (int i = 0; i < x; i++) {',
      `        s += i * ${k};`,
      '    }',
      '    return s;',
      '}',
      '',
    );
  }
  while (head.length + body.length + main.length < lines) body.push(`// filler ${body.length}`);
  return [...head, ...body, ...main].join('\n');
}

/**
 * Puts `text` into the editor at once, as a paste would (the textarea's value and one input
 * event), and waits for the gutter to show its line count.
 */
export async function pasteProgram(page, text) {
  await page.evaluate((text) => {
    const area = document.querySelector('[aria-label="MPI program source"]');
    area.focus();
    area.value = text;
    area.setSelectionRange(0, 0);
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
  const lines = text.split('\n').length;
  await page.waitForFunction(
    (lines) => document.querySelector('.editor .panel-head .muted')?.textContent.includes(`${lines} lines`),
    lines,
  );
}

/** The rows of a paper-check part as shown: label, paper, raw simulated value (null for none),
 * verdict, and each cell's text (`shown[4]` is the note). */
export const partRows = (page, part) =>
  page.$$eval(`[data-testid="part-${part}"] tr[data-testid="cell"]`, (trs) =>
    trs.map((tr) => ({
      label: tr.dataset.label,
      paper: Number(tr.dataset.paper),
      simulated: tr.dataset.simulated === '' ? null : Number(tr.dataset.simulated),
      verdict: tr.dataset.verdict,
      shown: [...tr.cells].map((td) => td.textContent.trim()),
    })));

/** A paper part's rows by label: the shown value, the paper's and the row's text. */
export const cellRows = (page, part) =>
  page.$$eval(`[data-testid="part-${part}"] tr[data-testid="cell"]`, (trs) =>
    Object.fromEntries(trs.map((tr) => [tr.dataset.label, {
      simulated: tr.dataset.simulated === '' ? null : Number(tr.dataset.simulated),
      paper: tr.dataset.paper,
      text: tr.textContent,
    }])));

/**
 * Asserts that part `part` shows exactly `table`'s cells (the CLI's JSON), each value equal to
 * the CLI's to 1e-9; returns the rows.
 */
export async function sameCells(page, part, table) {
  const rows = await cellRows(page, part);
  if (Object.keys(rows).length !== table.cells.length) {
    throw new Error(`${part}: ${Object.keys(rows).length} rows shown, ${table.cells.length} in the CLI's table`);
  }
  for (const c of table.cells) {
    const row = rows[c.label];
    if (!row) throw new Error(`${part}: no row "${c.label}"`);
    const what = `${part} ${c.label}`;
    if (c.simulated === null) {
      if (row.simulated !== null) throw new Error(`${what}: browser ${row.simulated}, CLI none`);
    } else if (row.simulated == null || Math.abs(row.simulated - c.simulated) > 1e-9 * Math.abs(c.simulated)) {
      throw new Error(`${what}: browser ${row.simulated}, CLI ${c.simulated}`);
    }
  }
  return rows;
}

/**
 * Runs axe-core (tests/node_modules/axe-core, injected into the page) on the page as it stands;
 * returns its serious and critical violations, each with up to five of its elements.
 */
export async function seriousViolations(page) {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  // eslint-disable-next-line no-undef
  const result = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`),
      more: Math.max(0, v.nodes.length - 5),
    }));
}
