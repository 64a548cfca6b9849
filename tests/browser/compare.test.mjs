// The side-by-side mode in a real headless Chromium: paper 000's naive ping-pong on EM-X under
// both-sides:sync compared with receiver-only:sync. Both timelines are drawn, share one time axis
// (a zoom or pan on either moves both), carry the main run's cursor, and the comparison says when
// each run finished; a comparison that deadlocks shows its error; the choice travels in share
// links. Screenshots go to tests/screenshots/ (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadApp, openExample, screenshot, screenshotDir, useSite } from './harness.mjs';

const site = useSite(['/']);

const MAIN = '[data-testid="timeline-canvas"]';
const COMPARE = '[data-testid="compare-canvas"]';

const view = (page, sel) =>
  page.$eval(sel, (c) => ({ start: Number(c.dataset.viewStart), end: Number(c.dataset.viewEnd) }));

/** Waits until both canvases show the same window, and returns it. */
async function sameWindow(page) {
  await page.waitForFunction(
    ([a, b]) => {
      const [x, y] = [document.querySelector(a), document.querySelector(b)];
      return x && y && x.dataset.viewStart === y.dataset.viewStart && x.dataset.viewEnd === y.dataset.viewEnd;
    },
    [MAIN, COMPARE],
  );
  return view(page, MAIN);
}

/** Waits until both canvases have redrawn after `action`. */
async function bothRedrawn(page, action) {
  const frames = () =>
    page.$$eval([MAIN, COMPARE].join(','), (cs) => cs.map((c) => Number(c.dataset.frames ?? 0)));
  const before = await frames();
  await action();
  await page.waitForFunction(
    ([sels, n]) => sels.every((s, i) => Number(document.querySelector(s).dataset.frames) > n[i]),
    [[MAIN, COMPARE], before],
  );
}

/** The comparison's diagram is below the main one, at the same x and as wide (same time, same x). */
async function alignedOnScreen(page) {
  const [a, b] = await Promise.all([page.locator(MAIN).boundingBox(), page.locator(COMPARE).boundingBox()]);
  assert.ok(b.y > a.y + a.height, 'the comparison is below the main timeline');
  assert.deepEqual([b.x, b.width], [a.x, a.width], 'both diagrams start at the same x and are as wide');
}

