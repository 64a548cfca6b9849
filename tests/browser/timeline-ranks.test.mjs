// The timeline of a 64-rank run, as a lecturer reads it: type a rank filter ("0-7", "5±1") and
// only those rows are drawn (the canvas's data-rows and its hover hit-test say so), a typo is
// explained under the field, ranks collapse into groups that expand with a click on their label,
// taller rows come from a button, and wide spans carry their MPI call. Screenshot of the filtered
// 64-rank timeline: tests/screenshots/timeline-64-filtered.png (look at it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadApp, openExample, screenshotDir, useSite } from './harness.mjs';

const site = useSite(['/']);

const CANVAS = '[data-testid="timeline-canvas"]';
const FILTER = '[data-testid="timeline-ranks"]';
const TOOLTIP = '[data-testid="timeline-tooltip"]';

const data = (page) => page.$eval(CANVAS, (c) => ({ ...c.dataset }));

/** Waits until the canvas has redrawn after `action` (its frame counter moved on). */
async function redrawn(page, action) {
  const before = Number((await data(page)).frames);
  await action();
  await page.waitForFunction(
    ([sel, n]) => Number(document.querySelector(sel).dataset.frames) > n,
    [CANVAS, before],
  );
}

async function run64(page, file = 'ring.c') {
  // The example first: opening one sets its own machine and ranks.
  await openExample(page, file);
  await page.selectOption('[data-testid="profile-select"]', 'ethernet-1g');
  await page.fill('[data-testid="ranks-input"]', '64');
  await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
  await page.click('[data-testid="run"]');
  await page
    .locator('[data-testid="run-status"]', { hasText: 'finished after' })
    .waitFor({ timeout: 120000 });
  await page.waitForFunction(
    (sel) => (document.querySelector(sel)?.dataset.rows ?? '').split(',').length === 64,
    CANVAS,
  );
}

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));

