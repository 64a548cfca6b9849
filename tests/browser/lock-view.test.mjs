// The lock view: examples/mcs_lock.c on FX100 uses MPI_Win_lock (paper 003's MCS-RW lock on rank
// 0). Stepping from the start, the panel appears with the lock's first step, a writer comes to
// wait behind the readers (WIFLAG set, the writer queue non-empty, the writer spinning), every
// step is explained with its arrow, and the entries the last event touched change as we step.
// Screenshots: light desktop, and dark at phone width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, loadApp, openExample, runExample, screenshot } from './harness.mjs';

const site = useSite();

const view = '[data-testid="lock-view"]';

/** Steps forward until `predicate` (evaluated in the page) holds, at most `max` steps. */
async function stepUntil(page, predicate, max) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(predicate)) return i;
    await page.click('[data-testid="step"]');
  }
  return -1;
}

/** The texts of the lit entries of the lock view. */
async function litEntries(page) {
  return page.$$eval(`${view} .lit`, (els) => els.map((e) => e.closest('[data-testid]')?.dataset.testid + ':' + e.textContent));
}

async function reachWriterWaiting(page) {
  await runExample(page, 'mcs_lock.c');
  assert.match(await page.textContent('[data-testid="console"]'), /counter 4: 2 writers x 2 rounds, no increment lost/);
  await page.click('[data-testid="reset"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
  // The run is known to use the lock, so the panel stays while scrubbing: at event 0 it is free.
  assert.match(await page.textContent('[data-testid="lock-summary"]'), /^free · held by nobody/);
  const steps = await stepUntil(
    page,
    () => document.querySelector('[data-testid="wiflag"]')?.dataset.set === 'true',
    400,
  );
  assert.ok(steps > 0, 'WIFLAG is set within 400 events');
}

test('the lock view decodes the MCS-RW lock as the run steps', async () => {
  const { page, problems, close } = await loadApp(site);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await reachWriterWaiting(page);
    const panel = page.locator(view);
    assert.match(await panel.locator('h2').textContent(), /Lock \(MPI_Win_lock: MCS-RW, on rank 0\)/);
    // A writer waits behind the readers: the flag says so in words, and the summary too.
    assert.match(await page.textContent('[data-testid="wiflag"]'), /WIFLAG set: a writer waits for the readers to leave/);
    assert.equal(await page.getAttribute('[data-testid="waflag"]', 'data-set'), 'false');
    assert.match(await page.textContent('[data-testid="lock-summary"]'), /readers? holds? it; a writer waits for the last reader to leave/);
    assert.match(await page.textContent('[data-testid="lock-holders"]'), /rank/);
    // The writer queue has the waiting writer; w_hd names its node.
    assert.match(await page.textContent('[data-testid="writer-queue"]'), /rank 0/);
    assert.match(await page.textContent('[data-testid="lock-w-hd"]'), /rank 0's node/);
    // The event that set WIFLAG is explained, with its arrow, and rcnt lights up.
    const news = await page.textContent('[data-testid="lock-news"]');
    assert.match(news, /fetch_and_or\(WIFLAG\) on rcnt \(on rank 0\) returned 2 readers → readers hold the lock/);
    assert.ok((await litEntries(page)).some((e) => e.startsWith('lock-rcnt:')), 'rcnt is lit');
    await panel.screenshot({ path: new URL('../screenshots/lock-view-mid-run.png', import.meta.url).pathname });

    // Step on: the lit entries change with the events, and every lock step has its sentence.
    const seen = new Set([(await litEntries(page)).join('|')]);
    let spinner = false;
    let remote = 0;
    for (let i = 0; i < 12; i++) {
      await page.click('[data-testid="step"]');
      seen.add((await litEntries(page)).join('|'));
      remote += await page.locator(`${view} .lock-arrow.remote`).count();
      spinner ||= await page.evaluate(() =>
        /rank 0/.test(document.querySelector('[data-testid="lock-spinners"]')?.textContent ?? ''));
    }
    assert.ok(seen.size >= 3, `lit entries change as we step: ${[...seen].join(' / ')}`);
    assert.ok(remote > 0, 'a remote atomic is drawn as an arrow');
    assert.ok(spinner, 'the waiting writer is shown spinning');
    // Rank 0's queue node: blocked while it waits.
    const node0 = page.locator('[data-testid="lock-node"][data-rank="0"]');
    assert.match(await node0.textContent(), /spins until its blocked equals 0.*blocked true/);

    // Later a reader queues on r_hd behind the active writer.
    const queued = await stepUntil(
      page,
      () => /rank \d/.test(document.querySelector('[data-testid="reader-queue"]')?.textContent ?? ''),
      200,
    );
    assert.ok(queued >= 0, 'a reader queues on r_hd while a writer is active');
    assert.equal(await page.getAttribute('[data-testid="waflag"]', 'data-set'), 'true');
    await screenshot(page, 'lock-view-page');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("another lock scheme: Li et al.'s lock per target, chosen under Protocol and limits", async () => {
  const { page, problems, close } = await loadApp(site);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    // Opening an example sets the lock scheme it was written for; choose another after it.
    await openExample(page, 'mcs_lock.c');
    await page.click('.limits summary');
    await page.selectOption('[data-testid="lock-select"]', 'li');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
    // The lock scheme changes how the lock works, not what the program computes.
    assert.match(await page.textContent('[data-testid="console"]'), /counter 4: 2 writers x 2 rounds, no increment lost/);
    await page.click('[data-testid="reset"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
    const panel = page.locator(view);
    assert.equal(await panel.getAttribute('data-scheme'), 'li');
    assert.match(await panel.locator('h2').textContent(), /Lock \(MPI_Win_lock: li, one per target\)/);
    // One lock per rank, each decoded by core; all free at the start.
    assert.equal(await page.locator('[data-testid="lock-home"]').count(), 4);
    assert.match(await page.textContent('[data-testid="lock-home"][data-rank="0"]'),
      /global word\s*0 readers, 0 writers announced.*local word\s*free.*held by nobody/s);
    // Step until someone holds rank 0's lock: the step that took it is explained with its arrow.
    const steps = await stepUntil(
      page,
      () => !/nobody/.test(document.querySelector('[data-testid="lock-home"][data-rank="0"] [data-testid="lock-home-holders"]')?.textContent ?? 'nobody'),
      400,
    );
    assert.ok(steps > 0, "rank 0's lock is taken within 400 events");
    assert.match(await page.textContent('[data-testid="lock-home"][data-rank="0"]'), /held by rank \d/);
    // The choice travels with the page: the select still says li.
    assert.equal(await page.inputValue('[data-testid="lock-select"]'), 'li');
    let arrows = 0;
    for (let i = 0; i < 20; i++) {
      await page.click('[data-testid="step"]');
      arrows += await page.locator(`${view} .lock-arrow`).count();
    }
    assert.ok(arrows > 0, 'lock steps are drawn as arrows');
    await panel.screenshot({ path: new URL('../screenshots/lock-view-li.png', import.meta.url).pathname });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a run that never locks shows no lock view', async () => {
  const { page, problems, close } = await loadApp(site);
  try {
    await runExample(page, 'ring.c');
    await page.locator('[data-testid="queue-view"]').waitFor();
    assert.equal(await page.locator(view).count(), 0);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the lock view in the dark theme at phone width', async () => {
  const { page, problems, close } = await loadApp(site, '/', {
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
  });
  try {
    await reachWriterWaiting(page);
    const panel = page.locator(view);
    // Nothing overflows the phone's width.
    const box = await panel.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `panel fits: ${JSON.stringify(box)}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 390, `page width ${overflow}`);
    await panel.screenshot({ path: new URL('../screenshots/lock-view-dark-phone.png', import.meta.url).pathname });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the summary never says more readers hold the lock than the holders shown', async () => {
  const { page, problems, close } = await loadApp(site);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await runExample(page, 'mcs_lock.c');
    await page.click('[data-testid="reset"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
    // A reader counted in rcnt by its fetch_and_add whose request has not completed: the
    // summary says it is being granted the lock; it is not listed as holding it.
    const steps = await stepUntil(
      page,
      () => /counted in rcnt/.test(document.querySelector('[data-testid="lock-summary"]')?.textContent ?? ''),
      400,
    );
    assert.ok(steps > 0, 'a reader is counted before it holds the lock within 400 events');
    const summary = await page.textContent('[data-testid="lock-summary"]');
    const holders = await page.textContent('[data-testid="lock-holders"]');
    assert.match(summary, /readers? counted in rcnt: .*(being granted|leaving|wait)/);
    const claimed = Number(/(\d+) holds? it(?! exclusive)/.exec(summary)?.[1] ?? 0);
    const listed = /nobody/.test(holders) ? 0 : (/\(shared\)/.test(holders) ? holders.replace(/.*ranks? /, '').split(',').length : 0);
    assert.equal(claimed, listed, `${summary} beside ${holders}`);
    await page.locator(view).screenshot({ path: new URL('../screenshots/lock-view-counted.png', import.meta.url).pathname });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
