// The happens-before view on the every-match lesson's master/worker: the tab after a run, the
// events placed by causality with an edge per message, each MPI_ANY_SOURCE receive drawn apart
// with dashed edges from the answers it could have taken, clicking one (it says what it could
// have taken, in view, and the run moves to it), the filters (a rank and the ranks it talked to,
// a tag, the communicator), Japanese, and a projector (presentation mode, 1024×768, dark).
// Screenshots: tests/screenshots/order-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inView, loadApp, pasteProgram, repoRoot, screenshot, showView, useSite } from './harness.mjs';

const site = useSite();
const desktop = { viewport: { width: 1280, height: 800 } };

const view = (page) => page.locator('[data-testid="order-view"]');
const events = (page) => page.locator('[data-testid="order-event"]');
const wildcards = (page) => page.locator('[data-testid="order-event"].wildcard');

async function runMasterWorker(page) {
  const program = await readFile(join(repoRoot, 'lessons/every-match/master_worker.c'), 'utf8');
  await pasteProgram(page, program);
  await page.fill('[data-testid="ranks-input"]', '4');
  await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
  await showView(page, 'order');
  await view(page).waitFor();
}

test('the happens-before view: causal order, message edges, and what each wildcard receive could have taken', async () => {
  const { page, problems, close } = await loadApp(site, '/', desktop);
  try {
    await runMasterWorker(page);
    // Three tasks out, three answers back: 12 events, 6 message edges; the master's three
    // wildcard receives, of which the first two could have taken another answer (3 dashes).
    assert.equal(await events(page).count(), 12);
    assert.equal(await page.locator('[data-testid="order-edge"]').count(), 6);
    assert.equal(await wildcards(page).count(), 3);
    assert.equal(await page.locator('[data-testid="order-candidate"]').count(), 3);
    assert.match(await page.textContent('[data-testid="order-summary"]'), /12 sends and receives placed by causality.*3 wildcard receives, 2 of them could have matched another send/);
    // A worker's answer is right of the task it answers: causality, not time.
    const x = async (loc) => (await loc.boundingBox()).x;
    const first = wildcards(page).first();
    const task = page.locator('[data-testid="order-event"][data-rank="1"]').first();
    assert.ok((await x(first)) > (await x(task)), 'the receive is right of the task it depends on');
    assert.equal(await first.getAttribute('data-candidates'), '2');

    // Click the first wildcard receive: it says what else it could have taken, in view.
    await first.click();
    const detail = page.locator('[data-testid="order-detail"]');
    await detail.waitFor();
    assert.match(await detail.textContent(), /rank 0 takes rank 1's message \(tag 0\) with MPI_ANY_SOURCE/);
    assert.match(await detail.textContent(), /Under another order it could have taken 2 other send\(s\)/);
    assert.match(await detail.textContent(), /could have taken 2 other send\(s\): rank 2's rank 3's/);
    assert.match(await page.getAttribute('[data-testid="order-candidate-list"] button >> nth=0', 'title'), /rank 2 sends to rank 0 \(tag 0\)/);
    assert.ok(inView(await detail.boundingBox(), desktop.viewport.height), 'the detail is in view');
    assert.ok(inView(await first.boundingBox(), desktop.viewport.height), 'the receive is in view');
    // The run moved to that receive: the events after it are faded.
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event' }).waitFor();
    assert.ok((await page.locator('[data-testid="order-event"].future').count()) > 0);
    await screenshot(page, 'order-desktop');
    // The last wildcard receive could have taken no other answer: the others were taken before.
    await wildcards(page).last().click();
    await page.locator('[data-testid="order-no-candidates"]').waitFor();
    // Keys after the click: Back and Step go on from the event it moved to.
    await page.keyboard.press('ArrowLeft');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event' }).waitFor();

    // Filters: rank 3 alone, then with the ranks it talked to (the master).
    await page.selectOption('[data-testid="order-rank"]', '3');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-event"]').length === 2);
    assert.equal(await page.locator('[data-testid="order-event"]:not([data-rank="3"])').count(), 0);
    await page.check('[data-testid="order-peers"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-event"]').length === 8);
    await page.selectOption('[data-testid="order-rank"]', '');
    // A tag nobody used hides every event; the world communicator keeps them all.
    await page.fill('[data-testid="order-tag"]', '5');
    await page.dispatchEvent('[data-testid="order-tag"]', 'change');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-event"]').length === 0);
    await page.fill('[data-testid="order-tag"]', '');
    await page.dispatchEvent('[data-testid="order-tag"]', 'change');
    await page.selectOption('[data-testid="order-context"]', '0');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-event"]').length === 12);
    // "could have matched" off: the dashes go.
    await page.uncheck('[data-testid="order-candidates"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="order-candidate"]'));

    await page.selectOption('[data-testid="ui-lang"]', 'ja');
    await page.locator('[data-testid="order-summary"]', { hasText: '因果関係で並べています' }).waitFor();
    assert.match(await page.textContent('[data-testid="tab-order"]'), /因果順序/);
    await screenshot(page, 'order-ja');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('on a projector (presentation mode, 1024×768, dark): the receive and what it could have taken are in view', async () => {
  const small = { viewport: { width: 1024, height: 768 }, colorScheme: 'dark' };
  const { page, problems, close } = await loadApp(site, '/', small);
  try {
    await runMasterWorker(page);
    await page.click('[data-testid="present"]');
    await page.waitForSelector('[data-present="true"]');
    await showView(page, 'order').catch(() => {});
    const first = wildcards(page).first();
    await first.scrollIntoViewIfNeeded();
    await first.click();
    const detail = page.locator('[data-testid="order-detail"]');
    await detail.waitFor();
    await detail.scrollIntoViewIfNeeded();
    assert.ok(inView(await detail.boundingBox(), small.viewport.height), 'the detail is in view');
    assert.ok(inView(await first.boundingBox(), small.viewport.height), 'the receive is in view');
    await screenshot(page, 'order-present-1024');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
