// "You are the network": the lesson's race seen at its choice point, a choice made in the
// network bar (the run starts again and stands there, the event log says what the network
// did, the console shows the other answer, the task is solved by the choice), an "every order"
// check that names the order breaking a program and replays it, the switch in the setup, and
// the choices carried by a share link.
// Screenshots: tests/screenshots/network-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadApp, pasteProgram, repoRoot, screenshot, showView, useSite } from './harness.mjs';

const site = useSite();
const desktop = { viewport: { width: 1280, height: 800 } };

const bar = (page) => page.locator('[data-testid="network-bar"]');
const option = (page, point, rank) =>
  page.locator(`[data-testid="choice-${point}"] .choice-option[data-from="${rank}"]`);
const status = (page) => page.textContent('[data-testid="run-status"]');
const consoleText = (page) => page.textContent('[data-testid="console"]');

test('be the network: land rank 2 first, the answer changes, the task is solved by the choice', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=you-are-the-network&step=1', desktop);
  try {
    await page.waitForSelector('[data-testid="lesson-pane"][data-step="1"]');
    await page.click('[data-testid="lang-en"]');
    // The run stands at the choice point: two senders race to rank 0, the model's pick pressed.
    await bar(page).waitFor();
    assert.equal(await page.locator('[data-testid="choice-1"] .choice-option').count(), 2);
    assert.equal(await option(page, 1, 1).getAttribute('aria-pressed'), 'true');
    assert.equal(await option(page, 1, 2).getAttribute('aria-pressed'), 'false');
    assert.match(await option(page, 1, 1).textContent(), /rank 1 \(model\)/);
    assert.match(await page.textContent('.event-log li.current'), /network choice 1: 2 ranks' messages race to rank 0; rank 1's lands first/);
    // The step outlines the bar's choice points (the list, not the bar's heading).
    assert.equal(await page.locator('[data-testid="network-bar"] .choice-points.lesson-hl').count(), 1);

    // Step 3: press rank 2. The run starts again with the choice and stands at the point.
    await page.click('[data-testid="next-step"]');
    await page.click('[data-testid="next-step"]');
    await page.waitForSelector('[data-testid="lesson-pane"][data-step="3"]');
    await page.click('[data-testid="check-task"]');
    assert.ok(await page.locator('[data-testid="task-verdicts"] li.fail').count() >= 1);
    const at = await status(page);
    await option(page, 1, 2).click();
    await page.waitForSelector('[data-testid="choice-1"] .choice-option[data-from="2"][aria-pressed="true"]');
    assert.equal(await option(page, 1, 1).getAttribute('aria-pressed'), 'false');
    assert.match(await page.textContent('[data-testid="choice-1"]'), /your choice/);
    // Still at the choice point's event (the run is a new one, with the choice).
    const event = (text) => text.match(/event (\d+)/)[1];
    assert.equal(event(await status(page)), event(at));
    await showView(page, 'log');
    assert.match(await page.textContent('.event-log li.current'), /the network holds rank 1's back so that rank 2's lands first/);
    await screenshot(page, 'network-choice-en');

    // Play to the end: the server now answers rank 2 first.
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await showView(page, 'ranks');
    assert.match(await consoleText(page), /answer 1 goes to rank 2/);
    await page.click('[data-testid="check-task"]');
    await page.waitForSelector('[data-testid="task-solved"]');
    assert.match(await page.textContent('[data-testid="check-task"]'), /Check the run/);

    // 日本語.
    await page.click('[data-testid="lang-ja"]');
    await page.waitForSelector('[data-testid="lesson-pane"][lang="ja"]');
    assert.match(await page.textContent('[data-testid="narration"]'), /ネットワーク/);
    await screenshot(page, 'network-choice-ja');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('an "every order" check names the order that breaks the program, replays it, and passes once fixed', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=you-are-the-network&step=4', desktop);
  try {
    await page.waitForSelector('[data-testid="lesson-pane"][data-step="4"]');
    await page.click('[data-testid="lang-en"]');
    await page.click('[data-testid="check-task"]');
    const failed = page.locator('[data-testid="task-verdicts"] li.fail');
    await failed.first().waitFor();
    assert.match(await failed.last().textContent(), /when the network lands rank 2's message at rank 0 first \(choice 1\)/);
    await page.click('[data-testid="replay-order"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await showView(page, 'ranks');
    assert.match(await consoleText(page), /= -100/);
    assert.equal(await option(page, 1, 2).getAttribute('aria-pressed'), 'true');
    await screenshot(page, 'network-every-order');

    const fixed = await readFile(join(repoRoot, 'lessons/network/difference_fixed.c'), 'utf8');
    await pasteProgram(page, fixed);
    await page.click('[data-testid="check-task"]');
    await page.waitForSelector('[data-testid="task-solved"]');
    assert.match(await page.textContent('[data-testid="task-verdicts"]'), /it holds in all 2 orders the network can choose/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the setup switch makes anyone the network, and a share link carries the choices', async () => {
  const { page, problems, close } = await loadApp(site, '/', desktop);
  try {
    const race = await readFile(join(repoRoot, 'lessons/network/race.c'), 'utf8');
    await pasteProgram(page, race);
    await page.selectOption('[data-testid="profile-select"]', 'ethernet-1g');
    await page.fill('[data-testid="ranks-input"]', '3');
    await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
    assert.equal(await bar(page).count(), 0);
    await page.click('details.limits > summary');
    await page.check('[data-testid="network-toggle"]');
    await bar(page).waitFor();
    assert.match(await bar(page).textContent(), /Run the program/);
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await option(page, 1, 2).click();
    await page.waitForSelector('[data-testid="choice-1"] .choice-option[data-from="2"][aria-pressed="true"]');

    // The link opens the same program with the same choice.
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    const other = await loadApp(site, '/' + link.hash, desktop);
    try {
      await other.page.click('[data-testid="run"]');
      await other.page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
      assert.equal(await option(other.page, 1, 2).getAttribute('aria-pressed'), 'true');
      await showView(other.page, 'ranks');
      assert.match(await consoleText(other.page), /answer 1 goes to rank 2/);
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }

    // Letting the model decide again: the bar goes, the run is the model's.
    await page.click('[data-testid="network-off"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="network-bar"]'));
    assert.equal(await page.isChecked('[data-testid="network-toggle"]'), false);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a lesson link in presentation mode shows the network bar beside the narration', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=you-are-the-network&step=3&present', desktop);
  try {
    await page.waitForSelector('[data-present="true"]');
    await page.waitForSelector('[data-testid="lesson-pane"][data-step="3"]');
    await bar(page).waitFor();
    assert.ok(await bar(page).isVisible());
    await option(page, 1, 2).click();
    await page.waitForSelector('[data-testid="choice-1"] .choice-option[data-from="2"][aria-pressed="true"]');
    assert.match(page.url(), /&present/);
    await screenshot(page, 'network-present');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
