// Issue 29 item 6: coarse stepping and a narrator line. On a ring of 4 ranks, "next message" and
// "next MPI call" reach rank 0's MPI_Send in a few presses (20 single events otherwise); Step and
// Back pass over bookkeeping (MPI_Init's computation, "rank n continues") unless "every event"
// is on, and Back mirrors Step; a caption always says what the current event did (core's
// sentence), announced to screen readers, in presentation mode too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, screenshot, useSite } from './harness.mjs';

const site = useSite();

const eventOf = async (page) =>
  Number((await page.textContent('[data-testid="run-status"]')).match(/event (\d+)/)[1]);
const caption = (page) => page.textContent('[data-testid="caption"]');

/** Clicks `selector` until the caption matches `re`; returns the number of clicks (≤ `max`). */
async function clicksUntil(page, selector, re, max) {
  for (let n = 1; n <= max; n++) {
    const before = await caption(page);
    await page.click(selector);
    await page.waitForFunction((b) => document.querySelector('[data-testid="caption"]').textContent !== b, before);
    if (re.test(await caption(page))) return n;
  }
  throw new Error(`${selector}: ${re} not reached in ${max} clicks; caption: ${await caption(page)}`);
}

test('next message and next MPI call reach rank 0\'s MPI_Send of a 4-rank ring in a few presses', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    const status = page.locator('[data-testid="run-status"]');
    assert.match(await page.inputValue('[data-testid="ranks-input"]'), /^4$/);
    await page.click('[data-testid="run"]');
    await status.filter({ hasText: 'finished after' }).waitFor();
    await page.click('[data-testid="reset"]');
    await status.filter({ hasText: 'paused at event 0' }).waitFor();
    const cap = page.locator('[data-testid="caption"]');
    assert.equal(await cap.getAttribute('aria-live'), 'polite');
    assert.match(await caption(page), /Before the first event/);

    const sends = /^Rank 0 sends 4 B to rank 1/;
    assert.equal(await clicksUntil(page, '[data-testid="jump-n"]', sends, 3), 1, 'next message: one press');
    const sendAt = await eventOf(page);
    assert.ok(sendAt >= 15, `rank 0's send is event ${sendAt}: many single events in`);
    await page.click('[data-testid="reset"]');
    await status.filter({ hasText: 'paused at event 0' }).waitFor();
    const calls = await clicksUntil(page, '[data-testid="jump-m"]', sends, 6);
    assert.ok(calls <= 4, `next MPI call: ${calls} presses`);
    assert.equal(await eventOf(page), sendAt);

    // The keys: N / M forward, with Shift back; the caption follows.
    await page.evaluate(() => document.activeElement?.blur());
    await page.click('[data-testid="reset"]');
    await status.filter({ hasText: 'paused at event 0' }).waitFor();
    await page.keyboard.press('n');
    await status.filter({ hasText: `paused at event ${sendAt} ` }).waitFor();
    assert.match(await caption(page), sends);
    await page.keyboard.press('n');
    await page.waitForFunction(() => /arrives at rank 1/.test(document.querySelector('[data-testid="caption"]').textContent));
    await page.keyboard.press('Shift+N');
    await status.filter({ hasText: `paused at event ${sendAt} ` }).waitFor();

    // Next event of the focused rank (rank 0 is in focus): its next action past bookkeeping.
    await page.click('[data-testid="jump-r"]');
    await page.waitForFunction((at) => !document.querySelector('[data-testid="run-status"]').textContent.includes(`event ${at} `), sendAt);
    assert.match(await caption(page), /^Rank 0/);
    assert.match(await page.textContent('[data-testid="jump-r"]'), /rank 0/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('Step passes over bookkeeping unless every event is on; Back mirrors Step', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    const status = page.locator('[data-testid="run-status"]');
    await page.click('[data-testid="step"]');
    await status.filter({ hasText: 'paused at event' }).waitFor();
    const first = await eventOf(page);
    assert.ok(first > 4, `the first Step passes MPI_Init and its bookkeeping: event ${first}`);
    assert.doesNotMatch(await caption(page), /continues|starts its program/);
    // Forward three times, back three times: the same stops in reverse.
    const stops = [first];
    for (let i = 0; i < 3; i++) {
      await page.click('[data-testid="step"]');
      await page.waitForFunction((at) => !document.querySelector('[data-testid="run-status"]').textContent.includes(`event ${at} `), stops.at(-1));
      stops.push(await eventOf(page));
      assert.doesNotMatch(await caption(page), /^Rank \d continues\.$/);
    }
    for (let i = stops.length - 2; i >= 0; i--) {
      await page.click('[data-testid="back"]');
      await status.filter({ hasText: `paused at event ${stops[i]} ` }).waitFor();
    }
    // Every event: one at a time, bookkeeping included.
    await page.check('[data-testid="every-event"]');
    await page.click('[data-testid="step"]');
    await status.filter({ hasText: `paused at event ${first + 1} ` }).waitFor();
    await page.click('[data-testid="back"]');
    await page.click('[data-testid="back"]');
    await status.filter({ hasText: `paused at event ${first - 1} ` }).waitFor();
    assert.match(await caption(page), /continues|computes|starts/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the caption is on screen in presentation mode at 1024×768', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1024, height: 768 }, colorScheme: 'dark' });
  try {
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('p');
    await page.waitForSelector('[data-present="true"]');
    await page.keyboard.press('m');
    await page.waitForFunction(() => /^Rank \d posts a receive/.test(document.querySelector('[data-testid="caption"]')?.textContent ?? ''));
    const b = await page.locator('[data-testid="caption"]').boundingBox();
    assert.ok(b && b.y >= 0 && b.y + b.height <= 768 && b.x >= 0 && b.x + b.width <= 1024, JSON.stringify(b));
    const px = await page.$eval('[data-testid="caption"]', (el) => parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom ?? 1));
    const code = await page.$eval('.code-overlay', (el) => parseFloat(getComputedStyle(el).fontSize));
    assert.ok(px >= 0.9 * code && px >= 15, `caption type ${px}px beside ${code}px code`);
    await screenshot(page, 'coarse-stepping-present-1024');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
