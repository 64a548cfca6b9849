// The timeline (space-time diagram) in a real headless Chromium: it draws a finished run, explains
// the item under the pointer with core's sentence, zooms with its buttons and the keyboard, pans
// by dragging, and a click on an arrow (or on a time) moves the run there. Screenshots in light
// and dark go to tests/screenshots/ (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openExample, openPage, runExample, screenshot, screenshotDir, useSite } from './harness.mjs';

const site = useSite(['/']);

const CANVAS = '[data-testid="timeline-canvas"]';
const TOOLTIP = '[data-testid="timeline-tooltip"]';
const statusText = (page) => page.locator('[data-testid="run-status"]').textContent();

async function loadAndRun(options, file = 'pingpong_naive.c') {
  const session = await openPage(site.browser, options);
  const { page } = session;
  await page.goto(site.server.origin + '/');
  await page.waitForSelector('[data-testid="app"][data-ready="true"]', { timeout: 20000 });
  await runExample(page, file);
  // Drawn at least once after the run finished (each redraw sets these; a redraw may be
  // deferred while a run plays, so the status can say "finished" before the canvas does).
  await page.waitForFunction(
    (sel) => {
      const c = document.querySelector(sel);
      return c?.dataset.finished === '1' && Number(c.dataset.visibleArrows ?? 0) > 0;
    },
    CANVAS,
  );
  return session;
}

const view = (page) =>
  page.$eval(CANVAS, (c) => ({ start: Number(c.dataset.viewStart), end: Number(c.dataset.viewEnd) }));

/** Waits until the canvas has redrawn after `action` (its frame counter moved on). */
async function redrawn(page, action) {
  const before = await page.$eval(CANVAS, (c) => Number(c.dataset.frames));
  await action();
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel).dataset.frames) > n, [CANVAS, before]);
}

/** Pixels that differ from the canvas background, and how many distinct colours there are. */
const inked = (page) =>
  page.$eval(CANVAS, (c) => {
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const bg = data.slice(0, 4).join();
    let ink = 0;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
      const px = `${data[i]},${data[i + 1]},${data[i + 2]}`;
      if (`${px},${data[i + 3]}` !== bg) ink++;
      if (colours.size < 64) colours.add(px);
    }
    return { ink, colours: colours.size, width: c.width, height: c.height };
  });

async function sample(page) {
  const s = await page.$eval(CANVAS, (c) => c.dataset.arrowSample);
  assert.ok(s, 'a message arrow is in view');
  const [x, y] = s.split(',').map(Number);
  return { x, y };
}

async function panelShot(page, name) {
  await page.locator('[data-testid="timeline"]').screenshot({ path: join(screenshotDir, `${name}.png`) });
}

