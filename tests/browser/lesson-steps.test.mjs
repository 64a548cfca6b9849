// Lessons show what they talk about (issue 29, items 2, 3, 4 and 7): every step of every shipped
// lesson walked with Next at 1280×800 and in presentation mode at 1920×1080 and 1024×768 — the view it names
// is the one shown, everything it outlines is at least 90 % inside the viewport (and inside the
// panels that clip it), its title and first paragraph are in sight; a prediction hides what
// answers it until answered, then reveals it with each choice's value; the pane's feedback is
// scrolled into view and Next opens the following step at its top; a step's time window zooms
// the timeline, the future past the step drawn faded.
// Screenshots: tests/screenshots/lesson-steps-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadApp, repoRoot, screenshot, useSite } from './harness.mjs';

const site = useSite(['/']);
const desktop = { viewport: { width: 1280, height: 800 } };
const projector = { viewport: { width: 1920, height: 1080 } };
const small = { viewport: { width: 1024, height: 768 } };

const pane = '[data-testid="lesson-pane"]';
const status = (page) => page.textContent('[data-testid="run-status"]');

/** The shipped lessons' ids, read from lessons/*.toml. */
async function lessonIds() {
  const dir = join(repoRoot, 'lessons');
  const ids = [];
  for (const f of (await readdir(dir)).filter((f) => f.endsWith('.toml')).sort()) {
    const m = /^id = "([^"]+)"/m.exec(await readFile(join(dir, f), 'utf8'));
    ids.push(m[1]);
  }
  return ids;
}

/** Waits until the pane shows step `k` and two frames have been drawn after it. */
async function onStep(page, k) {
  await page.waitForFunction((k) => document.querySelector('[data-testid="lesson-pane"]')?.dataset.step === String(k), k, { timeout: 60000 });
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

/**
 * For each outlined element: how much of it is in sight — inside the viewport and inside every
 * ancestor that clips it (overflow other than visible). An element wider or taller than the
 * box that holds it counts as in sight along that side when it fills the box (no box can show
 * more of it).
 */
const outlined = (page) =>
  page.$$eval('.lesson-hl', (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      let box = { l: r.left, t: r.top, r: r.right, b: r.bottom };
      let room = { w: r.width, h: r.height };
      const cut = (c) => {
        box = { l: Math.max(box.l, c.left), t: Math.max(box.t, c.top), r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom) };
        room = { w: Math.min(room.w, c.right - c.left), h: Math.min(room.h, c.bottom - c.top) };
      };
      cut({ left: 0, top: 0, right: innerWidth, bottom: innerHeight });
      for (let a = el.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (/(auto|scroll|hidden|clip)/.test(s.overflow + s.overflowX + s.overflowY)) cut(a.getBoundingClientRect());
        if (s.display === 'none' || s.visibility === 'hidden') box = { l: 0, t: 0, r: 0, b: 0 };
      }
      const w = Math.max(0, box.r - box.l);
      const h = Math.max(0, box.b - box.t);
      const seen = (w / Math.max(1, room.w)) * (h / Math.max(1, room.h));
      return { what: el.dataset.testid || el.className, seen, y: [Math.round(r.top), Math.round(r.bottom)] };
    }),
  );

/** Whether the step's title and first paragraph are inside the pane's visible body. */
const headVisible = (page) =>
  page.evaluate(() => {
    const body = document.querySelector('[data-testid="lesson-body"]').getBoundingClientRect();
    const inside = (el) => {
      const r = el.getBoundingClientRect();
      return r.top >= body.top - 1 && r.bottom <= body.bottom + 1 && r.bottom <= innerHeight && r.height > 0;
    };
    const title = document.querySelector('[data-testid="step-title"]');
    const first = document.querySelector('[data-testid="narration"] > :first-child');
    return { title: inside(title), first: inside(first) };
  });

