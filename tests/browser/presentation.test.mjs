// Presentation mode for a projector: one key (P) enters and leaves it (Esc leaves too), the type
// is large, only the code, the run controls, the timeline and the views (with their tabs) are shown, the
// clicker keys still step, and a share link made in it opens in it.
// Screenshots: tests/screenshots/presentation*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, useSite } from './harness.mjs';

const site = useSite();
const projector = { viewport: { width: 1280, height: 800 } };

const present = (page) => page.getAttribute('[data-testid="app"]', 'data-present');
const fontPx = (page, selector) =>
  page.$eval(selector, (el) => parseFloat(getComputedStyle(el).fontSize));

test('P presents the code, the timeline and the current view in large type; Esc leaves', async () => {
  const { page, problems, close } = await loadApp(site, '/', projector);
  try {
    await openExample(page, 'ring.c');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await page.click('[data-testid="reset"]');
    const normalCode = await fontPx(page, '.code textarea');
    await page.evaluate(() => document.activeElement?.blur());

    await page.keyboard.press('p');
    await page.waitForSelector('[data-present="true"]');
    assert.equal(await page.locator('.topbar').count(), 0, 'no header');
    assert.equal(await page.locator('.controls').count(), 0, 'no setup panel');
    assert.ok(await page.locator('[data-testid="views"] [role="tab"]').count() >= 3, 'the view tabs stay');
    assert.match(await page.textContent('[data-testid="run-label"]'), /ring\.c · 6 ranks on FOLON \(VME bus\) · eager engine/);
    const code = await fontPx(page, '.code textarea');
    assert.ok(code >= 18 && code > normalCode, `code type ${code}px (was ${normalCode}px)`);
    assert.ok((await fontPx(page, '[data-testid="run-status"]')) >= 16);

    // The clicker drives it: PageDown steps, and the marked line follows.
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="run-status"]').textContent.match(/paused at event (\d+)/)?.[1]) >= 12);
    for (const selector of ['.code', '[data-testid="timeline-canvas"]', '.queues-panel', '[data-testid="line-mark-focused"]']) {
      const b = await page.locator(selector).first().boundingBox();
      assert.ok(b && b.y >= 0 && b.y < 800 - 10, `${selector} on screen: ${JSON.stringify(b)}`);
    }
    assert.ok(await page.evaluate(() => document.scrollingElement.scrollHeight <= innerHeight));
    await screenshot(page, 'presentation');

    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-present="false"]');
    assert.equal(await page.locator('.topbar').count(), 1);
    // The header's button enters it too, and the bar's button leaves.
    await page.click('[data-testid="present"]');
    await page.waitForSelector('[data-present="true"]');
    await page.click('[data-testid="leave-present"]');
    await page.waitForSelector('[data-present="false"]');
    // Typing a P into the program is a P, not a mode switch.
    await page.click('.code textarea');
    await page.keyboard.press('End');
    await page.keyboard.type('p');
    assert.equal(await present(page), 'false');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a share link made in presentation mode opens in presentation mode', async () => {
  const maker = await loadApp(site, '/', projector);
  let link;
  try {
    await openExample(maker.page, 'mcs_lock.c');
    await maker.page.click('[data-testid="present"]');
    await maker.page.click('[data-testid="share"]');
    link = new URL(await maker.page.inputValue('[data-testid="share-link"]'));
    assert.match(link.hash, /&present$/);
    assert.deepEqual(maker.problems, []);
  } finally {
    await maker.close();
  }
  const { page, problems, close } = await loadApp(site, `/${link.hash}`, projector);
  try {
    await page.waitForSelector('[data-present="true"]');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    await page.click('[data-testid="reset"]');
    for (let i = 0; i < 40; i++) await page.click('[data-testid="step"]');
    assert.equal(await page.getAttribute('[data-testid="views"]', 'data-current'), 'lock');
    assert.match(await page.textContent('[data-testid="run-label"]'), /MPI_Win_lock: mcs-rw/);
    await screenshot(page, 'presentation-lock');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
