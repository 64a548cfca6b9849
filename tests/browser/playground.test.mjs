// The playground as a student uses it, in a real headless Chromium: play a run to the end, pause a
// long one, step back, scrub, jump from the event log, share with options, and reload (the embed: embed.test.mjs)
// without losing the edit. Screenshots go to tests/screenshots/ (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp as load, openExample, runExample, screenshot, showView, useSite } from './harness.mjs';

const site = useSite(['/', '/slides/']);

const desktop = { viewport: { width: 1280, height: 900 } };

const loadApp = (path, options = desktop, session) => load(site, path, options, session);

const source = (page) => page.inputValue('[aria-label="MPI program source"]');
const statusText = (page) => page.locator('[data-testid="run-status"]').textContent();
const position = async (page) => Number(await page.inputValue('[data-testid="scrubber"]'));

test('run to the end, step back, scrub, and jump to an event from the log', async () => {
  const { page, problems, close } = await loadApp('/');
  try {
    await runExample(page, 'pingpong_naive.c');
    const end = await position(page);
    assert.ok(end > 20, `the run has events (${end})`);
    const console = await page.textContent('[data-testid="console"]');
    assert.match(console, /one-way latency/);

    // Step back: the state is the earlier one and the log's current line moves with it.
    await page.check('[data-testid="every-event"]');
    await page.click('[data-testid="back"]');
    await page.locator('[data-testid="run-status"]', { hasText: `paused at event ${end - 1}` }).waitFor();

    // Scrub to the middle: the whole run stays known, the future is shown faded in the log.
    const middle = Math.floor(end / 2);
    await page.$eval('[data-testid="scrubber"]', (el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, middle);
    await page.locator('[data-testid="run-status"]', { hasText: `paused at event ${middle}` }).waitFor();
    assert.equal(await page.getAttribute('[data-testid="scrubber"]', 'max'), String(end));
    assert.ok((await page.locator('.event-log li.future').count()) > 0, 'future events are listed');
    assert.doesNotMatch(await page.textContent('[data-testid="console"]'), /one-way latency/,
      'halfway through, the result is not printed yet');
    await screenshot(page, 'playground-scrubbed');

    // Jump: click a future line of the log (one tab away); it becomes the current line.
    await showView(page, 'log');
    const future = page.locator('.event-log li.future').last();
    const record = await future.getAttribute('data-record');
    await future.locator('button').click();
    await page.waitForSelector(`.event-log li.current[data-record="${record}"]`);
    assert.ok((await position(page)) > middle);

    // Reset and play again to the very same end.
    await page.click('[data-testid="reset"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: `finished after ${end} events` }).waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('no example panics: each runs to its end, its runtime error or its compile errors', async () => {
  const { page, problems, close } = await loadApp('/');
  try {
    const labels = await page.$$eval('[data-testid="example-select"] option', (os) =>
      os.filter((o) => o.value !== '').map((o) => o.textContent));
    for (const label of labels) {
      await openExample(page, label);
      await page.click('[data-testid="run"]');
      const outcome = page.locator('[data-testid="run-status"]', { hasText: /finished|stopped/ })
        .or(page.locator('[data-testid="diagnostics"]'));
      // A loop that never calls MPI stops for 5 s with a hint; a person reads it and continues
      // (the error examples' runaway loop) until the operation limit ends the run.
      const hint = page.locator('[data-testid="quiet-hint"]');
      for (;;) {
        await outcome.first().or(hint).first().waitFor({ timeout: 180000 });
        if (!(await hint.isVisible())) break;
        assert.ok(label.startsWith('errors/'), `${label}: no MPI call for 5 s`);
        await page.click('[data-testid="quiet-continue"]');
        await hint.waitFor({ state: 'hidden' });
      }
      const text = await outcome.first().textContent();
      if (label.startsWith('errors/')) {
        assert.match(text, /stopped|error/, `${label} ends with its error`);
      } else {
        assert.match(text, /finished after/, `${label} finishes`);
      }
      assert.equal(await page.locator('.panic-banner').count(), 0, `${label}: no panic`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the console shows every rank, or the one you pick', async () => {
  const { page, problems, close } = await loadApp('/');
  try {
    await runExample(page, 'wildcard_server.c');
    const all = await page.textContent('[data-testid="console"]');
    assert.match(all, /\[rank 0 @/);
    assert.match(all, /\[rank 3 @/);
    await showView(page, 'ranks');
    await page.selectOption('[data-testid="console-rank"]', '3');
    const mine = await page.textContent('[data-testid="console"]');
    assert.match(mine, /\[rank 3 @/);
    assert.doesNotMatch(mine, /\[rank [0124] @/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a long run plays in chunks: it can be paused, slowed down and continued', async () => {
  const { page, problems, close } = await loadApp('/');
  try {
    await openExample(page, 'halo_sweep.c');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'running…' }).waitFor();
    // The page answers while it simulates: the Pause button works mid-run.
    await page.click('[data-testid="pause"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event' }).waitFor();
    const paused = await position(page);
    assert.ok(paused > 0 && paused < 800000, `paused mid-run at ${paused}`);
    await page.waitForTimeout(300);
    assert.equal(await position(page), paused, 'a paused run stays put');

    // Slow speed: about ten events a second.
    await page.selectOption('[data-testid="speed-select"]', 'walk');
    await page.click('[data-testid="run"]');
    await page.waitForTimeout(1000);
    await page.click('[data-testid="pause"]');
    const walked = (await position(page)) - paused;
    assert.ok(walked >= 3 && walked <= 30, `walked ${walked} events in about a second`);
    await screenshot(page, 'playground-long-run-paused');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test("paper 000's matching engines: both sides, naive ping-pong, crossing requests explained", async () => {
  const { page, problems, close } = await loadApp('/');
  try {
    await openExample(page, 'pingpong_naive.c');
    await page.click('.limits summary');
    await page.selectOption('[data-testid="engine-select"]', 'both-sides:sync');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    assert.match(await page.textContent('[data-testid="console"]'), /one-way latency: [\d.]+ us/);
    // Step back into the run until the log shows a crossing resolved as in Fig. 7.
    await page.$eval('[data-testid="scrubber"]', (el) => {
      el.value = String(Math.floor(Number(el.max) / 2));
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="event-log"] li')].some((li) => /Fig\. 7/.test(li.textContent)));
    await screenshot(page, 'engine-both-sides-sync');
    // The queue view: step until a request-issued entry is out, and a lit entry shows it moving.
    const view = page.locator('[data-testid="queue-view"]');
    assert.match(await view.textContent(), /engine: both-sides:sync/);
    let issued = 0;
    for (let i = 0; i < 40 && issued === 0; i++) {
      await page.click('[data-testid="step"]');
      issued = await page.locator('[data-testid="issued"] .entry').count();
    }
    assert.ok(issued > 0, 'a request-issued entry appears within 40 steps');
    await view.screenshot({ path: new URL('../screenshots/queues-mid-run.png', import.meta.url).pathname });
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    const other = await loadApp(link.pathname + link.hash);
    try {
      await other.page.waitForFunction(() =>
        document.querySelector('[data-testid="engine-select"]')?.value === 'both-sides:sync');
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('run limits stop a runaway loop where the user says', async () => {
  const { page, problems, close } = await loadApp('/');
  try {
    await openExample(page, 'errors/runaway_loop.c');
    await page.click('.limits summary');
    await page.fill('[data-testid="max-ops"]', '123456');
    await page.press('[data-testid="max-ops"]', 'Tab');
    await page.click('[data-testid="run"]');
    const error = await page.waitForSelector('[data-testid="run-error"]');
    assert.match(await error.textContent(), /123456/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('share link carries program, machine, ranks, speed and limits', async () => {
  const { page, problems, close } = await loadApp('/');
  try {
    await openExample(page, 'ring.c');
    await page.selectOption('[data-testid="speed-select"]', 'brisk');
    await page.click('.limits summary');
    await page.fill('[data-testid="max-events"]', '4321');
    await page.press('[data-testid="max-events"]', 'Tab');
    await page.click('[data-testid="share"]');
    const link = await page.inputValue('[data-testid="share-link"]');
    assert.equal(link, page.url());
    assert.match(link, /#s=[A-Za-z0-9_-]+$/);
    await screenshot(page, 'playground-share-bar');
    const program = await source(page);

    const other = await loadApp(new URL(link).pathname + new URL(link).hash);
    try {
      await other.page.waitForFunction(
        (text) => document.querySelector('[aria-label="MPI program source"]')?.value === text,
        program,
      );
      assert.equal(await other.page.inputValue('[data-testid="profile-select"]'), 'folon');
      assert.equal(await other.page.inputValue('[data-testid="ranks-input"]'), '6');
      assert.equal(await other.page.inputValue('[data-testid="speed-select"]'), 'brisk');
      assert.equal(await other.page.inputValue('[data-testid="max-events"]'), '4321');
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('an edit survives a reload (autosave), and a share link still wins over it', async () => {
  const session = await loadApp('/');
  const { page, problems, close } = session;
  try {
    const program = '/* my own work */\nint main(int argc, char **argv) {\n    return 0;\n}\n';
    await page.fill('[aria-label="MPI program source"]', program);
    await page.selectOption('[data-testid="profile-select"]', 'fx100');
    // The page has taken the choice (a reload in the same instant may come before it renders;
    // no person is that fast, a loaded test machine is).
    await page.waitForFunction(() => localStorage.getItem('rankscope.autosave.v1')?.includes('"fx100"'));
    await page.reload();
    await page.waitForSelector('[data-testid="app"][data-ready="true"]');
    await page.waitForFunction(
      (text) => document.querySelector('[aria-label="MPI program source"]')?.value === text,
      program,
    );
    assert.equal(await page.inputValue('[data-testid="profile-select"]'), 'fx100');

    // Opening a share link in the same browser shows the link's program, not the autosave.
    // (Opening the example over the unkept program asks first: open it without keeping.)
    await openExample(page, 'ring.c');
    await page.click('[data-testid="open-anyway"]');
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    await page.fill('[aria-label="MPI program source"]', program);
    await page.goto(site.server.origin + '/');
    await loadApp(link.pathname + link.hash, desktop, session);
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="MPI program source"]')?.value.includes('the token came back'));
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('light, dark and phone layouts of a finished run', async () => {
  for (const [name, options] of [
    ['playground-desktop-light', { viewport: { width: 1280, height: 720 } }],
    ['playground-desktop-dark', { viewport: { width: 1280, height: 720 }, colorScheme: 'dark' }],
    ['playground-phone', { viewport: { width: 390, height: 844 }, isMobile: true }],
    ['playground-phone-dark', { viewport: { width: 390, height: 844 }, isMobile: true, colorScheme: 'dark' }],
  ]) {
    const { page, problems, close } = await loadApp('/', options);
    try {
      await openExample(page, 'collectives.c');
      await page.click('[data-testid="run"]');
      await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name}: no horizontal scrolling (overflow ${overflow}px)`);
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
      });
      assert.ok(fonts.some((f) => f.includes('Inter')), `self-hosted fonts load (${fonts})`);
      await screenshot(page, name);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  }
});
