// Issue 29 item 1: the clicker never dies. After a mouse click on Run, Step, Reset, a lesson's
// Next or its Answer field, the clicker's PageDown/PageUp (and the arrows, outside a field) still
// move the run or the lesson; digits typed into the Answer field stay the field's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, useSite } from './harness.mjs';

const site = useSite();
const desktop = { viewport: { width: 1280, height: 800 } };

const eventOf = async (page) => {
  const text = await page.textContent('[data-testid="run-status"]');
  const m = text.match(/(?:paused at|after) event?s? ?(\d+)|after (\d+) events/);
  return Number(m[1] ?? m[2]);
};
const lessonStep = (page) => page.getAttribute('[data-testid="lesson-pane"]', 'data-step');

/** Presses `key` and waits until the run's event number is no longer `before`. */
async function pressMoves(page, key, before) {
  await page.keyboard.press(key);
  await page.waitForFunction(
    (before) => !document.querySelector('[data-testid="run-status"]').textContent.includes(`event ${before} `)
      && !document.querySelector('[data-testid="run-status"]').textContent.includes(`after ${before} events`),
    before,
    { timeout: 5000 },
  );
  return eventOf(page);
}

test('after a click on Run, Step or Reset, PageDown/ArrowRight/PageUp still move the run', async () => {
  const { page, problems, close } = await loadApp(site, '/', desktop);
  try {
    const status = page.locator('[data-testid="run-status"]');
    await page.click('[data-testid="run"]');
    await status.filter({ hasText: 'finished after' }).waitFor();
    // Run has the focus (the mouse clicked it): the clicker steps back from the end.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'run');
    const end = await eventOf(page);
    const back = await pressMoves(page, 'PageUp', end);
    assert.ok(back < end, `PageUp after Run: ${back} < ${end}`);

    await page.click('[data-testid="reset"]');
    await status.filter({ hasText: 'paused at event 0' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'reset');
    const a = await pressMoves(page, 'PageDown', 0);
    assert.ok(a > 0);
    const b = await pressMoves(page, 'ArrowRight', a);
    assert.ok(b > a, `ArrowRight after Reset: ${b} > ${a}`);
    const c = await pressMoves(page, 'PageUp', b);
    assert.equal(c, a, 'PageUp comes back to where PageDown was');

    await page.click('[data-testid="step"]');
    await page.waitForFunction((a) => !document.querySelector('[data-testid="run-status"]').textContent.includes(`event ${a} `), a);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'step');
    const d = await eventOf(page);
    const e = await pressMoves(page, 'PageDown', d);
    assert.ok(e > d, `PageDown after Step: ${e} > ${d}`);
    const f = await pressMoves(page, 'ArrowRight', e);
    assert.ok(f > e);
    const g = await pressMoves(page, 'PageUp', f);
    assert.equal(g, e);

    // A focused button keeps Space: it presses the button (Step), it does not play the run.
    await page.focus('[data-testid="step"]');
    await page.keyboard.press(' ');
    await page.waitForFunction((g) => !document.querySelector('[data-testid="run-status"]').textContent.includes(`event ${g} `), g);
    assert.match(await status.textContent(), /paused at event/);

    // The editor keeps every key.
    const h = await eventOf(page);
    await page.focus('[aria-label="MPI program source"]');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
    assert.equal(await eventOf(page), h);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('after a click on Next or into the Answer field, the clicker turns the lesson\'s pages', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=first-mpi&step=3', desktop);
  try {
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]')?.dataset.step === '3');
    // Next with the mouse: the focus stays on the button, PageDown and PageUp still turn pages.
    await page.click('[data-testid="next-step"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '4');
    await page.keyboard.press('PageUp');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '3');
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '4');
    // The arrows step the run after a click on Next (this step stands at the run's end).
    const at = await eventOf(page);
    const moved = await pressMoves(page, 'ArrowLeft', at);
    assert.ok(moved < at);
    assert.equal(await pressMoves(page, 'ArrowRight', moved), at);

    // Step 4 asks for a number: a click into the Answer field, digits go into it, the arrows
    // move its caret (not the run), and the clicker still turns the page.
    await page.click('[data-testid="prediction-input"]');
    await page.keyboard.type('12');
    assert.equal(await page.inputValue('[data-testid="prediction-input"]'), '12');
    const still = await eventOf(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('3');
    assert.equal(await page.inputValue('[data-testid="prediction-input"]'), '132', 'ArrowLeft moved the caret');
    await page.waitForTimeout(150);
    assert.equal(await eventOf(page), still, 'the arrows in the field did not step the run');
    assert.equal(await lessonStep(page), '4');
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '5');
    await page.keyboard.press('PageUp');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '4');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
