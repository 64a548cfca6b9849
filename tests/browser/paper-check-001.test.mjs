// The "Paper check" view for paper 001, in a real headless Chromium: #paper=001 runs the paper's
// programs through the ACP layer in the page by itself — Table 2's runs (up to 2048 ranks),
// One_put_all on 2 to 16 processes (Table 3), the latency runs of Figs. 7–10 — and every number
// equals what the native CLI computes (`rankscope reproduce 001 --json`, written by
// scripts/check.sh to target/browser-expected/paper001.json). Open MPI's cells say they are not
// modelled. Screenshots: tests/screenshots/paper-check-001.png and -dark.png — look at them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expectedDir, loadApp, sameCells as sameTable, screenshotDir, useSite } from './harness.mjs';

const site = useSite(['/']);
const desktop = { viewport: { width: 1280, height: 900 } };

const status = (page, part) => page.getAttribute(`[data-testid="status-${part}"]`, 'data-status');

test('paper 001: Tables 2 and 3 and Figs. 7–10 computed in the page equal the CLI', async () => {
  const expected = JSON.parse(await readFile(join(expectedDir, 'paper001.json'), 'utf8'));
  const table = (prefix) => expected.tables.find((t) => t.title.startsWith(prefix));
  const table2 = table('Paper 001 Table 2:');
  const table3 = table('Paper 001 Table 3:');
  const figs = table('Paper 001 Figs. 7–10:');
  const { page, problems, close } = await loadApp(site, '/#paper=001', desktop);
  try {
    await page.waitForSelector('[data-testid="paper-check"][data-paper="001"]');
    const parts = ['table2', 'table3', 'fig7-10'];
    const t0 = Date.now();
    await page.waitForFunction(
      (ids) => ids.every((p) => document.querySelector(`[data-testid="status-${p}"]`)?.dataset.status === 'done'),
      parts,
      { timeout: 300000 },
    );
    console.log(`paper 001's parts computed in the page in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    for (const p of parts) assert.equal(await status(page, p), 'done');
    const rows2 = await sameTable(page, 'table2', table2);
    assert.match(rows2['queue pairs, 1 M ranks'].text, /160/);
    const rows3 = await sameTable(page, 'table3', table3);
    assert.match(rows3['Open MPI 1.10.1, whole process, 16 processes'].text, /not modelled/);
    assert.match(rows3["Open MPI 1.10.1's MPI_Put, 16 processes"].text, /osc\/pt2pt fragments 15000/);
    await sameTable(page, 'fig7-10', figs);
    // The charts: Table 2 by ranks and the four figures.
    for (const id of ['table2-by-ranks', 'fig7-9', 'fig8-10']) {
      assert.equal(await page.locator(`[data-testid="${id}-chart"] svg`).count(), 1, `${id} is drawn`);
    }
    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'paper-check-001.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshotDir, 'paper-check-001-dark.png'), fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
