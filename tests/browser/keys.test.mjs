// A presenter's clicker drives the run: → / PageDown step, ← / PageUp step back, Space plays and
// pauses; the keys are listed under the scrubber, and keys typed in the editor stay the editor's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, useSite } from './harness.mjs';

const site = useSite();

test('PageDown/PageUp and the arrows step, Space plays and pauses, the editor keeps its keys', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    const status = page.locator('[data-testid="run-status"]');
    await page.click('[data-testid="run"]');
    await status.filter({ hasText: 'finished after' }).waitFor();
    await page.click('[data-testid="reset"]');
    await status.filter({ hasText: 'paused at event 0' }).waitFor();
    assert.match(await page.textContent('[data-testid="run-keys"]'), /PageDown step.*PageUp back.*Space play \/ pause/);
    // One event at a time (by default a step passes over bookkeeping: coarse-stepping.test.mjs).
    await page.check('[data-testid="every-event"]');

    // The focus is on the page (not on a button), as after a click on empty space.
    await page.click('h1, header', { position: { x: 2, y: 2 } }).catch(() => {});
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowRight');
    await status.filter({ hasText: 'paused at event 3' }).waitFor();
    await page.keyboard.press('PageUp');
    await status.filter({ hasText: 'paused at event 2' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await status.filter({ hasText: 'paused at event 1' }).waitFor();

    await page.keyboard.press(' ');
    await page.waitForSelector('[data-testid="pause"], [data-testid="run-status"]:has-text("finished after")');
    await page.keyboard.press(' ');
    await page.waitForSelector('[data-testid="run"]');

    // In the editor an arrow moves the caret, not the run.
    await page.click('[data-testid="reset"]');
    await status.filter({ hasText: 'paused at event 0' }).waitFor();
    await page.focus('[aria-label="MPI program source"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(200);
    assert.match(await status.textContent(), /paused at event 0/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
