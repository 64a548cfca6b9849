// The "Paper check" view for paper 003, in a real headless Chromium: #paper=003 computes Figs. 8,
// 9, 10 and 11–12 in the page by itself, and on request the lock-algorithm comparison and one
// round of 65,536 processes, all in chunks. Every number equals what the native CLI computes
// (`rankscope reproduce 003 --json`, written by scripts/check.sh to
// target/browser-expected/paper003.json). The page answers clicks throughout (durations on the
// monotonic clock, performance.now); the test prints how long each part computed in the page and
// the longest task the browser saw. Screenshots: tests/screenshots/paper-check-003.png (the whole
// page) and paper-check-003-figs.png / -figs-dark.png (Figs. 9–12) — look at them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expectedDir, loadApp, screenshot, screenshotDir, useSite } from './harness.mjs';

const site = useSite(['/']);
const desktop = { viewport: { width: 1280, height: 900 } };

const status = (page, part) => page.getAttribute(`[data-testid="status-${part}"]`, 'data-status');

/** The shown rows of a part by label: raw simulated value and paper value. */
const rowsOf = (page, part) =>
  page.$$eval(`[data-testid="part-${part}"] tr[data-testid="cell"]`, (trs) =>
    Object.fromEntries(trs.map((tr) => [tr.dataset.label, {
      simulated: tr.dataset.simulated === '' ? null : Number(tr.dataset.simulated),
      paper: tr.dataset.paper,
    }])));

/** `shown` equals the CLI's `cli` to 1e-9 relative (the same f64 printed two ways). */
function same(shown, cli, what) {
  assert.ok(shown != null && cli != null, `${what}: browser ${shown}, CLI ${cli}`);
  assert.ok(Math.abs(shown - cli) <= 1e-9 * Math.abs(cli), `${what}: browser ${shown}, CLI ${cli}`);
}

/** The paper value as the page prints it (NaN for "states none") equals the CLI's (null). */
function samePaper(shown, cli, what) {
  if (cli === null) assert.equal(shown, 'NaN', what);
  else assert.equal(Number(shown), cli, what);
}

/** Every cell of the CLI's table `table` is shown in `part` with the same values. */
async function sameTable(page, part, table) {
  const rows = await rowsOf(page, part);
  assert.equal(Object.keys(rows).length, table.cells.length, `${part}: ${Object.keys(rows)}`);
  for (const c of table.cells) {
    const row = rows[c.label];
    assert.ok(row, `${part}: no row "${c.label}" (shown: ${Object.keys(rows)})`);
    same(row.simulated, c.simulated, `${part} ${c.label}`);
    samePaper(row.paper, c.paper, `${part} ${c.label} paper`);
  }
}

/** Clicks the intro heading (a real click, dispatched by the page's event loop) until `done()`,
 * returning every click's round trip in ms. */
async function clickUntil(page, done, limitMs, what) {
  const started = performance.now();
  const roundTrips = [];
  while (!(await done())) {
    const t0 = performance.now();
    await page.click('.paper-intro h2');
    roundTrips.push(performance.now() - t0);
    assert.ok(performance.now() - started < limitMs, `${what} within ${limitMs / 1000} s`);
    await page.waitForTimeout(20);
  }
  return { roundTrips, ms: performance.now() - started };
}

/** The timings a part's section and status line carry. */
async function timings(page, part) {
  const section = page.locator(`[data-testid="part-${part}"]`);
  return {
    wallMs: Number(await section.getAttribute('data-wall-ms')),
    longestSliceMs: Number(await section.getAttribute('data-longest-slice-ms')),
    busyMs: Number(await page.getAttribute(`[data-testid="status-${part}"]`, 'data-busy-ms')),
  };
}