for (const [name, options, present] of [
  ['1280×800', desktop, false],
  ['presentation 1920×1080', projector, true],
  ['presentation 1024×768', small, true],
]) {
  test(`every step of every shipped lesson shows its view and what it outlines (${name})`, async () => {
    const ids = await lessonIds();
    assert.ok(ids.length >= 10, `${ids.length} lessons`);
    const failures = [];
    let steps = 0;
    for (const id of ids) {
      const session = await loadApp(site, `/#lesson=${id}&step=1${present ? '&present' : ''}`, options);
      const { page, problems, close } = session;
      try {
        await onStep(page, 1);
        await page.click('[data-testid="lang-en"]');
        const count = Number((await page.textContent('[data-testid="step-count"]')).split('/')[1]);
        for (let k = 1; k <= count; k++) {
          if (k > 1) {
            await page.click('[data-testid="next-step"]');
            await onStep(page, k);
          }
          steps++;
          const where = `${id} step ${k}`;
          const view = await page.getAttribute(pane, 'data-view');
          if (view) {
            const shown = await page.getAttribute('[data-testid="views"]', 'data-current');
            if (shown !== view) failures.push(`${where}: names the ${view} view, shows ${shown}`);
          }
          const wanted = Number(await page.getAttribute(pane, 'data-highlights'));
          const hl = await outlined(page);
          if (wanted > 0 && hl.length === 0) failures.push(`${where}: nothing outlined`);
          for (const h of hl) {
            if (h.seen < 0.9) failures.push(`${where}: ${h.what} only ${Math.round(h.seen * 100)} % in sight (y ${h.y})`);
          }
          if (!present) {
            const head = await headVisible(page);
            if (!head.title || !head.first) failures.push(`${where}: title ${head.title}, first paragraph ${head.first} in sight`);
          }
        }
        if (id === 'matching') await screenshot(page, `lesson-steps-${present ? `present-${options.viewport.width}` : '1280'}${options === small ? '-matching' : ''}`);
        if (id === 'you-are-the-network' && options === small) await screenshot(page, 'lesson-steps-present-1024-network');
        assert.deepEqual(problems, [], id);
      } finally {
        await close();
      }
    }
    assert.ok(steps >= 51, `${steps} steps walked`);
    assert.deepEqual(failures, []);
  });
}