test('a 64-rank timeline filtered to 0-7 draws only those rows; hover finds only their events', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 900 } });
  try {
    await run64(page);
    const all = await data(page);
    assert.equal(all.rows.split(',').length, 64, 'every rank is a row before filtering');
    const thin = Number(all.rowHeight);
    assert.ok(thin < 8, `64 rows are thin (${thin} px)`);

    // The person clicks the field and types.
    await page.click(FILTER);
    await redrawn(page, () => page.keyboard.type('0–7'));
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.rows === '0,1,2,3,4,5,6,7', CANVAS);
    const filtered = await data(page);
    assert.deepEqual(filtered.rows.split(','), range(0, 7));
    assert.ok(Number(filtered.rowHeight) >= 24, `eight rows are readable (${filtered.rowHeight} px)`);
    assert.equal(await page.textContent('[data-testid="timeline-ranks-error"]'), '');

    // The canvas's hit test: along each row, the first item the pointer finds is that rank's.
    const box = await page.locator(CANVAS).boundingBox();
    const row = Number(filtered.rowHeight);
    const found = [];
    for (let r = 0; r < 8; r++) {
      const y = 26 + (r + 0.5) * row;
      for (let x = 66; x < box.width - 12; x += 6) {
        await redrawn(page, () => page.mouse.move(box.x + x, box.y + y));
        if ((await page.$eval(TOOLTIP, (t) => t.dataset.show)) !== '1') continue;
        const first = /rank (\d+)/.exec(await page.textContent(TOOLTIP));
        found.push(first ? Number(first[1]) : -1);
        break;
      }
    }
    assert.deepEqual(found, [0, 1, 2, 3, 4, 5, 6, 7], 'each row explains its own rank\'s events');

    await page.mouse.move(box.x + 5, box.y - 40);
    await page.locator('[data-testid="timeline"]').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="timeline"]').screenshot({ path: join(screenshotDir, 'timeline-64-filtered.png') });

    // "5 and its neighbours" and 5±1 mean 4, 5, 6; a list mixes ranges and ranks.
    for (const [text, rows] of [
      ['5 and its neighbours', '4,5,6'],
      ['5±1', '4,5,6'],
      ['0-2, 12, 62-63', '0,1,2,12,62,63'],
    ]) {
      await page.fill(FILTER, '');
      await page.click(FILTER);
      await page.keyboard.type(text);
      await page.waitForFunction(([sel, want]) => document.querySelector(sel).dataset.rows === want, [CANVAS, rows]);
    }

    // A typo is said under the field; the rows stay as they were.
    await page.fill(FILTER, '');
    await page.click(FILTER);
    await page.keyboard.type('0-99');
    await page.locator('[data-testid="timeline-ranks-error"]', { hasText: 'rank 99 is not in this run (ranks 0–63)' }).waitFor();
    assert.equal(await page.getAttribute(FILTER, 'aria-invalid'), 'true');
    // Emptying the field shows every rank again.
    await page.fill(FILTER, '');
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.rows.split(',').length === 64, CANVAS);
    assert.equal(await page.textContent('[data-testid="timeline-ranks-error"]'), '');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('groups of 8 collapse 64 ranks into 8 rows; a click on a label expands it; taller rows', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 900 } });
  try {
    await run64(page);
    await page.selectOption('[data-testid="timeline-group"]', '8');
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.rows === '0-7,8-15,16-23,24-31,32-39,40-47,48-55,56-63', CANVAS);
    const grouped = await data(page);
    assert.ok(Number(grouped.drawnSpans) > 0, 'group rows summarise their ranks\' spans');
    assert.ok(Number(grouped.drawnArrows) > 0, 'messages between groups are drawn');

    // Click the label of the second group (8-15): its ranks get their own rows.
    const box = await page.locator(CANVAS).boundingBox();
    const row = Number(grouped.rowHeight);
    await page.mouse.click(box.x + 20, box.y + 26 + 1.5 * row);
    await page.waitForFunction(
      (sel) => document.querySelector(sel).dataset.rows === '0-7,8,9,10,11,12,13,14,15,16-23,24-31,32-39,40-47,48-55,56-63',
      CANVAS,
    );
    // Clicking one of its ranks' labels folds it back.
    const expanded = await data(page);
    await page.mouse.click(box.x + 20, box.y + 26 + 2.5 * Number(expanded.rowHeight));
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.rows.split(',').length === 8, CANVAS);

    // Taller rows: the button doubles the row height.
    const before = Number((await data(page)).rowHeight);
    await page.click('[data-testid="timeline-rows-taller"]');
    await page.waitForFunction(([sel, h]) => Number(document.querySelector(sel).dataset.rowHeight) >= 2 * h - 0.01, [CANVAS, before]);
    await page.click('[data-testid="timeline-rows-shorter"]');
    await page.waitForFunction(([sel, h]) => Math.abs(Number(document.querySelector(sel).dataset.rowHeight) - h) < 0.01, [CANVAS, before]);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('wide spans carry their MPI call (a collective names itself) when there is room', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 900 } });
  try {
    await openExample(page, 'collectives.c');
    await page.click('[data-testid="run"]');
    await page
      .locator('[data-testid="run-status"]', { hasText: 'finished after' })
      .waitFor({ timeout: 120000 });
    await page.waitForFunction((sel) => Number(document.querySelector(sel).dataset.frames) > 0, CANVAS);
    // Zoom in until spans are wide enough for their names.
    for (let i = 0; i < 6; i++) {
      const names = Number((await data(page)).spanNames);
      if (names > 0) break;
      await redrawn(page, () => page.click('[data-testid="timeline-zoom-in"]'));
    }
    const d = await data(page);
    assert.ok(Number(d.spanNames) > 0, `span names are written (${d.spanNames})`);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('typing a rank filter key by key keeps the focus in the field while the rows change under it', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 900 } });
  try {
    await run64(page);
    await page.click(FILTER);
    for (const key of '0-2, 3x, 1') {
      await page.keyboard.type(key);
      assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'timeline-ranks', `after "${key}"`);
    }
    assert.equal(await page.inputValue(FILTER), '0-2, 3x, 1');
    // A filter that does not read says why, beside the field that still has the focus.
    assert.notEqual(await page.textContent('[data-testid="timeline-ranks-error"]'), '');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    await page.waitForFunction((sel) => (document.querySelector(sel)?.dataset.rows ?? '').split(',').length === 3, CANVAS);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'timeline-ranks');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