test('paper 003: Figs. 8–12 and the lock algorithms in the page equal the CLI while the page answers; 65,536 processes run', async () => {
  const expected = JSON.parse(await readFile(join(expectedDir, 'paper003.json'), 'utf8'));
  const figure = (prefix) => expected.figures.find((f) => f.title.startsWith(prefix));
  const table = (prefix) => expected.tables.find((t) => t.title.startsWith(prefix));
  const fig8 = figure('Paper 003 Fig. 8:');
  const byHops = figure('Paper 003 Fig. 10 (ppn 32)');
  const algorithms = figure('Lock algorithms compared');
  const fig9 = table('Paper 003 Fig. 9:');
  const fig10 = table('Paper 003 Fig. 10:');
  const fig1112 = table('Paper 003 Figs. 11–12:');
  for (const [name, x] of Object.entries({ fig8, byHops, algorithms, fig9, fig10, fig1112 })) {
    assert.ok(x, `check.sh wrote paper003.json with ${name}`);
  }

  const { page, problems, close } = await loadApp(site, '/#paper=000', desktop);
  try {
    // The longest task the browser runs while paper 003 computes (Chromium's Long Tasks API).
    await page.evaluate(() => {
      window.__longest = { ms: 0, count: 0 };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          window.__longest.ms = Math.max(window.__longest.ms, e.duration);
          window.__longest.count += 1;
        }
      }).observe({ type: 'longtask' });
    });
    // The switch on paper 000's check leads to paper 003's.
    await page.click('[data-testid="switch-003"]');
    await page.waitForSelector('[data-testid="paper-check"][data-paper="003"]');
    await page.evaluate(() => { window.__longest = { ms: 0, count: 0 }; });
    assert.match(page.url(), /#paper=003$/);
    const intro = await page.textContent('.paper-intro');
    assert.ok(intro.includes('2.3 µs') && intro.includes('calibrated'), 'the intro says what is calibrated');
    assert.equal(await status(page, 'scale'), 'idle', 'the run at scale waits to be asked');
    assert.equal(await status(page, 'algorithms'), 'idle', 'the algorithm comparison waits to be asked');

    // Figs. 8, 9, 10 and 11–12 compute by themselves; the page answers clicks all along.
    const auto = ['fig8', 'fig9', 'fig10', 'fig11-12'];
    const opened = await clickUntil(
      page,
      async () => (await Promise.all(auto.map((p) => status(page, p)))).every((s) => s === 'done'),
      300000,
      'Figs. 8–12 finish',
    );
    const worstOpen = Math.round(Math.max(...opened.roundTrips));
    console.log(`Figs. 8–12 computed in ${(opened.ms / 1000).toFixed(1)} s; ${opened.roundTrips.length} click round trips, slowest ${worstOpen} ms`);
    assert.ok(opened.roundTrips.length >= 1, 'clicked while they computed');
    assert.ok(worstOpen < 1000, `a click took ${worstOpen} ms to come back`);
    for (const part of auto) {
      const t = await timings(page, part);
      console.log(`  ${part}: ${(t.wallMs / 1000).toFixed(2)} s from start to finish, ${(t.busyMs / 1000).toFixed(2)} s computing, longest slice ${t.longestSliceMs.toFixed(1)} ms`);
      assert.ok(t.wallMs > 0 && t.busyMs >= 0, `${part} measured its time`);
    }

    // Fig. 8: every point equals the CLI's; the chart shows them.
    const rows8 = await rowsOf(page, 'fig8');
    for (const [i, n] of fig8.x.entries()) {
      same(rows8[`${n} processes`].simulated, fig8.series[0].values[i], `Fig. 8 at ${n}`);
    }
    assert.equal(Number(rows8['4 processes'].paper), 2.3);
    assert.equal(Number(rows8['4096 processes'].paper), 2200);
    assert.equal(await page.locator('[data-testid="fig8-chart"] svg').count(), 1, 'Fig. 8 is drawn');
    const dots = await page.locator('[data-testid="fig8-chart"] svg circle').count();
    assert.ok(dots >= 11 + 1, `the chart shows every point (${dots} circles)`);

    // Figs. 9, 10 (slowest and fastest totals) and 11–12: the CLI's tables, cell by cell.
    await sameTable(page, 'fig9', fig9);
    await sameTable(page, 'fig10', fig10);
    await sameTable(page, 'fig11-12', fig1112);

    // Fig. 10's chart: one line per ppn, each with as many ranks as it has processes, its
    // extremes the table's; the totals by hops are the CLI's.
    assert.equal(await page.locator('[data-testid="fig10-per-rank-chart"] svg').count(), 1, 'Fig. 10 is drawn');
    const lines = await page.$$eval('[data-testid="fig10-per-rank-chart"] svg polyline', (ps) =>
      ps.map((p) => p.getAttribute('stroke')));
    for (const ink of ['#010301', '#010302', '#010303']) {
      assert.ok(lines.includes(ink), `a line in ${ink} (${lines})`);
    }
    const spread = await page.$$eval('[data-testid="fig10-per-rank-numbers"] [data-testid="series"]', (dds) => dds.map((d) => ({
      label: d.dataset.label, ranks: Number(d.dataset.count), min: Number(d.dataset.min), max: Number(d.dataset.max),
    })));
    assert.deepEqual(spread.map((s) => s.ranks), [128, 1024, 4096]);
    const cell10 = (start) => fig10.cells.find((c) => c.label.startsWith(start)).simulated;
    same(spread[0].max, cell10('ppn 1 '), 'ppn 1 slowest');
    same(spread[1].max, cell10('ppn 8 '), 'ppn 8 slowest');
    same(spread[2].max, cell10('ppn 32 (4096'), 'ppn 32 slowest');
    same(spread[2].min, cell10('ppn 32, fastest'), 'ppn 32 fastest');
    const hops = await page.$$eval('[data-testid="fig10-hops-numbers"] [data-testid="series"] td', (tds) => tds.map((td) => td.textContent));
    assert.deepEqual(hops, byHops.series[0].values.map((v) => v.toFixed(4)));
    const longestAuto = await page.evaluate(() => window.__longest);
    const longTasks = (l) => (l.count === 0 ? 'no task over 50 ms' : `longest task ${Math.round(l.ms)} ms (${l.count} over 50 ms)`);
    console.log(`while Figs. 8–12 computed: ${longTasks(longestAuto)}`);

    await mkdir(screenshotDir, { recursive: true });

    // The lock algorithms, on request: every cell equals the CLI's curve point.
    await page.evaluate(() => { window.__longest = { ms: 0, count: 0 }; });
    await page.click('[data-testid="action-algorithms"]');
    const alg = await clickUntil(page, async () => (await status(page, 'algorithms')) === 'done', 300000, 'the algorithms finish');
    const rowsA = await rowsOf(page, 'algorithms');
    for (const s of algorithms.series) {
      for (const [i, n] of algorithms.x.entries()) {
        same(rowsA[`${s.label}, ${n} processes`]?.simulated, s.values[i], `${s.label} at ${n}`);
      }
    }
    const tA = await timings(page, 'algorithms');
    const worstAlg = Math.round(Math.max(...alg.roundTrips));
    const longestAlg = await page.evaluate(() => window.__longest);
    console.log(`lock algorithms: ${(tA.wallMs / 1000).toFixed(2)} s in the page, longest slice ${tA.longestSliceMs.toFixed(1)} ms, ` +
      `${longTasks(longestAlg)}; ${alg.roundTrips.length} click round trips, slowest ${worstAlg} ms`);
    assert.ok(worstAlg < 1000, `a click took ${worstAlg} ms to come back`);

    // Figs. 9–12 as they read, in light and dark.
    const figs = page.locator('main.paper-check');
    const box = () => page.evaluate(() => {
      const rect = (part) => document.querySelector(`[data-testid="part-${part}"]`).getBoundingClientRect();
      const top = rect('fig9').top + window.scrollY - 8;
      const bottom = rect('algorithms').bottom + window.scrollY + 8;
      return { x: 0, y: top, width: document.documentElement.clientWidth, height: bottom - top };
    });
    await page.screenshot({ path: join(screenshotDir, 'paper-check-003-figs.png'), fullPage: true, clip: await box() });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshotDir, 'paper-check-003-figs-dark.png'), fullPage: true, clip: await box() });
    await page.emulateMedia({ colorScheme: 'light' });
    assert.ok(await figs.count() === 1);

    // 65,536 processes: the page answers a click within a fraction of a second all along.
    await page.click('[data-testid="action-scale"]');
    const scale = await clickUntil(page, async () => (await status(page, 'scale')) === 'done', 300000, 'the 65,536-process round finishes');
    const result = page.locator('[data-testid="scale-result"]');
    const simulatedUs = Number(await result.getAttribute('data-simulated'));
    const events = Number(await result.getAttribute('data-events'));
    const wallMs = Number(await result.getAttribute('data-wall-ms'));
    assert.ok(simulatedUs > 0 && events > 65536, `${simulatedUs} µs, ${events} events`);
    assert.ok(wallMs > 0, 'the page measured its wall time');
    const worst = Math.round(Math.max(...scale.roundTrips));
    console.log(`65,536 processes, one shared lock + unlock: ${simulatedUs.toFixed(1)} µs simulated, ${events} events, ` +
      `${(wallMs / 1000).toFixed(2)} s of wall time in the page; ${scale.roundTrips.length} click round trips, slowest ${worst} ms`);
    assert.ok(scale.roundTrips.length >= 1, 'clicked during the run');
    assert.ok(worst < 1000, `a click took ${worst} ms to come back`);
    // The page shows the wall time in seconds to 2 decimals; the attribute holds whole ms (two
    // roundings of the same measurement, so they may differ in the last digit).
    const shownWall = await page.textContent('[data-testid="scale-wall"]');
    assert.match(shownWall, /^\d+\.\d\d s$/);
    assert.ok(Math.abs(parseFloat(shownWall) - wallMs / 1000) <= 0.0051, `${shownWall} vs ${wallMs} ms`);

    await screenshot(page, 'paper-check-003');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