/** Pixels of a canvas that differ from its background. */
const inked = (page, sel) =>
  page.$eval(sel, (c) => {
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const bg = data.slice(0, 4).join();
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}` !== bg) ink++;
    }
    return ink;
  });

/** Opens the naive ping-pong, picks the two engines and runs until both runs have finished. */
async function runCompared(page) {
  await openExample(page, 'pingpong_naive.c');
  await page.click('.limits summary');
  await page.selectOption('[data-testid="engine-select"]', 'both-sides:sync');
  await page.selectOption('[data-testid="compare-select"]', 'receiver-only:sync');
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
  await page.locator('[data-testid="compare-status"]', { hasText: 'finished at' }).waitFor({ timeout: 60000 });
  // Both canvases drew their finished runs (a redraw may lag the status while a run plays).
  await page.waitForFunction(
    (sels) =>
      sels.every((s) => {
        const c = document.querySelector(s);
        return c?.dataset.finished === '1' && Number(c.dataset.visibleArrows ?? 0) > 0;
      }),
    [MAIN, COMPARE],
  );
}

test('two engines side by side: both timelines on one time axis, with both end times', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 900 } });
  try {
    await runCompared(page);
    const status = await page.textContent('[data-testid="compare-status"]');
    assert.match(
      status,
      /^— finished at [\d.]+ (ms|µs) \(primary: [\d.]+ (ms|µs); \d+% (shorter|longer)\)$/,
      status,
    );
    assert.match(await page.textContent('[data-testid="compare"] h2'), /^Compare: receiver-only:sync/);
    for (const sel of [MAIN, COMPARE]) {
      const ink = await inked(page, sel);
      assert.ok(ink > 2000, `${sel} is drawn (${ink} inked pixels)`);
    }
    await alignedOnScreen(page);

    // Fitted: the same window, wide enough for the longer of the two runs.
    const fitted = await sameWindow(page);
    assert.equal(fitted.start, 0);

    // Zoom with the main timeline's button: both follow.
    await bothRedrawn(page, () => page.click('[data-testid="timeline-zoom-in"]'));
    const zoomed = await sameWindow(page);
    assert.ok(zoomed.end - zoomed.start < (fitted.end - fitted.start) * 0.6, JSON.stringify({ fitted, zoomed }));

    // Zoom with the wheel over the comparison: the main timeline follows.
    // (The comparison is under the run's timeline, in the same scrolling column.)
    await page.locator(COMPARE).scrollIntoViewIfNeeded();
    const box = await page.locator(COMPARE).boundingBox();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await bothRedrawn(page, () => page.mouse.wheel(0, -300));
    const wheeled = await sameWindow(page);
    assert.ok(wheeled.end - wheeled.start < zoomed.end - zoomed.start, JSON.stringify({ zoomed, wheeled }));

    // Pan with the keyboard on the comparison: the same.
    await page.focus(COMPARE);
    await bothRedrawn(page, () => page.keyboard.press('ArrowRight'));
    const panned = await sameWindow(page);
    assert.ok(panned.start > wheeled.start, JSON.stringify({ wheeled, panned }));

    // The cursor is the main run's time on both: scrub the main run to the middle.
    await page.$eval('[data-testid="scrubber"]', (el) => {
      el.value = String(Math.floor(Number(el.max) / 2));
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.waitForFunction(
      ([a, b]) => {
        const [x, y] = [document.querySelector(a), document.querySelector(b)];
        return Number(x.dataset.now) > 0 && x.dataset.now === y.dataset.now;
      },
      [MAIN, COMPARE],
    );
    // The comparison ran to its end, so what lies after the cursor is drawn faded.
    assert.ok(Number(await page.$eval(COMPARE, (c) => c.dataset.futureArrows)) > 0);

    // Back to the whole run, then the screenshot: both runs, one axis.
    await bothRedrawn(page, () => page.click('[data-testid="compare-fit"]'));
    assert.deepEqual(await sameWindow(page), fitted);
    await screenshot(page, 'compare-engines');
    await page
      .locator('.area-timeline')
      .screenshot({ path: join(screenshotDir, 'compare-engines-timelines.png') });

    // The choice travels in the share link.
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    const other = await loadApp(site, link.pathname + link.hash);
    try {
      await other.page.waitForFunction(
        () => document.querySelector('[data-testid="compare-select"]')?.value === 'receiver-only:sync',
      );
      assert.equal(await other.page.inputValue('[data-testid="engine-select"]'), 'both-sides:sync');
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a comparison that deadlocks shows its error beside its timeline', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 900 } });
  // Both ranks send first: eager buffers the data, the synchronous engine waits forever.
  const program = `#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, a = 1, b;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Send(&a, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
    MPI_Recv(&b, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
`;
  try {
    await page.selectOption('[data-testid="profile-select"]', 'emx');
    await page.fill('[data-testid="ranks-input"]', '2');
    await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
    await page.fill('[aria-label="MPI program source"]', program);
    await page.click('.limits summary');
    await page.selectOption('[data-testid="compare-select"]', 'receiver-only:sync');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    const error = page.locator('[data-testid="compare-error"]');
    await error.waitFor();
    assert.match(await error.textContent(), /deadlock/);
    assert.match(await page.textContent('[data-testid="compare-status"]'), /stopped by an error at/);
    assert.equal(await page.locator('[data-testid="run-error"]').count(), 0, 'the main run is fine');
    await page
      .locator('.area-timeline')
      .screenshot({ path: join(screenshotDir, 'compare-deadlock.png') });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('side by side on a phone in the dark theme: stacked, nothing wider than the screen', async () => {
  const { page, problems, close } = await loadApp(site, '/', {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    colorScheme: 'dark',
  });
  try {
    await runCompared(page);
    await sameWindow(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    await alignedOnScreen(page);
    await page
      .locator('.area-timeline')
      .screenshot({ path: join(screenshotDir, 'compare-engines-phone-dark.png') });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
