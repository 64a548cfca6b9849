// "Every match": a program whose wildcard receive deadlocks only when it takes rank 2's message
// first, which the machine's timing never does. The setup switch, Explore (two outcomes, the
// wrong one red, in view), Replay (the deadlock, stepped as usual), a choice at the match point,
// the choices carried by a share link, and the panel in Japanese.
// Screenshots: tests/screenshots/explore-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inView, loadApp, pasteProgram, repoRoot, screenshot, showView, useSite } from './harness.mjs';

const site = useSite();
const desktop = { viewport: { width: 1280, height: 800 } };

const panel = (page) => page.locator('[data-testid="explore-panel"]');
const option = (page, point, rank) =>
  page.locator(`[data-testid="match-${point}"] .choice-option[data-from="${rank}"]`);
const consoleText = (page) => page.textContent('[data-testid="console"]');

async function setUp(page) {
  const program = await readFile(join(repoRoot, 'cli/tests/programs/wildcard_deadlock.c'), 'utf8');
  await pasteProgram(page, program);
  await page.fill('[data-testid="ranks-input"]', '3');
  await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
  await page.click('details.limits > summary');
  await page.check('[data-testid="matches-toggle"]');
  await panel(page).waitFor();
}

test('explore finds the deadlock the machine hides, replays it, and a link carries it', async () => {
  const { page, problems, close } = await loadApp(site, '/', desktop);
  try {
    await setUp(page);
    assert.match(await panel(page).textContent(), /Explore runs the program once for every match/);
    // The machine's own run finishes.
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();

    await page.click('[data-testid="explore-run"]');
    const summary = page.locator('[data-testid="explore-summary"]');
    await summary.waitFor();
    assert.match(await summary.textContent(), /2 runs · 2 distinct outcomes · every choice explored · 1 goes wrong/);
    const bad = page.locator('[data-testid="outcome-2"]');
    assert.match(await bad.getAttribute('class'), /\bbad\b/);
    assert.match(await bad.textContent(), /deadlock · blocked for ever: rank 0/);
    assert.match(await bad.textContent(), /\[0\] first from 2/);
    assert.match(await page.textContent('[data-testid="outcome-1"]'), /finished/);
    const height = desktop.viewport.height;
    assert.ok(inView(await bad.boundingBox(), height), 'the wrong outcome is in view');
    // The tree of choices: one match point, two branches, each down to its outcome.
    const tree = page.locator('[data-testid="explore-tree"]');
    assert.match(await tree.textContent(), /rank 0 takes rank 1's outcome 1: finished/);
    assert.match(await page.getAttribute('[data-testid="leaf-2"]', 'class'), /\bbad\b/);
    await screenshot(page, 'explore-outcomes');
    // A node runs its choices and stands at it.
    await page.click('[data-testid="node-2"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event' }).waitFor();
    assert.equal(await option(page, 1, 2).getAttribute('aria-pressed'), 'true');
    assert.match(await page.textContent('[data-testid="match-1"]'), /Match 1/);
    assert.match(await page.getAttribute('[data-testid="match-1"]', 'class'), /\bcurrent\b/);

    // Replay the wrong one: the run stops in the deadlock, rank 0 took rank 2's message.
    await page.click('[data-testid="replay-2"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'stopped by an error' }).waitFor();
    await showView(page, 'ranks');
    assert.match(await consoleText(page), /first from 2/);
    assert.equal(await option(page, 1, 2).getAttribute('aria-pressed'), 'true');
    assert.match(await page.textContent('[data-testid="replay-2"]'), /Shown/);
    assert.ok(inView(await option(page, 1, 2).boundingBox(), height), 'the match point is in view');
    await showView(page, 'log');
    assert.match(await page.textContent('.event-log'), /match choice 1: every rank waits; rank 0's receive could take a message from any of 2 ranks, and takes rank 2's/);
    await screenshot(page, 'explore-replay');

    // The link opens the same program with the same choice.
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    const other = await loadApp(site, '/' + link.hash, desktop);
    try {
      await other.page.click('[data-testid="run"]');
      await other.page.locator('[data-testid="run-status"]', { hasText: 'stopped by an error' }).waitFor();
      assert.equal(await option(other.page, 1, 2).getAttribute('aria-pressed'), 'true');
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }

    // Choose rank 1 at the match point: the run is the machine's order again, and finishes.
    await option(page, 1, 1).click();
    await page.waitForSelector('[data-testid="match-1"] .choice-option[data-from="1"][aria-pressed="true"]');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    assert.match(await page.textContent('[data-testid="replay-1"]'), /Shown/);

    // Off: the panel goes.
    await page.click('[data-testid="explore-off"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="explore-panel"]'));
    assert.equal(await page.isChecked('[data-testid="matches-toggle"]'), false);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the panel in Japanese, and an edit makes an exploration stale', async () => {
  const { page, problems, close } = await loadApp(site, '/', desktop);
  try {
    await setUp(page);
    await page.click('[data-testid="explore-run"]');
    await page.locator('[data-testid="explore-summary"]').waitFor();
    await page.selectOption('[data-testid="ui-lang"]', 'ja');
    await page.locator('[data-testid="explore-summary"]', { hasText: '異なる結果 2 通り' }).waitFor();
    assert.match(await panel(page).textContent(), /すべてのマッチ/);
    assert.match(await page.textContent('[data-testid="outcome-2"]'), /デッドロック/);
    await screenshot(page, 'explore-ja');
    await page.selectOption('[data-testid="ui-lang"]', 'en');
    // An edit: the outcomes were of another program, so they go.
    const program = await readFile(join(repoRoot, 'cli/tests/programs/wildcard_deadlock.c'), 'utf8');
    await pasteProgram(page, program.replace('first from', '1st from'));
    await page.waitForFunction(() => !document.querySelector('[data-testid="explore-summary"]'));
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the lesson: predict a wrong match (Explore waits for the answer), explore, fix it so every match passes', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=every-match&step=2', desktop);
  try {
    await page.waitForSelector('[data-testid="lesson-pane"][data-step="2"]');
    await page.click('[data-testid="lang-en"]');
    // Step 2: the run stands at the match where worker 3's answer is taken first; what task 0
    // shows is not on screen, and Explore (which would list it) waits for the answer.
    assert.equal(await option(page, 1, 3).getAttribute('aria-pressed'), 'true');
    assert.ok(inView(await option(page, 1, 3).boundingBox(), desktop.viewport.height), 'the match is in view');
    await showView(page, 'ranks');
    assert.doesNotMatch(await consoleText(page), /task 0:/);
    assert.equal(await page.isDisabled('[data-testid="explore-run"]'), true);
    await page.fill('[data-testid="prediction-input"]', '9');
    await page.click('[data-testid="prediction-submit"]');
    await page.locator('[data-testid="prediction-feedback"]').waitFor();
    assert.equal(await page.isDisabled('[data-testid="explore-run"]'), false);

    // Step 3: the step outlines the Explore button, in view; pressing it lists six tables.
    await page.click('[data-testid="next-step"]');
    await page.waitForSelector('[data-testid="lesson-pane"][data-step="3"]');
    const button = page.locator('[data-testid="explore-run"]');
    await page.locator('[data-testid="explore-run"].lesson-hl').waitFor();
    assert.ok(inView(await button.boundingBox(), desktop.viewport.height), 'Explore is in view');
    await button.click();
    const summary = page.locator('[data-testid="explore-summary"]');
    await summary.waitFor();
    assert.match(await summary.textContent(), /6 runs · 6 distinct outcomes · every choice explored/);
    assert.match(await page.textContent('[data-testid="outcome-1"]'), /task 0: 1 \| \[0\] task 1: 4 \| \[0\] task 2: 9/);
    await screenshot(page, 'explore-lesson');

    // Step 4: the happens-before view shows where the six come from: the first receive could
    // have taken two other answers, the second one, the last none. Clicking the first says so.
    await page.click('[data-testid="next-step"]');
    await page.waitForSelector('[data-testid="lesson-pane"][data-step="4"]');
    await page.waitForSelector('[data-testid="views"][data-current="order"]');
    const receives = page.locator('[data-testid="order-event"].wildcard');
    assert.deepEqual(await receives.evaluateAll((els) => els.map((e) => e.dataset.candidates)), ['2', '1', '0']);
    await receives.first().click();
    const detail = page.locator('[data-testid="order-detail"]');
    await detail.waitFor();
    assert.match(await detail.textContent(), /could have taken 2 other send\(s\)/);
    assert.ok(inView(await detail.boundingBox(), desktop.viewport.height), 'the detail is in view');
    await screenshot(page, 'explore-lesson-order');

    // Step 5: the fix passes every match.
    await page.click('[data-testid="next-step"]');
    await page.waitForSelector('[data-testid="lesson-pane"][data-step="5"]');
    await page.click('[data-testid="check-task"]');
    const failed = page.locator('[data-testid="task-verdicts"] li.fail');
    await failed.first().waitFor();
    assert.match(await failed.last().textContent(), /when rank 0's wildcard receive takes rank 2's message \(match 1\)/);
    assert.match(await page.textContent('[data-testid="replay-order"]'), /Replay these matches/);
    const fixed = await readFile(join(repoRoot, 'lessons/every-match/master_worker_fixed.c'), 'utf8');
    await pasteProgram(page, fixed);
    await page.click('[data-testid="check-task"]');
    await page.waitForSelector('[data-testid="task-solved"]');
    assert.match(await page.textContent('[data-testid="task-verdicts"]'), /it holds in all 6 runs of every match MPI allows/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('on a projector (presentation mode, 1024×768, dark): the outcomes and the tree are in view', async () => {
  const small = { viewport: { width: 1024, height: 768 }, colorScheme: 'dark' };
  const { page, problems, close } = await loadApp(site, '/', small);
  try {
    await setUp(page);
    await page.click('[data-testid="explore-run"]');
    await page.locator('[data-testid="explore-summary"]').waitFor();
    await page.click('[data-testid="present"]');
    await page.waitForSelector('[data-present="true"]');
    await panel(page).waitFor();
    // Explore again from the projector: the list and the tree fit on the screen.
    await page.click('[data-testid="explore-run"]');
    const bad = page.locator('[data-testid="outcome-2"]');
    await bad.waitFor();
    await bad.scrollIntoViewIfNeeded();
    assert.ok(inView(await bad.boundingBox(), small.viewport.height), 'the wrong outcome is in view');
    const leaf = page.locator('[data-testid="leaf-2"]');
    await leaf.scrollIntoViewIfNeeded();
    assert.ok(inView(await leaf.boundingBox(), small.viewport.height), 'its leaf in the tree is in view');
    await screenshot(page, 'explore-present-1024');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
