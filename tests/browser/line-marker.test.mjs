// The code runs visibly: while a run is paused, the editor marks each rank's current line (the
// rank in focus strongly, the others in their colour), follows the focused rank's line when it
// leaves the code box, and marks a deadlock's blocked lines. Clicking a rank in the list focuses
// it. Screenshots: tests/screenshots/line-marker*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, showView, useSite } from './harness.mjs';

const site = useSite();

/** The line rank `r`'s description names ("blocked in MPI_Recv at line 21"), or null. */
async function describedLine(page, r) {
  const text = await page.textContent(`[data-testid="ranks"] li:nth-child(${r + 1})`);
  const m = text.match(/line (\d+)/);
  return m ? Number(m[1]) : null;
}

/** Steps until rank `r` is blocked in MPI_Recv (at most 80 events). */
async function stepUntilBlocked(page, r) {
  for (let i = 0; i < 80; i++) {
    const text = await page.textContent(`[data-testid="ranks"] li:nth-child(${r + 1})`);
    if (/blocked in MPI_Recv at line \d+/.test(text)) return;
    await page.click('[data-testid="step"]');
  }
  assert.fail(`rank ${r} never blocked in MPI_Recv`);
}

test(`each rank's line is marked while stepping; clicking a rank focuses it`, async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await openExample(page, 'ring.c');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    // Finished: nobody is anywhere, nothing is marked.
    assert.equal(await page.locator('[data-testid^="line-mark"]').count(), 0);
    await page.click('[data-testid="reset"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
    await stepUntilBlocked(page, 1);

    // Rank 0 is in focus by default: its line carries the strong mark, in the gutter too.
    const focused = page.locator('[data-testid="line-mark-focused"]');
    assert.equal(await focused.count(), 1);
    const line0 = await describedLine(page, 0);
    if (line0 !== null) {
      assert.equal(Number(await focused.getAttribute('data-line')), line0);
    }
    assert.equal((await focused.getAttribute('data-ranks')).split(',')[0], '0');
    assert.ok((await page.locator('[data-testid="gutter-rank"].focused').count()) === 1);

    // Rank 1 is blocked in its receive: click it in the list, the strong mark moves there.
    const line1 = await describedLine(page, 1);
    await showView(page, 'ranks');
    await page.click('[data-testid="focus-rank-1"]');
    await page.waitForFunction((line) =>
      document.querySelector('[data-testid="line-mark-focused"]')?.dataset.line === String(line), line1);
    assert.equal((await focused.getAttribute('data-ranks')).split(',')[0], '1');
    assert.equal(await page.getAttribute('[data-testid="focus-rank-1"]', 'aria-pressed'), 'true');
    assert.equal(await page.textContent(`[data-testid="line-mark-focused"] .line-ranks`).then((t) => t.includes('r1')), true);
    await screenshot(page, 'line-marker');

    // Stepping back and forth keeps the marks in step with the ranks' descriptions.
    await page.click('[data-testid="back"]');
    await page.click('[data-testid="step"]');
    assert.equal(Number(await focused.getAttribute('data-line')), await describedLine(page, 1));
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test(`the focused rank's line is followed when it is below the code box`, async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    const padding = Array.from({ length: 120 }, (_, i) => `/* line ${i + 2} of padding */`).join('\n');
    const source = `#include <mpi.h>\n${padding}\nint main(int argc, char **argv) {\n  int rank, x = 0;\n  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n  if (rank == 0) MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);\n  MPI_Finalize();\n  return 0;\n}\n`;
    await page.fill('[data-testid="ranks-input"]', '2');
    await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
    await page.fill('[aria-label="MPI program source"]', source);
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await page.click('[data-testid="reset"]');
    await stepUntilBlocked(page, 0);
    const mark = page.locator('[data-testid="line-mark-focused"]');
    assert.equal(Number(await mark.getAttribute('data-line')), 126);
    // The code box scrolled (not the page) so that the marked line is inside it.
    const [box, bar] = [await page.locator('.editor .code').boundingBox(), await mark.boundingBox()];
    assert.ok(bar.y >= box.y && bar.y + bar.height <= box.y + box.height,
      `the marked line (${bar.y}) is inside the code box (${box.y}..${box.y + box.height})`);
    assert.ok((await page.$eval('.editor .code', (c) => c.scrollTop)) > 0);
    await screenshot(page, 'line-marker-follow');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test(`a deadlock's blocked lines are marked as stuck`, async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await openExample(page, 'errors/deadlock.c');
    await page.click('[data-testid="run"]');
    await page.waitForSelector('[data-testid="run-error"]');
    assert.match(await page.textContent('[data-testid="run-error"]'), /deadlock/);
    const stuck = page.locator('.line-mark.stuck');
    assert.equal(await stuck.count(), 1, 'both ranks are blocked on the same line');
    assert.equal(Number(await stuck.getAttribute('data-line')), 10);
    assert.equal(await stuck.getAttribute('data-ranks'), '0,1');
    assert.equal(await page.locator('[data-testid="gutter-rank"].stuck').count(), 1);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'line-marker-deadlock-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test(`a long rank list shows 16 ranks and the rest a click away`, async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.selectOption('[data-testid="profile-select"]', 'fx100');
    await page.fill('[data-testid="ranks-input"]', '1024');
    await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
    await showView(page, 'ranks');
    assert.equal(await page.locator('[data-testid="ranks"] li').count(), 16);
    const more = page.locator('[data-testid="more-ranks"]');
    assert.match(await more.locator('summary').textContent(), /^1008 more ranks$/);
    const list = await page.locator('[data-testid="ranks"]').boundingBox();
    assert.ok(list.height < 700, `the list is ${list.height} px tall`);
    await more.locator('summary').click();
    assert.equal(await more.locator('li').count(), 241, '240 more ranks and the count of the rest');
    await page.click('[data-testid="focus-rank-200"]');
    assert.equal(await page.getAttribute('[data-testid="focus-rank-200"]', 'aria-pressed'), 'true');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
