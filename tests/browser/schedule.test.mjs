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
    assert.match(await page.textContent('[data-testid="ring-summary"]'), /1 slot · 0 delays · 21 conflicting pairs · no prediction/);
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

/** Moves the run's time slider to `step` of 1000 (as dragging it does). */
async function slide(page, step) {
  await page.$eval('[data-testid="switch-time"]', (input, step) => {
    input.value = String(step);
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
  }, step);
}

const bytesAt = (page, panel, port) =>
  page.getAttribute(`[data-testid="${panel}"] [data-testid="switch-port"][data-port="${port}"]`, 'data-bytes').then(Number);

test('the run played: port 0 fills, Ring drops 27 and waits out the timeout, the proposal finishes first', async () => {
  const { page, problems, close } = await loadApp(site, '/#schedule=gather&n=64', desktop);
  try {
    await page.click('[data-testid="schedule-run-button"]');
    await page.waitForSelector('[data-testid="switch-play"]');
    // The axis is Ring's 213.97 ms; the cursor starts at 0.
    assert.equal(await page.textContent('[data-testid="switch-clock"]'), 't = 0.000 ms');
    // Step 50 of 1000: 10.698 ms. Both still running; Ring dropped its 27 at the start and
    // port 0 holds messages in both runs.
    await slide(page, 50);
    assert.equal(await page.textContent('[data-testid="switch-clock"]'), 't = 10.698 ms');
    assert.equal(await page.textContent('[data-testid="switch-ring-status"]'), 'running (finishes at 213.97 ms)');
    assert.equal(await page.textContent('[data-testid="switch-ring-drops"]'), '27 of 27 drops so far');
    assert.match(await page.textContent('[data-testid="switch-ring-said"]'), /^0\.\d{3} ms: PE \d+'s message: switch port 0 full at .* dropped, sent again after the retransmission timeout at 200\.\d+ ms$/);
    assert.equal(await page.textContent('[data-testid="switch-delay-drops"]'), 'no message dropped');
    assert.ok((await bytesAt(page, 'switch-ring', 0)) > 100_000);
    assert.ok((await bytesAt(page, 'switch-delay', 0)) > 0);
    // One dot and dashed line per drop on Ring's timeline; 63 messages through port 0 in each.
    assert.equal(await page.locator('[data-testid="switch-ring"] .switch-drop').count(), 27);
    assert.equal(await page.locator('[data-testid="switch-ring"] rect').count(), 63);
    assert.equal(await page.locator('[data-testid="switch-delay"] .switch-drop').count(), 0);
    await page.locator('[data-testid="switch-play"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-run-play');
    // Step 200 (42.79 ms): the proposal is done; Ring's port is empty, waiting for the timeout.
    await slide(page, 200);
    assert.equal(await page.textContent('[data-testid="switch-delay-status"]'), 'finished at 32.55 ms');
    assert.match(await page.textContent('[data-testid="switch-ring-status"]'), /^running/);
    assert.equal(await bytesAt(page, 'switch-ring', 0), 0);
    // Step 960 (205.41 ms): the retransmissions pass through port 0.
    await slide(page, 960);
    assert.ok((await bytesAt(page, 'switch-ring', 0)) > 0);
    await screenshot(page, 'schedule-run-timeout');
    // Play moves the clock; pressing again pauses it.
    await slide(page, 0);
    await page.click('[data-testid="switch-play-button"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="switch-clock"]').textContent !== 't = 0.000 ms');
    await page.click('[data-testid="switch-play-button"]');
    const paused = await page.textContent('[data-testid="switch-clock"]');
    await page.waitForTimeout(200);
    assert.equal(await page.textContent('[data-testid="switch-clock"]'), paused);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('open a schedule as a C program: Fig. 4 runs in the playground with the schedule, δ and Open MPI\'s eager limit', async () => {
  const { page, problems, close } = await loadApp(site, '/#schedule=gather&n=8', desktop);
  try {
    const href = await page.getAttribute('[data-testid="c-delay"]', 'href');
    assert.match(href, /^#s=.*&args=400$/);
    assert.match(await page.textContent('.sched-c'), /Fig\. 4 in C, 8 ranks on ethernet-1g, δ = 400 µs as its argument; 0\.4 MiB of receive buffers in all/);
    await page.click('[data-testid="c-delay"]');
    await page.waitForSelector('[data-testid="run"]');
    assert.equal(await page.inputValue('[data-testid="ranks-input"]'), '8');
    assert.equal(await page.inputValue('[data-testid="args-input"]'), '400');
    assert.equal(await page.inputValue('[data-testid="eager-limit"]'), '65536');
    assert.equal(await page.inputValue('[data-testid="profile-select"]'), 'ethernet-1g');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    assert.match(await page.textContent('[data-testid="console"]'), /7 messages of 64512 bytes, delta 400 us: the slowest PE took 3\.648 ms/);
    await screenshot(page, 'schedule-c-program');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the δ slider sets δ like the field does, and the address keeps it', async () => {
  const { page, problems, close } = await loadApp(site, '/#schedule=gather&n=16', desktop);
  try {
    await page.$eval('[data-testid="schedule-delta-slider"]', (input) => {
      input.value = '250';
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForFunction(() => document.querySelector('[data-testid="schedule-delta"]').value === '250');
    assert.match(page.url(), /&delta=250$/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
