// The schedules page (paper 002): Ring against the proposed schedule of a pattern, Build
// replaying Algorithm 1 turn by turn, conflicts lit, an edge list of one's own with its error,
// and the address that opens the same pattern at the same turn.
// Screenshots: tests/screenshots/schedule-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, screenshot, useSite } from './harness.mjs';

const site = useSite();
const desktop = { viewport: { width: 1280, height: 900 } };

test('gather on 8 PEs: Ring conflicts, the proposal builds turn by turn without any', async () => {
  const { page, problems, close } = await loadApp(site, '/#schedule=gather&n=8', desktop);
  try {
    await page.waitForSelector('[data-testid="schedule-page"]');
    assert.equal(await page.getAttribute('[data-testid="nav-schedule"]', 'aria-current'), 'page');
    assert.equal(await page.getAttribute('[data-testid="schedule-lesson-link"]', 'href'), '#lesson=incast&step=1');
    assert.equal(await page.getAttribute('[data-testid="schedule-paper-link"]', 'href'), '#paper=002');
    // Ring: all seven senders into PE 0 in slot 0 — seven lit cells.
    assert.equal(await page.locator('[data-testid="grid-ring"] .sched-cell.conflict').count(), 7);
    assert.match(await page.textContent('[data-testid="ring-summary"]'), /1 slots · 0 delays · 21 conflicting pairs · no prediction/);
    assert.equal(await page.locator('[data-testid="grid-delay"] .sched-cell.conflict').count(), 0);
    assert.match(await page.textContent('[data-testid="delay-summary"]'), /7 slots · 21 delays · 0 conflicting pairs · predicted makespan 3\.7\d\d ms/);
    // Build from the start: the first turn is PE 1's send, the second PE 2's delay.
    await page.click('[data-testid="build-start"]');
    assert.match(await page.textContent('[data-testid="build-count"]'), /^0 \/ 28 turns$/);
    assert.equal(await page.locator('[data-testid="grid-delay"] .sched-cell.send').count(), 0);
    await page.click('[data-testid="build-step"]');
    assert.match(await page.textContent('[data-testid="build-say"]'), /slot 0: PE 1 goes next \(Q = 1/);
    await page.click('[data-testid="build-step"]');
    assert.match(await page.textContent('[data-testid="build-say"]'), /PE 2 goes next \(Q = 0\) but every target it still has \(0\) is taken in this slot: it waits one slot \(δ\)/);
    assert.equal(await page.locator('[data-testid="grid-delay"] .sched-cell.current').count(), 1);
    assert.match(page.url(), /#schedule=gather&n=8&step=2$/);
    await screenshot(page, 'schedule-build');

    // The address reopens the same turn.
    const again = await loadApp(site, '/' + new URL(page.url()).hash, desktop);
    try {
      assert.match(await again.page.textContent('[data-testid="build-count"]'), /^2 \/ 28 turns$/);
    } finally {
      await again.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('an edge list of your own: scheduled, and a bad line said with its number', async () => {
  const { page, problems, close } = await loadApp(site, '/#schedule=triangle&n=6', desktop);
  try {
    await page.waitForSelector('[data-testid="grid-ring"]');
    assert.ok(await page.locator('[data-testid="grid-ring"] .sched-cell.conflict').count() > 0);
    await page.selectOption('[data-testid="schedule-pattern"]', 'edges');
    await page.fill('[data-testid="schedule-n"]', '5');
    await page.dispatchEvent('[data-testid="schedule-n"]', 'change');
    await page.fill('[data-testid="schedule-edges"]', '1 0\n2 0\n3 3\n');
    await page.dispatchEvent('[data-testid="schedule-edges"]', 'change');
    await page.waitForSelector('[data-testid="schedule-error"]');
    assert.equal(await page.textContent('[data-testid="schedule-error"]'), 'line 3: 3 3 is a self-edge: a PE does not send to itself');
    await page.fill('[data-testid="schedule-edges"]', '1 0\n2 0\n3 0\n4 1\n');
    await page.dispatchEvent('[data-testid="schedule-edges"]', 'change');
    await page.waitForSelector('[data-testid="grid-delay"]');
    assert.match(await page.textContent('[data-testid="delay-summary"]'), /0 conflicting pairs/);
    assert.match(page.url(), /#schedule=edges&n=5&edges=/);
    await screenshot(page, 'schedule-edges');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('run on the switch: Ring\'s gather on 64 PEs drops at port 0 and waits a timeout; the proposal does not, unless δ is too short', async () => {
  const { page, problems, close } = await loadApp(site, '/#schedule=gather&n=64', desktop);
  try {
    await page.waitForSelector('[data-testid="schedule-run"]');
    await page.click('[data-testid="schedule-run-button"]');
    await page.waitForSelector('[data-testid="run-ring"]');
    assert.match(await page.textContent('[data-testid="run-ring"]'), /213\.97 ms.*27 dropped, each sent again after the retransmission timeout \(port 0: 27\)/);
    assert.match(await page.textContent('[data-testid="run-delay"]'), /32\.55 ms.*no message dropped/);
    await page.locator('[data-testid="schedule-run"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-run');
    // Too short a delay slot: the proposal's messages pile up at port 0 again.
    await page.fill('[data-testid="schedule-delta"]', '100');
    await page.dispatchEvent('[data-testid="schedule-delta"]', 'change');
    assert.match(page.url(), /&delta=100$/);
    await page.click('[data-testid="schedule-run-button"]');
    await page.waitForFunction(() => /dropped/.test(document.querySelector('[data-testid="run-delay"]')?.textContent ?? ''));
    assert.match(await page.textContent('[data-testid="run-delay"]'), /212\.\d\d ms/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
