// Lessons in the playground: the lessons page, a lesson walked step by step (each step sets up
// the program, machine and view and stands where it says), a prediction answered and judged by
// running, a task solved by editing the program, progress kept over a reload, the language
// switch, a lesson link in embed and presentation mode, a teacher's own lesson file opened from
// disk and sent as a link, and a broken one explained with its line.
// Screenshots: tests/screenshots/lesson-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadApp, repoRoot, screenshot, useSite } from './harness.mjs';

const site = useSite(['/', '/slides/']);
const desktop = { viewport: { width: 1280, height: 800 } };

const pane = (page) => page.locator('[data-testid="lesson-pane"]');
const stepOf = (page) => pane(page).getAttribute('data-step');
const current = (page) => page.getAttribute('[data-testid="views"]', 'data-current');
const status = (page) => page.textContent('[data-testid="run-status"]');

/** Puts `text` into the editor as a paste would. */
async function paste(page, text) {
  await page.evaluate((text) => {
    const area = document.querySelector('[aria-label="MPI program source"]');
    area.focus();
    area.value = text;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
}

test('walk "Your first MPI program": steps set up the run, a prediction is judged, progress stays', async () => {
  const session = await loadApp(site, '/', desktop);
  const { page, problems, close } = session;
  try {
    await page.click('[data-testid="nav-lessons"]');
    await page.waitForSelector('[data-testid="lessons-page"]');
    assert.ok(await page.locator('.lesson-card').count() >= 2);
    await page.click('[data-testid="open-lesson-first-mpi"]');
    await pane(page).waitFor();
    assert.equal(await stepOf(page), '1');
    assert.equal(await current(page), 'ranks');
    assert.match(await page.textContent('[data-testid="file-name"]'), /^ring\.c$/);
    assert.match(await status(page), /paused at event 0 · .* 4 ranks on FOLON/);

    // Next: the first send — the run stands there, the event log is the view.
    const before = await page.textContent('[data-testid="narration"]');
    await page.click('[data-testid="next-step"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '2');
    assert.notEqual(await page.textContent('[data-testid="narration"]'), before);
    assert.equal(await current(page), 'log');
    assert.match(await status(page), /paused at event [1-9]\d* /);
    assert.ok(await page.locator('.event-log li.current').count() > 0);
    assert.match(page.url(), /#lesson=first-mpi&step=2$/);
    await screenshot(page, 'lesson-step-en');

    // PageDown turns the page (the arrows still step the run).
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '3');
    assert.equal(await current(page), 'queues');
    // What the narration names is outlined: rank 1's posted receives.
    await page.waitForSelector('.queue-row[data-rank="1"] [data-testid="posted"].lesson-hl');
    assert.equal(await page.locator('.lesson-hl').count(), 1);
    const at = await status(page);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((at) => document.querySelector('[data-testid="run-status"]').textContent !== at, at);
    assert.equal(await stepOf(page), '3');

    // Step 4 asks how many messages the ring sends; the answer comes from running it.
    await page.click('[data-testid="next-step"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '4');
    await page.fill('[data-testid="prediction-input"]', '3');
    await page.click('[data-testid="prediction-submit"]');
    const feedback = page.locator('[data-testid="prediction-feedback"]');
    assert.equal(await feedback.getAttribute('data-right'), 'false');
    assert.equal(await page.textContent('[data-testid="prediction-answer"]'), '4');
    await page.fill('[data-testid="prediction-input"]', '4');
    await page.click('[data-testid="prediction-submit"]');
    await page.waitForSelector('[data-testid="prediction-feedback"][data-right="true"]');
    assert.match(await feedback.textContent(), /Each rank sends exactly once/);
    await screenshot(page, 'lesson-prediction');

    // 日本語: the narration, the buttons and the reason.
    await page.click('[data-testid="lang-ja"]');
    await page.waitForSelector('[data-testid="lesson-pane"][lang="ja"]');
    assert.match(await page.textContent('[data-testid="narration"]'), /トークン/);
    assert.match(await page.textContent('[data-testid="next-step"]'), /次へ/);
    await screenshot(page, 'lesson-step-ja');

    // Progress stays: a link without a step opens where the student was, in their language.
    await page.goto(site.server.origin + '/');
    await loadApp(site, '/#lesson=first-mpi', desktop, session);
    await pane(page).waitFor();
    assert.equal(await stepOf(page), '4');
    assert.equal(await pane(page).getAttribute('lang'), 'ja');
    await page.goto(site.server.origin + '/#lessons');
    await page.waitForSelector('[data-testid="lessons-page"]');
    // The pane's 日本語 is the page's language: the lessons page is in Japanese too.
    assert.match(await page.textContent('.lesson-card[data-lesson="first-mpi"]'), /ステップ 4 まで進行/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('"Deadlock hunt": the task fails on the broken program and passes once it is fixed', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=deadlock-hunt&step=1', desktop);
  try {
    await pane(page).waitFor();
    await page.click('[data-testid="lang-en"]');
    assert.match(await status(page), /stopped by an error/);
    await page.click('[data-testid="check-task"]');
    const verdicts = page.locator('[data-testid="task-verdicts"] li');
    assert.ok(await verdicts.count() >= 2);
    assert.ok(await page.locator('[data-testid="task-verdicts"] li.fail').count() >= 1);
    assert.equal(await page.locator('[data-testid="task-solved"]').count(), 0);
    // Fix it (the lesson's own solution), check again: solved.
    const fixed = await readFile(join(repoRoot, 'lessons/deadlock-hunt/tag_mismatch_fixed.c'), 'utf8');
    await paste(page, fixed);
    await page.click('[data-testid="check-task"]');
    await page.waitForSelector('[data-testid="task-solved"]');
    assert.equal(await page.locator('[data-testid="task-verdicts"] li.fail').count(), 0);
    await screenshot(page, 'lesson-task-solved');
    // "Reset step" puts the broken program back.
    await page.click('[data-testid="reset-step"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="task-solved"]'));
    assert.match(await status(page), /stopped by an error/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a lesson link works in embed mode and in presentation mode', async () => {
  const embed = await loadApp(site, '/slides/#lesson=first-mpi&step=3&embed=1', { viewport: { width: 960, height: 640 } });
  try {
    await pane(embed.page).waitFor();
    assert.equal(await stepOf(embed.page), '3');
    assert.equal(await embed.page.locator('.topbar').count(), 0);
    for (const selector of ['[data-testid="narration"]', '.code', '[data-testid="timeline-canvas"]']) {
      const b = await embed.page.locator(selector).first().boundingBox();
      assert.ok(b && b.y >= 0 && b.y < 640 - 20, `${selector} above the fold: ${JSON.stringify(b)}`);
    }
    assert.match(embed.page.url(), /&embed=1$/);
    await screenshot(embed.page, 'lesson-embed');
    assert.deepEqual(embed.problems, []);
  } finally {
    await embed.close();
  }
  const shown = await loadApp(site, '/#lesson=first-mpi&step=2&present', desktop);
  try {
    await shown.page.waitForSelector('[data-present="true"]');
    await pane(shown.page).waitFor();
    assert.ok(await shown.page.locator('[data-testid="views"] [role="tab"]').count() >= 3, 'the view tabs stay in presentation mode');
    assert.ok((await shown.page.$eval('[data-testid="narration"]', (e) => parseFloat(getComputedStyle(e).fontSize))) >= 18);
    await screenshot(shown.page, 'lesson-present');
    assert.deepEqual(shown.problems, []);
  } finally {
    await shown.close();
  }
});

test("a teacher's own lesson file opens from disk, travels in a link; a broken one says where", async () => {
  const { page, problems, close } = await loadApp(site, '/#lessons', desktop);
  try {
    await page.setInputFiles('[data-testid="lesson-file"]', {
      name: 'broken.toml',
      mimeType: 'text/plain',
      buffer: Buffer.from('id = "x"\nlevel = 3\n'),
    });
    await page.waitForSelector('[data-testid="lesson-error"]');
    assert.match(await page.textContent('[data-testid="lesson-error"]'), /^broken\.toml:2:\d+: /);

    const mine = [
      'id = "hello"', 'level = "beginner"', 'languages = ["en"]',
      'title = { en = "Hello, ranks" }', 'summary = { en = "Two ranks." }', '',
      '[[step]]', 'title = { en = "Hello" }', 'narration = { en = "Each rank **prints** one line." }',
      "scenario = { program = \"examples/ring.c\", machine = \"emx\", ranks = 3 }", 'at = "end"', 'views = ["ranks"]',
    ].join('\n');
    await page.setInputFiles('[data-testid="lesson-file"]', {
      name: 'hello.toml', mimeType: 'text/plain', buffer: Buffer.from(mine),
    });
    await pane(page).waitFor();
    assert.equal(await page.textContent('[data-testid="lesson-title"]'), 'Hello, ranks');
    assert.equal(await page.textContent('[data-testid="narration"] strong'), 'prints');
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    assert.match(link.hash, /^#lesson-text=[\w-]+&step=1$/);
    const other = await loadApp(site, `/${link.hash}`, desktop);
    try {
      await pane(other.page).waitFor();
      assert.equal(await other.page.textContent('[data-testid="lesson-title"]'), 'Hello, ranks');
      assert.match(await status(other.page), /finished after \d+ events · .* 3 ranks on EM-X/);
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('"Incast" (paper 002): 64 ranks gather through one switch port; the prediction is judged by the run', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=incast&step=1', desktop);
  try {
    await pane(page).waitFor();
    await page.click('[data-testid="lang-en"]');
    // The question stands before the run: nothing it measures is on screen until answered.
    assert.match(await status(page), /64 ranks on Gigabit Ethernet/);
    assert.doesNotMatch(await status(page), /finished/);
    assert.doesNotMatch(await page.textContent('[data-testid="console"]'), /took/);
    await page.fill('[data-testid="prediction-input"]', '33');
    await page.click('[data-testid="prediction-submit"]');
    await page.waitForSelector('[data-testid="prediction-feedback"][data-right="false"]');
    assert.match(await page.textContent('[data-testid="prediction-answer"]'), /^214 \(192\.6–235\.4\)$/);
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    assert.match(await page.textContent('[data-testid="console"]'), /gather \(ring schedule, delay slot 400 us\) took 214\.0 ms/);
    await screenshot(page, 'lesson-incast');
    // Step 2: one delay slot per rank — a sixth of the time, shown once the choice is made.
    await page.click('[data-testid="next-step"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '2');
    assert.doesNotMatch(await status(page), /finished/);
    await page.click('[data-testid="choice-0"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    assert.match(await page.textContent('[data-testid="console"]'), /took 32\.5 ms/);
    // The narration links the Schedules page, where Algorithm 1 decides this turn by turn.
    assert.equal(await page.getAttribute('[data-testid="narration"] a', 'href'), '#schedule=gather&n=8&step=0');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('"Copying memory without mailboxes" (paper 001): the ACP view shows Fig. 5, the prediction and the task are judged', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=acp-copy&step=4', desktop);
  try {
    await pane(page).waitFor();
    await page.click('[data-testid="lang-en"]');
    await page.waitForSelector('[data-testid="views"][data-current="acp"]');
    assert.match(await status(page), /3 ranks on InfiniBand QDR cluster/);
    // The step stands where rank 0's remote-to-remote copy completes: all of Fig. 5 is listed,
    // and the lesson outlines it.
    const fig5 = await page.textContent('[data-testid="acp-fig5"]');
    assert.match(fig5, /0 → 1 · fetch-and-add tail.*0 → 1 · command write.*1 → 2 · data write.*1 → 0 · completion write/s);
    assert.ok(await page.locator('[data-testid="acp-fig5"].lesson-hl').count() === 1, 'the steps are outlined');
    await page.fill('[data-testid="prediction-input"]', '2');
    await page.click('[data-testid="prediction-submit"]');
    await page.waitForSelector('[data-testid="prediction-feedback"][data-right="false"]');
    assert.match(await page.textContent('[data-testid="prediction-answer"]'), /^14 \(10\.5–17\.5\)$/);
    await screenshot(page, 'lesson-acp-copy');
    // Step 5: the barrier that is not a completion; the task fails as given.
    await page.click('[data-testid="next-step"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '5');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    assert.match(await page.textContent('[data-testid="console"]'), /rank 2 holds 200 201 202 203/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('"Where the microseconds go on a shared bus" (paper 004): the Bus view, the FCP II prediction judged, PVM\'s own route', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=folon-bus&step=2', desktop);
  try {
    await pane(page).waitFor();
    await page.click('[data-testid="lang-en"]');
    await page.waitForSelector('[data-testid="views"][data-current="bus"]');
    // Step 2 stands where rank 0's first FCP send ends: the task-to-task route, FCP's words.
    assert.match(await page.textContent('[data-testid="bus-view"] .panel-head'), /PVM task to task over FCP · FCP$/);
    await page.fill('[data-testid="prediction-input"]', '4.2');
    await page.click('[data-testid="prediction-submit"]');
    await page.waitForSelector('[data-testid="prediction-feedback"][data-right="false"]');
    assert.match(await page.textContent('[data-testid="prediction-answer"]'), /^218\.3 \(163\.725–272\.875\)$/);
    await screenshot(page, 'lesson-folon-bus');
    // Step 4: FCP II, whose areas are two words; the prediction answered right.
    await page.click('[data-testid="next-step"]');
    await page.click('[data-testid="next-step"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '4');
    // It stands at the first bus access: the one-way time it asks for is not printed yet.
    assert.match(await page.textContent('[data-testid="bus-view"] .panel-head'), /· FCP II$/);
    assert.doesNotMatch(await status(page), /finished/);
    await page.fill('[data-testid="prediction-input"]', '90');
    await page.click('[data-testid="prediction-submit"]');
    await page.waitForSelector('[data-testid="prediction-feedback"][data-right="true"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    // Step 5: PVM's own route over the daemons; the bus is idle.
    await page.click('[data-testid="next-step"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '5');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    assert.match(await page.textContent('[data-testid="bus-view"] .panel-head'), /pvmd to pvmd over UDP/);
    assert.match(await page.textContent('[data-testid="bus-status"]'), /carries nothing on this route/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
