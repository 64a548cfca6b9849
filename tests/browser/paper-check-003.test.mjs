// The "Paper check" view for paper 003, in a real headless Chromium: #paper=003 computes Fig. 8
// (MCS-RW shared lock + unlock on FX100) in the page, and its values at 4 and 64 processes equal
// what the native CLI computes (`rankscope reproduce 003 --json`, written by scripts/check.sh to
// target/browser-expected/paper003.json). "Run 65,536 processes" runs one round of 65,536
// processes in chunks; the page answers clicks throughout, and the test prints the wall time the
// run took in the page. Screenshot: tests/screenshots/paper-check-003.png (look at it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectedDir, loadApp, screenshot, useSite } from './harness.mjs';

const site = useSite(['/']);
const desktop = { viewport: { width: 1280, height: 900 } };

const status = (page, part) => page.getAttribute(`[data-testid="status-${part}"]`, 'data-status');

/** The shown Fig. 8 rows by label: raw simulated value and paper value. */
const fig8Rows = (page) =>
  page.$$eval('[data-testid="part-fig8"] tr[data-testid="cell"]', (trs) =>
    Object.fromEntries(trs.map((tr) => [tr.dataset.label, {
      simulated: tr.dataset.simulated === '' ? null : Number(tr.dataset.simulated),
      paper: tr.dataset.paper,
    }])));

test('paper 003: Fig. 8 in the page equals the CLI; 65,536 processes run while the page answers', async () => {
  const expected = JSON.parse(await readFile(join(expectedDir, 'paper003.json'), 'utf8'));
  const fig8 = expected.figures.find((f) => f.title.includes('Fig. 8:'));
  assert.ok(fig8, 'check.sh wrote paper003.json with Fig. 8');
  const cli = (n) => fig8.series[0].values[fig8.x.indexOf(n)];

  const { page, problems, close } = await loadApp(site, '/#paper=000', desktop);
  try {
    // The switch on paper 000's check leads to paper 003's.
    await page.click('[data-testid="switch-003"]');
    await page.waitForSelector('[data-testid="paper-check"][data-paper="003"]');
    assert.match(page.url(), /#paper=003$/);
    const intro = await page.textContent('.paper-intro');
    assert.ok(intro.includes('2.3 µs') && intro.includes('calibrated'), 'the intro says what is calibrated');
    assert.equal(await status(page, 'scale'), 'idle', 'the run at scale waits to be asked');

    // Fig. 8 computes by itself; 4 and 64 processes equal the CLI's values.
    const opened = performance.now();
    for (;;) {
      const rows = await fig8Rows(page);
      if (rows['4 processes']?.simulated != null && rows['64 processes']?.simulated != null) break;
      assert.ok(performance.now() - opened < 120000, 'Fig. 8 reaches 64 processes within two minutes');
      await page.waitForTimeout(100);
    }
    const rows = await fig8Rows(page);
    for (const n of [4, 64]) {
      const shown = rows[`${n} processes`].simulated;
      assert.ok(Math.abs(shown - cli(n)) <= 1e-9 * cli(n), `${n} processes: browser ${shown}, CLI ${cli(n)}`);
    }
    assert.equal(Number(rows['4 processes'].paper), 2.3);
    assert.equal(Number(rows['4096 processes'].paper), 2200);
    console.log(`Fig. 8 at 64 processes after ${((performance.now() - opened) / 1000).toFixed(1)} s: ${rows['64 processes'].simulated.toFixed(3)} µs per round`);
    assert.ok(await page.locator('[data-testid="fig8-chart"] svg').count() === 1, 'Fig. 8 is drawn');
    const dots = await page.locator('[data-testid="fig8-chart"] svg circle').count();
    assert.ok(dots >= 5 + 1, `the chart shows the finished points (${dots} circles)`);
    await page.click('[data-testid="action-fig8"]'); // stop Fig. 8: the run at scale alone
    await page.waitForSelector('[data-testid="status-fig8"][data-status="stopped"]');

    // 65,536 processes: the page answers a click within a fraction of a second all along.
    await page.click('[data-testid="action-scale"]');
    const started = performance.now();
    const roundTrips = [];
    while ((await status(page, 'scale')) !== 'done') {
      const t0 = performance.now();
      await page.click('.paper-intro h2'); // a real click, dispatched by the page's event loop
      roundTrips.push(performance.now() - t0);
      assert.ok(performance.now() - started < 300000, 'the 65,536-process round finishes within five minutes');
      await page.waitForTimeout(20);
    }
    const result = page.locator('[data-testid="scale-result"]');
    const simulatedUs = Number(await result.getAttribute('data-simulated-us'));
    const events = Number(await result.getAttribute('data-events'));
    const wallMs = Number(await result.getAttribute('data-wall-ms'));
    assert.ok(simulatedUs > 0 && events > 65536, `${simulatedUs} µs, ${events} events`);
    assert.ok(wallMs > 0, 'the page measured its wall time');
    const worst = Math.round(Math.max(...roundTrips));
    console.log(`65,536 processes, one shared lock + unlock: ${simulatedUs.toFixed(1)} µs simulated, ${events} events, ` +
      `${(wallMs / 1000).toFixed(2)} s of wall time in the page; ${roundTrips.length} click round trips, slowest ${worst} ms`);
    assert.ok(roundTrips.length >= 1, 'clicked during the run');
    assert.ok(worst < 1000, `a click took ${worst} ms to come back`);
    assert.equal(await page.textContent('[data-testid="scale-wall"]'), `${(wallMs / 1000).toFixed(2)} s`);

    await screenshot(page, 'paper-check-003');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
