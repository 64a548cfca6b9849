// The "Paper check" view for paper 000, in a real headless Chromium: it opens from the header and
// by URL (#paper=000), computes Table 1 and Fig. 10 in the page by itself, and every value it shows
// equals what the native CLI prints (`rankscope reproduce 000 --json`, written by scripts/check.sh
// to target/browser-expected/paper000.json). Fig. 10 is an SVG chart with 7 curves; Table 3 starts
// on request, makes progress, stops and resumes; the page answers input throughout.
// Screenshots: tests/screenshots/paper-check-light.png and -dark.png (look at them). An id the
// registry lacks says so and links the papers there are (paper-check-unknown-light/-dark.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectedDir, loadApp, partRows, screenshot, useSite } from './harness.mjs';

const site = useSite(['/']);
const desktop = { viewport: { width: 1280, height: 900 } };

const status = (page, part) => page.getAttribute(`[data-testid="status-${part}"]`, 'data-status');
const progress = async (page, part) => {
  const el = page.locator(`[data-testid="status-${part}"]`);
  return {
    done: Number(await el.getAttribute('data-done')),
    total: Number(await el.getAttribute('data-total')),
    busyMs: Number(await el.getAttribute('data-busy-ms')),
  };
};

/** Watches the main thread from inside the page: long tasks and gaps between painted frames. */
const watchMainThread = (page) =>
  page.evaluate(() => {
    window.__watch = { longTasks: [], frames: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__watch.longTasks.push(e.duration);
    }).observe({ entryTypes: ['longtask'] });
    const frame = (t) => {
      window.__watch.frames.push(t);
      if (!window.__watch.stop) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

const sameValue = (shown, expected, what) => {
  assert.ok(shown !== null, `${what}: no value shown (expected ${expected})`);
  assert.ok(Math.abs(shown - expected) <= 1e-9 * Math.max(1, Math.abs(expected)),
    `${what}: browser ${shown}, CLI ${expected}`);
};

/** Checks the shown rows against the CLI's cells, label by label. */
const compareWithCli = (shown, cells, what) => {
  assert.equal(shown.length, cells.length, `${what}: ${shown.length} rows, the CLI has ${cells.length}`);
  cells.forEach((cell, i) => {
    const row = shown[i];
    assert.equal(row.label, cell.label, `${what} row ${i}`);
    assert.equal(row.paper, cell.paper, `${what}: paper value of ${cell.label}`);
    if (cell.simulated === null) {
      assert.equal(row.simulated, null, `${what}: ${cell.label} has no value natively`);
      assert.equal(row.verdict, 'no-value');
      return;
    }
    sameValue(row.simulated, cell.simulated, `${what}: ${cell.label}`);
    assert.equal(row.shown[2], cell.simulated.toFixed(2), `${what}: ${cell.label} as shown`);
    const error = (cell.simulated - cell.paper) / cell.paper;
    const percent = `${error < 0 ? '−' : '+'}${Math.abs(error * 100).toFixed(1)} %`;
    assert.equal(row.shown[3], percent, `${what}: error of ${cell.label}`);
    const verdict = Math.abs(error) <= 0.10 ? 'close' : Math.abs(error) <= 0.25 ? 'near' : 'miss';
    assert.equal(row.verdict, verdict, `${what}: verdict of ${cell.label}`);
    assert.equal(row.shown[4], cell.note, `${what}: note of ${cell.label}`);
  });
};

test('paper 000: Table 1 and Fig. 10 computed in the page equal the CLI, Table 3 runs on request', async () => {
  const expected = JSON.parse(await readFile(join(expectedDir, 'paper000.json'), 'utf8'));
  const table1 = expected.tables.find((t) => t.title.includes('Table 1'));
  const fig10 = expected.figures[0];
  assert.ok(table1 && fig10, 'check.sh wrote paper000.json');

  // Reached from the header.
  const { page, problems, close } = await loadApp(site, '/', desktop);
  try {
    await watchMainThread(page);
    // Every value Fig. 10's progress takes, as the page renders it (polling could miss them all
    // now that a chunk finishes many runs).
    await page.evaluate(() => {
      window.__fig10 = [];
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="status-fig10"]');
        if (el) window.__fig10.push([Number(el.dataset.done), Number(el.dataset.total)]);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-done'] });
    });
    const opened = performance.now();
    await page.click('[data-testid="nav-paper-000"]');
    await page.waitForSelector('[data-testid="paper-check"][data-paper="000"]');
    assert.match(page.url(), /#paper=000$/);
    assert.equal(await page.getAttribute('[data-testid="nav-paper-000"]', 'aria-current'), 'page');
    assert.equal(await page.getAttribute('[data-testid="nav-paper-003"]', 'aria-current'), null);
    const intro = await page.textContent('.paper-intro');
    for (const calibrated of ['15.3 µs', '31.4 MB/s', '3.66 MFlops']) assert.ok(intro.includes(calibrated), calibrated);
    assert.equal(await status(page, 'table3'), 'idle', 'Table 3 waits to be asked');

    // Table 1 and Fig. 10 start by themselves; while they compute, the page answers at once.
    const roundTrips = [];
    const done = { table1: null, fig10: null };
    let sawPartial = false;
    for (;;) {
      const t0 = performance.now();
      await page.evaluate(() => document.title);
      roundTrips.push(performance.now() - t0);
      for (const part of Object.keys(done)) {
        if (done[part] === null && (await status(page, part)) === 'done') done[part] = performance.now() - opened;
      }
      if (done.table1 !== null && done.fig10 !== null) break;
      assert.ok(performance.now() - opened < 240000, 'Table 1 and Fig. 10 finish within four minutes');
      await page.waitForTimeout(50);
    }
    const seen = await page.evaluate(() => window.__fig10);
    sawPartial = seen.some(([d, t]) => d > 0 && d < t);
    console.log(`Fig. 10's progress as rendered: ${[...new Set(seen.map(([d]) => d))].join(', ')} of ${seen.at(-1)?.[1]}`);
    assert.ok(sawPartial, 'cells fill in as runs finish');
    const t1 = await progress(page, 'table1');
    const f10 = await progress(page, 'fig10');
    assert.deepEqual([t1.done, t1.total, f10.done, f10.total], [14, 14, 72, 72]);
    console.log(`Table 1: done ${(done.table1 / 1000).toFixed(1)} s after opening, ${(t1.busyMs / 1000).toFixed(2)} s of computing`);
    console.log(`Fig. 10: done ${(done.fig10 / 1000).toFixed(1)} s after opening, ${(f10.busyMs / 1000).toFixed(2)} s of computing`);

    // Every value equals the CLI's.
    compareWithCli(await partRows(page, 'table1'), table1.cells, 'Table 1');
    compareWithCli(await partRows(page, 'fig10'), fig10.points.cells, 'Fig. 10 (stated values)');
    const series = await page.$$eval('[data-testid="series"]', (trs) =>
      trs.map((tr) => ({ label: tr.dataset.label, values: [...tr.cells].slice(1).map((td) => td.textContent) })));
    assert.deepEqual(series.map((s) => s.label), fig10.series.map((s) => s.label));
    fig10.series.forEach((s, i) => assert.deepEqual(series[i].values, s.values.map((v) => v.toFixed(2)), s.label));

    // The chart: an SVG with the 7 curves (12 points each), themed colours, legend and axis labels.
    const chart = await page.$eval('[data-testid="fig10-chart"] svg', (svg) => {
      const curves = [];
      for (let n = 1; n <= 8; n++) {
        const colour = `#0103${String(n).padStart(2, '0')}`;
        const lines = [...svg.querySelectorAll(`polyline[stroke="${colour}"]`)];
        if (lines.length === 0) continue;
        curves.push({
          points: Math.max(...lines.map((l) => l.getAttribute('points').trim().split(/\s+/).length)),
          drawn: getComputedStyle(lines[0]).stroke,
        });
      }
      return { curves, text: svg.textContent, width: svg.getBoundingClientRect().width };
    });
    assert.equal(chart.curves.length, 7, '6 engines and the raw remote write');
    for (const c of chart.curves) {
      assert.equal(c.points, 12, 'a point per message size');
      assert.notEqual(c.drawn, 'rgb(1, 3, 1)', 'the theme colours the curves');
    }
    for (const s of fig10.series) assert.ok(chart.text.includes(s.label), `legend: ${s.label}`);
    assert.ok(chart.text.includes('throughput (MB/s)') && chart.text.includes('message size'), 'axis labels');
    assert.ok(chart.width > 600, `the chart is wide enough to read (${chart.width} px)`);

    // While Table 1 and Fig. 10 computed, no task held the page for long.
    const phase1 = await page.evaluate(() => {
      const w = window.__watch;
      const tasks = w.longTasks.splice(0);
      return { longest: Math.max(0, ...tasks), count: tasks.length };
    });
    console.log(`while Table 1 and Fig. 10 computed: script round trip max ${Math.max(...roundTrips).toFixed(0)} ms, ` +
      `${phase1.count} long tasks (longest ${phase1.longest.toFixed(0)} ms)`);
    assert.ok(Math.max(...roundTrips) < 500, `a script waited ${Math.max(...roundTrips)} ms for the page`);
    assert.ok(phase1.longest < 300, `a task blocked the page for ${phase1.longest} ms`);

    // Table 3 starts on request and makes progress; it stops and resumes at once.
    await page.click('[data-testid="action-table3"]');
    await page.waitForSelector('[data-testid="status-table3"][data-status="running"]');
    await page.waitForSelector('[data-testid="part-table3"] tr.running');
    const eventsShown = () => page.textContent('[data-testid="part-table3"] tr.running td:nth-child(3)')
      .then((t) => Number(/([\d]+) ev/.exec(t)?.[1] ?? 0));
    const first = await eventsShown();
    await page.waitForFunction((n) => {
      const cell = document.querySelector('[data-testid="part-table3"] tr.running td:nth-child(3)');
      const events = Number(/(\d+) ev/.exec(cell?.textContent ?? '')?.[1] ?? 0);
      const status = document.querySelector('[data-testid="status-table3"]');
      return events > n || Number(status.dataset.done) > 0;
    }, first, { timeout: 60000 });
    const t0 = performance.now();
    await page.click('[data-testid="action-table3"]');
    await page.waitForSelector('[data-testid="status-table3"][data-status="stopped"]');
    const stopMs = performance.now() - t0;
    assert.ok(stopMs < 1000, `Stop answered in ${stopMs} ms`);
    const stopped = await progress(page, 'table3');
    await page.waitForTimeout(300);
    assert.equal((await progress(page, 'table3')).busyMs, stopped.busyMs, 'stopped means stopped');
    await page.click('[data-testid="action-table3"]');
    await page.waitForFunction((busy) =>
      Number(document.querySelector('[data-testid="status-table3"]').dataset.busyMs) > busy + 200,
    stopped.busyMs, { timeout: 60000 });
    // Let it get through its first runs, if it can within a while (for the measured time per run).
    const t3start = performance.now();
    await page.waitForFunction(() =>
      Number(document.querySelector('[data-testid="status-table3"]').dataset.done) >= 2,
    null, { timeout: 120000 }).catch(() => {});
    const t3 = await progress(page, 'table3');
    console.log(`Table 3: ${t3.done} / ${t3.total} runs after ${(t3.busyMs / 1000).toFixed(1)} s of computing` +
      (t3.done > 0 ? ` (${(t3.busyMs / t3.done / 1000).toFixed(1)} s per run)` : '') +
      `; waited ${((performance.now() - t3start) / 1000).toFixed(0)} s`);
    const shown3 = await partRows(page, 'table3');
    const cli3 = expected.tables.find((t) => t.title.includes('Table 3'));
    shown3.filter((r) => r.simulated !== null).forEach((r) => {
      const cell = cli3.cells.find((c) => c.label === r.label);
      sameValue(r.simulated, cell.simulated, `Table 3: ${r.label}`);
    });

    // Table 3's runs each begin with a stretch core cannot split (every rank fills its rows of
    // the matrix before its first MPI call); the page still answers well within a second.
    const watch = await page.evaluate(() => { window.__watch.stop = true; return window.__watch; });
    const gaps = watch.frames.slice(1).map((t, i) => t - watch.frames[i]);
    const longest = Math.max(0, ...watch.longTasks);
    console.log(`while Table 3 computed: ${watch.longTasks.length} long tasks (longest ${longest.toFixed(0)} ms); ` +
      `longest frame gap over the whole test ${Math.max(...gaps).toFixed(0)} ms`);
    assert.ok(longest < 1000, `a task blocked the page for ${longest} ms`);

    await page.click('[data-testid="action-table3"]'); // stop, for a still screenshot
    await page.waitForSelector('[data-testid="status-table3"][data-status="stopped"]');
    await screenshot(page, 'paper-check-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    const bg = await page.$eval('body', (b) => getComputedStyle(b).backgroundColor);
    assert.match(bg, /^rgb\((\d+), (\d+), (\d+)\)$/);
    assert.ok(bg.match(/\d+/g).map(Number).reduce((a, b) => a + b) < 200, `dark background (${bg})`);
    const inkDark = await page.$eval('[data-testid="fig10-chart"] svg text', (t) => getComputedStyle(t).fill);
    assert.ok(inkDark.match(/\d+/g).map(Number).reduce((a, b) => a + b) > 500, `light text on dark (${inkDark})`);
    await screenshot(page, 'paper-check-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Back to the playground and here again: the results are kept, not recomputed.
    await page.click('[data-testid="back-to-playground"]');
    await page.waitForSelector('[aria-label="MPI program source"]');
    assert.equal(await page.locator('[data-testid="paper-check"]').count(), 0);
    await page.goBack();
    await page.waitForSelector('[data-testid="paper-check"]');
    assert.equal(await status(page, 'table1'), 'done');
    // Kept, not recomputed: Table 3 is where it was or further (it goes on computing meanwhile).
    const doneAgain = await progress(page, 'table3').then((p) => p.done);
    assert.ok(doneAgain >= t3.done, `Table 3 had ${t3.done} runs done, now ${doneAgain}`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the paper check opens from its URL; an unknown paper says so; share links still open', async () => {
  const { page, problems, close } = await loadApp(site, '/#paper=000', desktop);
  try {
    await page.waitForSelector('[data-testid="paper-check"][data-paper="000"]');
    await page.waitForSelector('[data-testid="status-table1"][data-status="running"], [data-testid="status-table1"][data-status="done"]');
    assert.equal(await page.locator('[data-testid="link-error"]').count(), 0, 'not taken for a damaged share link');
    await page.goto(site.server.origin + '/#paper=999');
    await page.waitForSelector('[data-testid="unknown-paper"]');
    assert.match(await page.textContent('[data-testid="paper-check"]'), /No paper 999: available 000, 001, 002, 003, 004/);
    await page.click('[data-testid="nav-playground"]');
    await page.waitForSelector('[aria-label="MPI program source"]');
    // A share link made in the playground still opens the playground with its program.
    await page.click('[data-testid="share"]');
    const link = page.url();
    assert.match(link, /#s=/);
    const other = await loadApp(site, '/' + link.slice(link.indexOf('#')), desktop);
    try {
      await other.page.waitForSelector('[aria-label="MPI program source"]');
      assert.equal(await other.page.locator('[data-testid="paper-check"]').count(), 0);
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('an unknown #paper= id says so, links the papers there are, and shows no paper', async () => {
  const { page, problems, close } = await loadApp(site, '/#paper=007', desktop);
  try {
    await page.waitForSelector('[data-testid="unknown-paper"]');
    const text = await page.textContent('[data-testid="unknown-paper"]');
    assert.match(text, /No paper 007: available 000, 001, 002, 003, 004/);
    assert.equal(await page.locator('[data-testid^="part-"]').count(), 0, 'no paper\'s parts are shown');
    assert.equal(await page.locator('[data-testid="paper-check"]').getAttribute('data-unknown'), 'true');
    const links = await page.$$eval('[data-testid="unknown-paper"] a[data-testid^="switch-"]',
      (as) => as.map((a) => [a.dataset.testid, a.getAttribute('href'), a.getAttribute('aria-current')]));
    assert.deepEqual(links, [['switch-000', '#paper=000', null], ['switch-001', '#paper=001', null], ['switch-002', '#paper=002', null], ['switch-003', '#paper=003', null], ['switch-004', '#paper=004', null]]);
    for (const id of ['000', '001', '002', '003', '004']) {
      assert.equal(await page.getAttribute(`[data-testid="nav-paper-${id}"]`, 'aria-current'), null);
    }
    await screenshot(page, 'paper-check-unknown-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'paper-check-unknown-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // Its links open that paper's check.
    await page.click('[data-testid="switch-003"]');
    await page.waitForSelector('[data-testid="paper-check"][data-paper="003"]');
    assert.equal(await page.locator('[data-testid="unknown-paper"]').count(), 0);
    assert.equal(await page.getAttribute('[data-testid="nav-paper-003"]', 'aria-current'), 'page');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
