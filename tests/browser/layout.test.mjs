// A layout where the story fits: at 1280×800 the code, the run controls, the timeline and the
// view that matters for the run (matching queues, the lock) are on screen together, and stepping
// never scrolls the page; the rest (ranks and console, event log, machine) is one tab away.
// Checked by bounding boxes. Screenshots: tests/screenshots/layout-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, useSite } from './harness.mjs';

const site = useSite();

/** The bounding box of the first element matching `selector`, or null. */
const box = (page, selector) => page.locator(selector).first().boundingBox();

/** Asserts that at least `min` px of `selector`'s height (or all of it) lie inside the viewport. */
async function assertOnScreen(page, selector, min = 120) {
  const b = await box(page, selector);
  assert.ok(b, `${selector} is rendered`);
  const { width, height } = page.viewportSize();
  const visible = Math.min(b.y + b.height, height) - Math.max(b.y, 0);
  assert.ok(b.x >= 0 && b.x + b.width <= width + 1, `${selector} fits across (${JSON.stringify(b)})`);
  assert.ok(visible >= Math.min(min, b.height), `${selector}: ${visible} px of it on screen (${JSON.stringify(b)})`);
}

/** Runs the open program to its end, back to event 0, then `steps` events forward. */
async function runAndStep(page, steps) {
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
  await page.click('[data-testid="reset"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
  for (let i = 0; i < steps; i++) await page.click('[data-testid="step"]');
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  test(`at ${viewport.width}×${viewport.height} the code, controls, timeline and queues fit and stepping never scrolls`, async () => {
    const { page, problems, close } = await loadApp(site, '/', { viewport });
    try {
      await openExample(page, 'ring.c');
      await runAndStep(page, 12);
      assert.equal(await page.getAttribute('[data-testid="views"]', 'data-current'), 'queues');
      await assertOnScreen(page, '.code');
      await assertOnScreen(page, '[data-testid="step"]');
      await assertOnScreen(page, '[data-testid="run-status"]', 10);
      await assertOnScreen(page, '[data-testid="timeline-canvas"]');
      await assertOnScreen(page, '.queues-panel');
      // The focused rank's line is marked inside the code box, on screen.
      await assertOnScreen(page, '[data-testid="line-mark-focused"]', 10);
      // Nothing below the fold: the page itself does not scroll, and steps do not move it.
      const overflow = await page.evaluate(() => document.scrollingElement.scrollHeight - innerHeight);
      assert.ok(overflow <= 0, `the page is ${overflow} px taller than the window`);
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      assert.equal(await page.evaluate(() => scrollY), 0);
      await screenshot(page, `layout-${viewport.width}`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

test('the rest is one tab away, and a lock program shows its lock view by itself', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    // Before a run: the machine.
    assert.equal(await page.getAttribute('[data-testid="views"]', 'data-current'), 'machine');
    await assertOnScreen(page, '[data-testid="machine-view"]');

    await openExample(page, 'ring.c');
    // A few steps (each passes over bookkeeping): every rank is still at a line of the program.
    await runAndStep(page, 4);
    const tabs = await page.$$eval('[data-testid="views"] [role="tab"]', (ts) => ts.map((t) => t.dataset.testid));
    assert.deepEqual(tabs, ['tab-queues', 'tab-ranks', 'tab-order', 'tab-log', 'tab-machine']);
    // The event log: one click, on screen, with the current event lit.
    await page.click('[data-testid="tab-log"]');
    assert.equal(await page.getAttribute('[data-testid="tab-log"]', 'aria-selected'), 'true');
    await assertOnScreen(page, '[data-testid="event-log"]', 60);
    assert.ok(await page.locator('.event-log li.current').count() > 0);
    assert.ok(!(await page.locator('.queues-panel').isVisible()), 'one view at a time');
    // The ranks and their console.
    await page.click('[data-testid="tab-ranks"]');
    await assertOnScreen(page, '[data-testid="ranks"]', 60);
    await page.click('[data-testid="focus-rank-2"]');
    assert.equal(await page.getAttribute('[data-testid="line-mark-focused"]', 'data-ranks').then((r) => r.split(',')[0]), '2');
    // The picked tab stays picked while stepping.
    await page.click('[data-testid="step"]');
    assert.equal(await page.getAttribute('[data-testid="views"]', 'data-current'), 'ranks');

    // A program that takes MPI_Win_lock: its lock view comes first, with no click (the run is new).
    await openExample(page, 'mcs_lock.c');
    assert.equal(await page.getAttribute('[data-testid="views"]', 'data-current'), 'machine');
    await runAndStep(page, 40);
    assert.equal(await page.getAttribute('[data-testid="views"]', 'data-current'), 'lock');
    await assertOnScreen(page, '[data-testid="lock-view"]');
    await assertOnScreen(page, '[data-testid="timeline-canvas"]');
    await screenshot(page, 'layout-lock');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
