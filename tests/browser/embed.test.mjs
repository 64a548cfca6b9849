// Embed for slides (an iframe at 960×640): code, run controls, timeline and the current view
// above the fold, the machine and engine named, a way out to the full page, and `&readonly`
// for a lecture: the program can be run and stepped but not edited.
// Screenshots: tests/screenshots/embed*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, useSite } from './harness.mjs';

const site = useSite(['/', '/slides/']);
const slide = { viewport: { width: 960, height: 640 } };

/** A share link (its `#…` part) for example `file`. */
async function linkFor(file) {
  const maker = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await openExample(maker.page, file);
    await maker.page.click('[data-testid="share"]');
    return new URL(await maker.page.inputValue('[data-testid="share-link"]')).hash;
  } finally {
    await maker.close();
  }
}

async function runAndStep(page, steps) {
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
  await page.click('[data-testid="reset"]');
  for (let i = 0; i < steps; i++) await page.click('[data-testid="step"]');
}

test('the embed at 960×640 shows code, timeline and the current view above the fold', async () => {
  const hash = await linkFor('pingpong_preposted.c');
  for (const path of [`/slides/${hash}&embed=1`, `/slides/?embed=1${hash}`]) {
    const { page, problems, close } = await loadApp(site, path, slide);
    try {
      await page.waitForSelector('[data-embed="true"]');
      assert.equal(await page.locator('.topbar').count(), 0, 'no header in the embed');
      assert.equal(await page.locator('.controls').count(), 0, 'no setup panel in the embed');
      assert.match(await page.textContent('[data-testid="run-label"]'),
        /pingpong_preposted\.c · 3 ranks on EM-X · eager engine|program\.c · \d+ ranks on [^·]+ · [\w:-]+ engine/);
      await runAndStep(page, 10);
      for (const selector of ['.code', '[data-testid="step"]', '[data-testid="timeline-canvas"]', '.queues-panel']) {
        const b = await page.locator(selector).first().boundingBox();
        assert.ok(b && b.y >= 0 && b.y + Math.min(b.height, 80) <= 640 && b.x + b.width <= 961,
          `${selector} above the fold: ${JSON.stringify(b)}`);
      }
      const full = await page.getAttribute('[data-testid="open-full"]', 'href');
      assert.match(full, /^\.\/#s=/);
      assert.doesNotMatch(full, /embed/);
      await screenshot(page, 'embed');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  }
});

test('a readonly embed runs and steps but does not take edits', async () => {
  const hash = await linkFor('ring.c');
  const { page, problems, close } = await loadApp(site, `/slides/${hash}&embed=1&readonly`, slide);
  try {
    await page.waitForSelector('[data-embed="true"]');
    // The program is shown, highlighted, with no text box to type into.
    assert.equal(await page.locator('textarea').count(), 0, 'no editable text');
    const code = page.locator('[aria-label="MPI program source (read only)"]');
    assert.match(await code.textContent(), /MPI_Send/);
    await code.click();
    await page.keyboard.type('oops');
    assert.doesNotMatch(await code.textContent(), /oops/);
    await page.evaluate(() => document.activeElement?.blur());
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await page.click('[data-testid="reset"]');
    await page.check('[data-testid="every-event"]');
    await page.evaluate(() => document.activeElement?.blur());
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 6' }).waitFor();
    assert.match(await page.textContent('[data-testid="run-label"]'), /ring\.c · 6 ranks on FOLON \(VME bus\) · eager engine/);
    await screenshot(page, 'embed-readonly');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