test('the timeline draws the run and explains what is under the pointer', async () => {
  const { page, problems, close } = await loadAndRun({ viewport: { width: 1280, height: 900 } });
  try {
    const pixels = await inked(page);
    assert.ok(pixels.ink > 2000, `the canvas is drawn (${pixels.ink} inked pixels)`);
    assert.ok(pixels.colours > 5, `spans, arrows and labels in several colours (${pixels.colours})`);
    assert.ok(Number(await page.$eval(CANVAS, (c) => c.dataset.drawnSpans)) > 0, 'spans are drawn');

    // Hover an arrow: the tooltip carries core's explanation of the send or the arrival.
    const { x, y } = await sample(page);
    await redrawn(page, () => page.hover(CANVAS, { position: { x, y } }));
    await page.locator(`${TOOLTIP}[data-show="1"]`).waitFor();
    const tip = await page.textContent(TOOLTIP);
    assert.match(tip, /rank \d+ sends \d+ B to rank \d+|message #\d+ from rank \d+ .* arrives at rank \d+/);
    assert.match(tip, /click to go to event \d+/);
    await page.locator('[data-testid="timeline"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'timeline-light');
    await panelShot(page, 'timeline-panel-light');

    // Leaving the canvas hides it.
    await redrawn(page, () => page.mouse.move(5, 5));
    assert.equal(await page.$eval(TOOLTIP, (t) => t.dataset.show), '0');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('zoom buttons, keyboard and drag change the visible time range', async () => {
  const { page, problems, close } = await loadAndRun({ viewport: { width: 1280, height: 900 } });
  try {
    const fitted = await view(page);
    assert.ok(fitted.end > fitted.start, `a window (${fitted.start}..${fitted.end})`);
    await redrawn(page, () => page.click('[data-testid="timeline-zoom-in"]'));
    const zin = await view(page);
    assert.ok(zin.end - zin.start < 0.6 * (fitted.end - fitted.start), 'zoom in narrows the range');
    await redrawn(page, () => page.click('[data-testid="timeline-zoom-out"]'));
    await redrawn(page, () => page.click('[data-testid="timeline-zoom-out"]'));
    const zout = await view(page);
    assert.ok(zout.end - zout.start > 1.5 * (zin.end - zin.start), 'zoom out widens it');
    await redrawn(page, () => page.click('[data-testid="timeline-fit"]'));
    assert.deepEqual(await view(page), fitted, 'fit shows the whole run again');

    // Keyboard: + zooms in, arrows pan, 0 fits.
    await page.focus(CANVAS);
    await redrawn(page, () => page.keyboard.press('+'));
    const k1 = await view(page);
    assert.ok(k1.end - k1.start < fitted.end - fitted.start);
    await redrawn(page, () => page.keyboard.press('ArrowRight'));
    const k2 = await view(page);
    assert.ok(k2.start > k1.start, 'ArrowRight pans later');
    await redrawn(page, () => page.keyboard.press('0'));
    assert.deepEqual(await view(page), fitted);

    // Wheel zooms at the pointer; drag pans; neither moves the run.
    await page.locator(CANVAS).scrollIntoViewIfNeeded();
    const box = await page.locator(CANVAS).boundingBox();
    const status = await statusText(page);
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await redrawn(page, () => page.mouse.wheel(0, -400));
    const w = await view(page);
    assert.ok(w.end - w.start < fitted.end - fitted.start, 'wheel up zooms in');
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + 40, { steps: 4 });
    await redrawn(page, () => page.mouse.up());
    const d = await view(page);
    assert.ok(d.start < w.start, `dragging right shows earlier times (${w.start} → ${d.start})`);
    assert.equal(await statusText(page), status, 'a drag is not a click');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('clicking an arrow or a time seeks the run; the known future is drawn faded', async () => {
  const { page, problems, close } = await loadAndRun({ viewport: { width: 1280, height: 900 } });
  try {
    const finished = await statusText(page);
    const future = () => page.$eval(CANVAS, (c) => Number(c.dataset.futureArrows));
    assert.equal(await future(), 0, 'a finished run has no future');
    const { x, y } = await sample(page);
    await page.hover(CANVAS, { position: { x, y } });
    await page.locator(`${TOOLTIP}[data-show="1"]`).waitFor();
    const target = Number((await page.textContent(TOOLTIP)).match(/go to event (\d+)/)[1]);
    await page.click(CANVAS, { position: { x, y } });
    await page.locator('[data-testid="run-status"]', { hasText: new RegExp(`paused at event ${target} ·`) }).waitFor();
    assert.notEqual(await statusText(page), finished);
    await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.futureArrows) > 0, CANVAS);

    // Clicking above the rows (on the axis) at a time goes to the last event at or before it.
    const box = await page.locator(CANVAS).boundingBox();
    await page.click(CANVAS, { position: { x: 64 + (box.width - 76) * 0.1, y: 8 } });
    await page.waitForFunction(
      (t) => !document.querySelector('[data-testid="run-status"]').textContent.includes(`paused at event ${t} `),
      target,
    );
    assert.match(await statusText(page), /paused at event \d+/);
    await page.mouse.move(5, 5);
    await page.locator('[data-testid="timeline"]').scrollIntoViewIfNeeded();
    await panelShot(page, 'timeline-panel-seek-light');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('dark theme: colours come from the dark palette', async () => {
  const { page, problems, close } = await loadAndRun(
    { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' },
    'collectives.c',
  );
  try {
    const bg = await page.$eval(CANVAS, (c) => [...c.getContext('2d').getImageData(2, 2, 1, 1).data]);
    assert.ok(bg[0] + bg[1] + bg[2] < 200, `dark background (${bg})`);
    const { x, y } = await sample(page);
    await page.hover(CANVAS, { position: { x, y } });
    await page.locator(`${TOOLTIP}[data-show="1"]`).waitFor();
    await page.locator('[data-testid="timeline"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'timeline-dark');
    await panelShot(page, 'timeline-panel-dark');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the view follows the cursor while the run moves, unless the user panned', async () => {
  const { page, problems, close } = await loadAndRun({ viewport: { width: 1280, height: 900 } });
  try {
    const cursorInView = () =>
      page.$eval(CANVAS, (c) => Number(c.dataset.viewStart) <= Number(c.dataset.now) && Number(c.dataset.now) <= Number(c.dataset.viewEnd));
    const nowAt = () => page.$eval(CANVAS, (c) => Number(c.dataset.now));
    // Back to the start, zoom in (around the cursor) with the buttons, then play to the end.
    await page.click('[data-testid="reset"]');
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.now === '0', CANVAS);
    for (let i = 0; i < 4; i++) await redrawn(page, () => page.click('[data-testid="timeline-zoom-in"]'));
    const zoomed = await view(page);
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await page.waitForFunction((sel) => {
      const c = document.querySelector(sel);
      return Number(c.dataset.viewStart) <= Number(c.dataset.now) && Number(c.dataset.now) <= Number(c.dataset.viewEnd);
    }, CANVAS);
    const followed = await view(page);
    assert.ok(followed.start > zoomed.start, 'the view scrolled with the cursor');
    assert.ok(Math.abs((followed.end - followed.start) - (zoomed.end - zoomed.start)) <= 1, 'at the same zoom');

    // A drag is a choice: going back to the start leaves the view where the user put it.
    await page.locator(CANVAS).scrollIntoViewIfNeeded();
    const box = await page.locator(CANVAS).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 30, box.y + 40, { steps: 3 });
    await redrawn(page, () => page.mouse.up());
    const panned = await view(page);
    await redrawn(page, () => page.click('[data-testid="reset"]'));
    assert.equal(await nowAt(), 0);
    assert.deepEqual(await view(page), panned);
    assert.equal(await cursorInView(), false, 'the cursor is off to the left');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

for (const colorScheme of ['light', 'dark']) {
  test(`the span kinds in colour-blind-safe colours, the MPI library's spans hatched (${colorScheme})`, async () => {
    const { page, problems, close } = await openPage(site.browser, { viewport: { width: 1280, height: 900 }, colorScheme });
    try {
      await page.goto(site.server.origin + '/');
      await page.waitForSelector('[data-testid="app"][data-ready="true"]');
      // EM-X under a request-based engine: every MPI call spends library time.
      await openExample(page, 'pingpong_naive.c');
      await page.selectOption('[data-testid="profile-select"]', 'emx');
      await page.click('.limits summary').catch(() => {});
      await page.selectOption('[data-testid="engine-select"]', 'both-sides:sync');
      await page.click('[data-testid="run"]');
      await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
      const canvas = page.locator(CANVAS);
      await canvas.scrollIntoViewIfNeeded();
      const box = await canvas.boundingBox();
      await page.mouse.move(box.x + box.width * 0.03, box.y + 40);
      for (let i = 0; i < 6; i++) await redrawn(page, () => page.mouse.wheel(0, -400));
      await page.mouse.move(5, 5);
      // Along rank 0's row, right of the compute span: the library colour and its stripes.
      const colours = await page.$eval(CANVAS, (c) => {
        const ctx = c.getContext('2d');
        const style = getComputedStyle(c);
        const y = Math.round((c.height / c.getBoundingClientRect().height) * 60);
        const { data } = ctx.getImageData(Math.round(c.width * 0.6), y, Math.round(c.width * 0.1), 1);
        const seen = new Set();
        for (let i = 0; i < data.length; i += 4) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
        return { seen: [...seen], library: style.getPropertyValue('--tl-library').trim() };
      });
      assert.ok(colours.seen.length >= 2, `stripes: ${colours.seen.join(' ')}`);
      await panelShot(page, `timeline-spans-${colorScheme}`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}
