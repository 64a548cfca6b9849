// The "Paper check" view for paper 004, in a real headless Chromium: #paper=004 runs the paper's
// ping-pongs through the VCL/FCP layer on the simulated FOLON in the page by itself — Table 2's
// latencies and throughputs, PVM's Table 3, Table 5's loads and stores — and every number equals what the
// native CLI computes (`rankscope reproduce 004 --json`, written by scripts/check.sh to
// target/browser-expected/paper004.json). Screenshots: tests/screenshots/paper-check-004.png and
// -dark.png — look at them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expectedDir, loadApp, sameCells as sameTable, screenshotDir, useSite } from './harness.mjs';

const site = useSite(['/']);
const desktop = { viewport: { width: 1280, height: 900 } };

const status = (page, part) => page.getAttribute(`[data-testid="status-${part}"]`, 'data-status');

test('paper 004: Tables 2, 3, 4 and 5 computed in the page equal the CLI', async () => {
  const expected = JSON.parse(await readFile(join(expectedDir, 'paper004.json'), 'utf8'));
  const table = (prefix) => expected.tables.find((t) => t.title.startsWith(prefix));
  const { page, problems, close } = await loadApp(site, '/#paper=004', desktop);
  try {
    await page.waitForSelector('[data-testid="paper-check"][data-paper="004"]');
    const parts = ['table2', 'table3', 'table4', 'table5'];
    const t0 = Date.now();
    await page.waitForFunction(
      (ids) => ids.every((p) => document.querySelector(`[data-testid="status-${p}"]`)?.dataset.status === 'done'),
      parts,
      { timeout: 120000 },
    );
    console.log(`paper 004's parts computed in the page in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const rows2 = await sameTable(page, 'table2', table('Paper 004 Table 2:'));
    assert.match(rows2['FCP, latency (µs)'].text, /per message: exclusion/);
    assert.match(rows2['Ethernet (UDP), latency (µs)'].text, /1 packet per message, 1 on the wire/);
    const rows3 = await sameTable(page, 'table3', table('Paper 004 Table 3:'));
    assert.match(rows3['PVM over VME (FCP), latency (µs)'].text, /pvmd's acknowledgement/);
    await sameTable(page, 'table4', table('Paper 004 Table 4:'));
    const rows5 = await sameTable(page, 'table5', table('Paper 004 Table 5:'));
    assert.match(rows5['FCP, send'].text, /12 loads \+ 11 stores/);
    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'paper-check-004.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(screenshotDir, 'paper-check-004-dark.png'), fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
