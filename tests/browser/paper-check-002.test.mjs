// The "Paper check" view for paper 002 in a real headless Chromium: #paper=002 computes Table 1,
// Table 3, Fig. 5 and Fig. 6 in the page by itself, and every cell it shows equals what the native
// CLI prints (`rankscope reproduce 002 --json`, written by scripts/check.sh to
// target/browser-expected/paper002.json): values, errors, verdicts and notes (the port drops).
// Screenshot: tests/screenshots/paper-check-002.png (look at it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectedDir, loadApp, partRows, screenshot, useSite } from './harness.mjs';

const site = useSite(['/']);
const desktop = { viewport: { width: 1280, height: 900 } };

/** The verdict core gives a cell (an equal value is exact, even where the paper's is 0). */
const verdictOf = (cell) => {
  if (cell.simulated === null) return 'no-value';
  const error = cell.simulated === cell.paper ? 0 : (cell.simulated - cell.paper) / cell.paper;
  return Math.abs(error) <= 0.10 ? 'close' : Math.abs(error) <= 0.25 ? 'near' : 'miss';
};

const compare = (shown, cells, what) => {
  assert.equal(shown.length, cells.length, `${what}: ${shown.length} rows, the CLI has ${cells.length}`);
  cells.forEach((cell, i) => {
    const row = shown[i];
    assert.equal(row.label, cell.label, `${what} row ${i}`);
    assert.equal(row.paper, cell.paper, `${what}: paper value of ${cell.label}`);
    if (cell.simulated === null) assert.equal(row.simulated, null, `${what}: ${cell.label}`);
    else assert.ok(Math.abs(row.simulated - cell.simulated) <= 1e-9 * Math.max(1, Math.abs(cell.simulated)),
      `${what}: ${cell.label}: browser ${row.simulated}, CLI ${cell.simulated}`);
    assert.equal(row.verdict, verdictOf(cell), `${what}: verdict of ${cell.label}`);
    assert.equal(row.shown[4], cell.note, `${what}: note of ${cell.label}`);
  });
};

test('paper 002: Tables 1 and 3, Figs. 5 and 6 computed in the page equal the CLI', async () => {
  const expected = JSON.parse(await readFile(join(expectedDir, 'paper002.json'), 'utf8'));
  const table = (n) => expected.tables.find((t) => t.title.includes(n));
  const figure = (n) => expected.figures.find((f) => f.title.includes(n));
  assert.ok(table('Table 1') && table('Table 3') && figure('Fig. 5') && figure('Fig. 6'), 'check.sh wrote paper002.json');

  const { page, problems, close } = await loadApp(site, '/', desktop);
  try {
    await page.click('[data-testid="nav-paper-002"]');
    await page.waitForSelector('[data-testid="paper-check"][data-paper="002"]');
    assert.match(page.url(), /#paper=002$/);
    for (const part of ['table1', 'table3', 'fig5', 'fig6']) {
      // Every part runs 1000 repetitions per cell (about 100 s in all here).
      await page.waitForSelector(`[data-testid="status-${part}"][data-status="done"]`, { timeout: 400000 });
    }
    compare(await partRows(page, 'table1'), table('Table 1').cells, 'Table 1');
    compare(await partRows(page, 'table3'), table('Table 3').cells, 'Table 3');
    compare(await partRows(page, 'fig5'), figure('Fig. 5').points.cells, 'Fig. 5 (stated values)');
    compare(await partRows(page, 'fig6'), figure('Fig. 6').points.cells, 'Fig. 6 (stated values)');
    // The shape the paper claims, as the page shows it: Ring's gather pays a timeout, with drops.
    const t3 = await partRows(page, 'table3');
    const gatherRing = t3.find((r) => r.label === 'gather, Ring');
    const gatherDelay = t3.find((r) => r.label.startsWith('gather, proposed'));
    assert.ok(gatherRing.simulated > gatherDelay.simulated + 150, `${gatherRing.simulated} vs ${gatherDelay.simulated}`);
    assert.match(gatherRing.shown[4], /port drops/);
    await screenshot(page, 'paper-check-002');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