test('a prediction hides its answer until answered, then reveals it with each choice\'s value', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=first-mpi&step=6', desktop);
  try {
    await onStep(page, 6);
    await page.click('[data-testid="lang-en"]');
    // "When does it end?": the status does not say, the timeline draws nothing past the start.
    assert.equal(await page.getAttribute(pane, 'data-predicting'), 'true');
    assert.doesNotMatch(await status(page), /finished/);
    assert.equal(await page.$eval('[data-testid="timeline-canvas"]', (c) => c.dataset.futureArrows ?? '0'), '0');
    await page.fill('[data-testid="prediction-input"]', '20');
    await page.click('[data-testid="prediction-submit"]');
    await page.waitForSelector('[data-testid="prediction-feedback"]');
    // Revealed: the run stands at its end and the status gives the time the answer names.
    await page.waitForFunction(() => /finished/.test(document.querySelector('[data-testid="run-status"]').textContent));
    const answer = (await page.textContent('[data-testid="prediction-answer"]')).split(' ')[0];
    assert.match(await status(page), new RegExp(answer.replace('.', '\\.')));
    assert.equal(await page.getAttribute(pane, 'data-predicting'), 'false');

    // Incast: "how long does the gather take?" — the console does not print it before.
    await page.goto(site.server.origin + '/#lesson=incast&step=1');
    await onStep(page, 1);
    const consoleText = () => page.textContent('[data-testid="console"]').catch(() => '');
    assert.doesNotMatch(await consoleText(), /took/);
    await page.fill('[data-testid="prediction-input"]', '100');
    await page.click('[data-testid="prediction-submit"]');
    await page.waitForFunction(() => /took/.test(document.querySelector('[data-testid="console"]')?.textContent ?? ''), null, { timeout: 60000 });
    const took = (await page.textContent('[data-testid="prediction-answer"]')).split(' ')[0];
    assert.match(await consoleText(), new RegExp(`took ${took.replace('.', '\\.')}`));

    // A choice: after answering, each choice's measured value is listed.
    await page.click('[data-testid="next-step"]');
    await onStep(page, 2);
    assert.equal(await page.locator('[data-testid="prediction-values"]').count(), 0);
    assert.doesNotMatch(await status(page), /finished/);
    await page.click('[data-testid="choice-0"]');
    await page.waitForSelector('[data-testid="prediction-values"]');
    const values = await page.$$eval('[data-testid="prediction-values"] li', (lis) => lis.map((li) => li.textContent));
    assert.ok(values.length >= 2, values.join(' | '));
    for (const v of values) assert.match(v, /: \d+(\.\d+)? \(/, v);
    await screenshot(page, 'lesson-steps-choice-values');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the pane shows its own feedback, Next opens a step at its top, the key hint stays clear', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=mcs-lock&step=8', desktop);
  try {
    await onStep(page, 8);
    await page.click('[data-testid="lang-en"]');
    await page.click('[data-testid="choice-0"]').catch(async () => {
      await page.fill('[data-testid="prediction-input"]', '1');
      await page.click('[data-testid="prediction-submit"]');
    });
    const feedback = page.locator('[data-testid="prediction-feedback"]');
    await feedback.waitFor();
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const seen = await page.evaluate(() => {
      const f = document.querySelector('[data-testid="prediction-feedback"] p').getBoundingClientRect();
      const body = document.querySelector('[data-testid="lesson-body"]').getBoundingClientRect();
      return f.top >= body.top - 1 && f.bottom <= body.bottom + 1 && f.bottom <= innerHeight;
    });
    assert.ok(seen, 'the verdict line is inside the pane, in sight');
    await screenshot(page, 'lesson-steps-feedback-1280');
    // The pane is scrolled down now; Next opens step 9 at its top.
    assert.ok(await page.$eval('[data-testid="lesson-body"]', (b) => b.scrollTop) > 0);
    await page.click('[data-testid="next-step"]');
    await onStep(page, 9);
    assert.equal(await page.$eval('[data-testid="lesson-body"]', (b) => b.scrollTop), 0);
    assert.deepEqual(await headVisible(page), { title: true, first: true });
    // The key hint does not cover the narration or the buttons.
    const overlap = await page.evaluate(() => {
      const k = document.querySelector('[data-testid="lesson-keys"]').getBoundingClientRect();
      return ['[data-testid="narration"]', '[data-testid="step-title"]', '[data-testid="next-step"]'].some((s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return k.width > 0 && k.left < r.right && r.left < k.right && k.top < r.bottom && r.top < k.bottom;
      });
    });
    assert.equal(overlap, false);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a step\'s time window zooms the timeline; the future past the step is drawn faded', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=first-mpi&step=2', desktop);
  try {
    await onStep(page, 2);
    const [from, to] = (await page.getAttribute(pane, 'data-window')).split(',').map(Number);
    assert.ok(to > from, `${from}..${to}`);
    await page.waitForFunction(
      ([from, to]) => {
        const c = document.querySelector('[data-testid="timeline-canvas"]');
        const s = Number(c.dataset.viewStart);
        const e = Number(c.dataset.viewEnd);
        return s <= from && e >= to && e - s < 1.2 * (to - from);
      },
      [from, to],
    );
    await screenshot(page, 'lesson-steps-window');
    // The whole run: what comes after the step is known and drawn faded.
    await page.click('[data-testid="timeline-fit"]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="timeline-canvas"]').dataset.futureArrows) > 0);
    // Presentation mode on a small projector: the same step.
    await page.setViewportSize(small.viewport);
    await page.goto(site.server.origin + '/#lesson=mcs-lock&step=4&present');
    await onStep(page, 4);
    await screenshot(page, 'lesson-steps-present-1024');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('deadlock-hunt step 1 names tag 1, and the queue it outlines shows the tag', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=deadlock-hunt&step=1', desktop);
  try {
    await onStep(page, 1);
    await page.click('[data-testid="lang-en"]');
    assert.match(await page.textContent('[data-testid="narration"]'), /tag 1/);
    const queue = page.locator('.queue-row[data-rank="1"] [data-testid="unexpected"]');
    assert.match(await queue.textContent(), /from 0 · tag 1/);
    assert.equal(await queue.evaluate((q) => q.classList.contains('lesson-hl')), true);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
