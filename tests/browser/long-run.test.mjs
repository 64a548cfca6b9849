// A long computation in the playground: the page keeps answering while a rank computes for
// seconds (it hands control back every slice of operations); the progress line shows the
// operations done and the simulated time with a Stop button; after 5 s without any MPI call the
// run stops with a hint that the loop may never end, and Continue goes on. "Memory per rank"
// under Protocol and limits decides whether a 64 MB array fits, and its error says how to raise
// it. Screenshots: tests/screenshots/long-run-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp as load, screenshot, useSite } from './harness.mjs';

const site = useSite(['/']);

const LONG = `#include <mpi.h>
#include <stdio.h>

/* Each rank sums for a long time before it says anything. */
int main(int argc, char *argv[])
{
    int rank;
    long i, s = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 2000000000; i++) {
        s += i % 7;
    }
    printf("rank %d: %ld\\n", rank, s);
    MPI_Finalize();
    return 0;
}
`;

const BIG = `#include <stdio.h>
float data[16000000];
int main(void)
{
    data[15999999] = 2.5f;
    printf("%zu bytes, last %.1f\\n", sizeof(data), data[15999999]);
    return 0;
}
`;

async function typeProgram(page, source, ranks) {
  await page.fill('[aria-label="MPI program source"]', source);
  await page.fill('[data-testid="ranks-input"]', String(ranks));
  await page.press('[data-testid="ranks-input"]', 'Tab');
}

/** The operations the progress line reports. */
async function operations(page) {
  const text = await page.textContent('[data-testid="run-progress"]');
  const m = text.match(/([\d,]+) operations/);
  assert.ok(m, `the progress line names the operations: ${text}`);
  return Number(m[1].replaceAll(',', ''));
}

/** Clicks where a person would: the middle of the element as it is on screen now (the progress
 *  line is re-rendered many times a second while the ranks compute). */
async function clickAt(page, selector) {
  const box = await page.locator(selector).boundingBox();
  assert.ok(box, `${selector} is on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function inViewport(page, selector) {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  }, selector);
}

for (const [name, viewport, present] of [
  ['desktop', { width: 1280, height: 800 }, false],
  ['presenting-1024', { width: 1024, height: 768 }, true],
]) {
  test(`${name}: a long loop shows its progress, Stop stops it, the quiet hint offers Continue`, async () => {
    const { page, problems, close } = await load(site, '/', { viewport });
    try {
      await typeProgram(page, LONG, 1);
      // A billion operations (the default) is about 10 s here: allow ten.
      await page.click('.limits summary');
      await page.fill('[data-testid="max-ops"]', '10000000000');
      await page.press('[data-testid="max-ops"]', 'Tab');
      await page.click('.limits summary');
      if (present) {
        await page.click('[data-testid="present"]');
        await page.waitForSelector('[data-present="true"]');
      }
      await page.click('[data-testid="run"]');
      // Within a few seconds the progress line shows the operations and the simulated time.
      const progress = page.locator('[data-testid="run-progress"]');
      await progress.waitFor({ timeout: 15000 });
      const first = await operations(page);
      assert.match(await progress.textContent(), /simulated \d/);
      // The page keeps answering: the count grows between two looks.
      await page.waitForTimeout(800);
      const second = await operations(page);
      assert.ok(second > first, `operations grow while it runs (${first} → ${second})`);
      assert.ok(await inViewport(page, '[data-testid="run-stop"]'), 'Stop is in sight');
      await screenshot(page, `long-run-progress-${name}`);

      // Stop: the run pauses where it is; nothing more is computed.
      await clickAt(page, '[data-testid="run-stop"]');
      await progress.waitFor({ state: 'detached' });
      const status = await page.textContent('[data-testid="run-status"]');
      assert.doesNotMatch(status, /finished/, status);

      // Run again: no MPI call for 5 s, so the run stops with the hint.
      await page.click('[data-testid="run"]');
      const hint = page.locator('[data-testid="quiet-hint"]');
      await hint.waitFor({ timeout: 30000 });
      assert.match(await hint.textContent(), /No MPI call for \d+ s/);
      assert.match(await hint.textContent(), /may never end/);
      assert.ok(await inViewport(page, '[data-testid="quiet-continue"]'), 'Continue is in sight');
      await screenshot(page, `long-run-quiet-hint-${name}`);

      // Continue: the hint goes and the ranks compute on.
      await page.click('[data-testid="quiet-continue"]');
      await hint.waitFor({ state: 'detached' });
      await progress.waitFor({ timeout: 15000 });
      const third = await operations(page);
      assert.ok(third > second, `it goes on after Continue (${second} → ${third})`);
      await clickAt(page, '[data-testid="run-stop"]');
      await progress.waitFor({ state: 'detached' });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

test('Memory per rank decides whether a 64 MB array fits, and the error says where to raise it', async () => {
  const { page, problems, close } = await load(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await typeProgram(page, BIG, 1);
    await page.click('.limits summary');
    const field = page.locator('[data-testid="memory-mib"]');
    assert.equal(await field.inputValue(), '256', 'the default is 256 MiB');
    await field.fill('32');
    await field.press('Tab');
    await page.click('[data-testid="run"]');
    const error = page.locator('.run-error, [data-testid="run-error"]');
    await page.locator('[data-testid="run-status"]', { hasText: /error|stopped/i }).waitFor({ timeout: 30000 });
    const text = await page.textContent('body');
    assert.match(text, /does not fit in the rank's memory \(32\.0 MiB\)|may use at most 32\.0 MiB/);
    assert.match(text, /"Memory per rank" under "Protocol and limits"/);
    await screenshot(page, 'long-run-memory-error');
    void error;

    await field.fill('256');
    await field.press('Tab');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    assert.match(await page.textContent('[data-testid="console"]'), /64000000 bytes, last 2\.5/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
