// Issue 29 items 5 and 10, as a person meets them: long lines soft-wrap on the desktop page and
// in a read-only embed too (the "Wrap" box turns it off, remembered), every line's end inside the code box and every
// gutter number beside its line, at 1280×800 and presenting a lesson at 1024×768 (where the code
// column is wider than the run's); a 4-rank run presenting at 1024×768 shows all four rows; a
// 5,000-line program wrapped draws only a window of lines; a rank filter typed into a 64-rank
// timeline travels in the share link and the autosave and opens filtered; a bad filter in a link
// is said, not a panic; the schedules page's PE colours keep their contrast.
// Screenshots (look at them): tests/screenshots/wrap-desktop-1280.png, wrap-lesson-present-1024.png,
// wrap-present-1024-ranks.png, wrap-embed-readonly-960.png, wrap-5000-lines.png, rows-link-filtered.png, schedule-colours-dark.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bigProgram, loadApp, openExample, pasteProgram, screenshot, useSite } from './harness.mjs';

const site = useSite();
const SRC = '[aria-label="MPI program source"]';
const CANVAS = '[data-testid="timeline-canvas"]';

/** Every drawn source line of the overlay: its number, first row's top, bottom, and last
 * visible character's box (spaces left out). */
const lineBoxes = (page) =>
  page.evaluate(() => {
    const overlay = document.querySelector('[data-testid="code-overlay"]');
    const walker = document.createTreeWalker(overlay, NodeFilter.SHOW_TEXT);
    const lines = [[]];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement.closest('.diag-msgs')) continue;
      for (let i = 0; i < n.data.length; i++) {
        if (n.data[i] === '\n') lines.push([]);
        else lines.at(-1).push([n, i]);
      }
    }
    const box = ([n, i]) => {
      const r = document.createRange();
      r.setStart(n, i);
      r.setEnd(n, i + 1);
      const b = [...r.getClientRects()].at(-1) ?? r.getBoundingClientRect();
      return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
    };
    // A window of lines ends with the newline after its last line: no line follows it.
    if (overlay.textContent.endsWith('\n')) lines.pop();
    const first = Number(overlay.dataset.firstLine ?? 1);
    return lines.map((cs, k) => {
      const visible = cs.filter(([n, i]) => n.data[i] !== ' ' && n.data[i] !== '\t');
      if (visible.length === 0) return { line: first + k, empty: true };
      const boxes = visible.map(box);
      return {
        line: first + k,
        top: Math.min(...boxes.map((b) => b.top)),
        lastTop: Math.max(...boxes.map((b) => b.top)),
        bottom: Math.max(...boxes.map((b) => b.bottom)),
        right: Math.max(...boxes.map((b) => b.right)),
        last: boxes.at(-1),
      };
    });
  });

/** Asserts every drawn line ends inside the code box, the gutter's number of each stands at its
 * first row, and one ↪ marks each continued row. Returns how many lines wrap. */
async function assertWrappedAndAligned(page, what) {
  const code = await page.$eval('.code', (c) => {
    const r = c.getBoundingClientRect();
    return { left: r.left, right: r.left + c.clientWidth, scrolls: c.scrollWidth > c.clientWidth };
  });
  assert.equal(code.scrolls, false, `${what}: no sideways scrolling`);
  const lines = await lineBoxes(page);
  const lineH = await page.$eval('.gutter', (el) => parseFloat(getComputedStyle(el).lineHeight));
  const numbers = await page.$$eval('.gutter .ln:not(.wrapped)', (els) =>
    els.map((e) => ({ n: Number(e.textContent), top: e.getBoundingClientRect().top })));
  const markers = await page.locator('[data-testid="wrap-marker"]').count();
  let wrapped = 0;
  let rows = 0;
  for (const l of lines) {
    if (l.empty) { rows += 1; continue; }
    assert.ok(l.last.right <= code.right && l.last.left >= code.left,
      `${what}: line ${l.line} ends inside the code box (${l.last.right} ≤ ${code.right})`);
    const g = numbers.find((x) => x.n === l.line);
    assert.ok(g && Math.abs(g.top - l.top) < lineH * 0.6, `${what}: gutter ${l.line} at ${g?.top}, its text at ${l.top}`);
    const r = 1 + Math.round((l.lastTop - l.top) / lineH);
    rows += r;
    if (r > 1) wrapped++;
  }
  assert.equal(rows, lines.length + markers, `${what}: one ↪ per continued row`);
  return wrapped;
}

test('desktop 1280×800: long lines wrap with ↪ (gutter aligned); unticking Wrap scrolls sideways, remembered', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await openExample(page, 'ring.c');
    // The person clicks into the program and types a long line at its end.
    await page.click(SRC);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n/* a long comment typed at the end of the program, far wider than the code column of the desktop page */');
    await page.waitForFunction(() => document.querySelector('.editor .panel-head .muted').textContent.includes('29 lines'));
    assert.equal(await page.isChecked('[data-testid="wrap-toggle"]'), true, 'wrapping is on by default');
    const wrapped = await assertWrappedAndAligned(page, 'desktop');
    assert.ok(wrapped >= 3, `the long lines wrap (${wrapped})`);
    // The caret after the last character is on the last row of the typed line, in the box.
    const area = await page.$eval(SRC, (t) => ({ sh: t.scrollHeight, ch: t.clientHeight }));
    assert.ok(area.sh <= area.ch + 1, `the textarea breaks its rows where the overlay does: ${JSON.stringify(area)}`);
    await screenshot(page, 'wrap-desktop-1280');
    // Wrap off: one row per line, the code box scrolls sideways; remembered after a reload.
    await page.click('[data-testid="wrap-toggle"]');
    await page.waitForFunction(() => !document.querySelector('.code').classList.contains('wrapped'));
    assert.equal(await page.$eval('.code', (c) => c.scrollWidth > c.clientWidth), true, 'unwrapped, it scrolls sideways');
    assert.equal(await page.locator('[data-testid="wrap-marker"]').count(), 0);
    await page.reload();
    await page.waitForSelector('[data-testid="app"][data-ready="true"]');
    assert.equal(await page.isChecked('[data-testid="wrap-toggle"]'), false, 'the choice is remembered');
    await page.click('[data-testid="wrap-toggle"]');
    await page.waitForSelector('.code.wrapped');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('presenting a lesson at 1024×768: a wider code column, every line ends inside it, the gutter aligned', async () => {
  const { page, problems, close } = await loadApp(site, '/#lesson=mcs-lock&step=3&present', { viewport: { width: 1024, height: 768 } });
  try {
    // The person clicks Next (step 4, where the writers take the lock), then steps with the keys.
    await page.click('[data-testid="next-step"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="step-count"]')?.textContent.includes('4 /'));
    await page.waitForSelector('[data-testid="line-mark-focused"], [data-testid="line-mark"]');
    const wrapped = await assertWrappedAndAligned(page, 'lesson 1024');
    const m = await page.evaluate(() => ({
      perRow: Number(document.querySelector('.code').dataset.wrap),
      code: document.querySelector('.col-code').getBoundingClientRect().width,
      run: document.querySelector('.col-run').getBoundingClientRect().width,
    }));
    // 30 columns a row before (mcs_lock.c: 33 of 58 lines wrapped); now the code's column is
    // the wider one.
    assert.ok(m.perRow >= 40 && m.code > m.run * 1.3, `code column ${JSON.stringify(m)}, ${wrapped} lines wrap`);
    // What the step outlines and the run's controls are on screen.
    const outlines = await page.$$eval('.lesson-hl', (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      const inside = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) / Math.max(1, r.height);
      return { inside, what: e.className };
    }));
    assert.ok(outlines.length >= 1, 'the step outlines something');
    for (const o of outlines) assert.ok(o.inside >= 0.9, `outlined ${o.what}: ${(o.inside * 100).toFixed(0)} % in sight`);
    const step = await page.$eval('[data-testid="step"]', (b) => b.getBoundingClientRect().bottom);
    assert.ok(step <= 768, 'Step is on screen');
    await screenshot(page, 'wrap-lesson-present-1024');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a read-only embed at 960×640 wraps too: every line ends inside the code box, the gutter aligned', async () => {
  const { page, problems, close } = await loadApp(site, '/#embed=1&readonly', { viewport: { width: 960, height: 640 } });
  try {
    await page.waitForSelector('.code-overlay.read-only');
    await page.waitForSelector('.code.wrapped');
    // The person runs it and steps with the keys: the marks take the wrapped rows too.
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await page.click('[data-testid="reset"]');
    for (let i = 0; i < 3; i++) await page.keyboard.press('m');
    const wrapped = await assertWrappedAndAligned(page, 'embed');
    assert.ok(wrapped >= 2, `the starter's long lines wrap (${wrapped})`);
    await screenshot(page, 'wrap-embed-readonly-960');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('presenting at 1024×768: all four ranks of a 4-rank run are rows inside the viewport', async () => {
  // first-mpi's 4-rank steps: on main before this change the last row fell 31 px below the
  // timeline's area (three of four ranks in sight).
  const { page, problems, close } = await loadApp(site, '/#lesson=first-mpi&step=1&present', { viewport: { width: 1024, height: 768 } });
  try {
    const rowsInside = async (step) => {
      await page.waitForFunction((n) => document.querySelector('[data-testid="step-count"]')?.textContent.includes(`${n} /`), step);
      await page.waitForFunction((sel) => {
        const c = document.querySelector(sel)?.getBoundingClientRect();
        const a = document.querySelector('.area-timeline').getBoundingClientRect();
        return c && c.bottom <= a.bottom + 1 && c.bottom <= innerHeight;
      }, CANVAS, { timeout: 5000 }).catch(() => {});
      const d = await page.$eval(CANVAS, (c) => {
        const r = c.getBoundingClientRect();
        const a = document.querySelector('.area-timeline').getBoundingClientRect();
        return { rows: c.dataset.rows, rowH: Number(c.dataset.rowHeight), bottom: r.bottom, area: a.bottom, vh: innerHeight };
      });
      assert.equal(d.rows, '0,1,2,3', `step ${step}`);
      assert.ok(d.bottom <= d.area + 1 && d.bottom <= d.vh, `step ${step}: the last row is inside the area and the viewport: ${JSON.stringify(d)}`);
      assert.ok(d.rowH >= 18, `step ${step}: rows of ${d.rowH} px, tall enough for their labels`);
    };
    // The person clicks Next, then turns the next page with the clicker (PageDown).
    await page.click('[data-testid="next-step"]');
    await rowsInside(2);
    await screenshot(page, 'wrap-present-1024-ranks');
    await page.keyboard.press('PageDown');
    await rowsInside(3);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a 5,000-line program with long lines, wrapped: a window of lines is drawn, aligned, wherever it scrolls', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    const lines = bigProgram(5000).split('\n');
    // Every 7th block comment made long enough to wrap twice.
    const text = lines.map((l, i) => (l.startsWith('/* block') && i % 7 === 0 ? `${l} /* ${'wide '.repeat(24)}*/` : l)).join('\n');
    await pasteProgram(page, text);
    await page.waitForSelector('.code.wrapped');
    const drawn = async () => page.$eval('[data-testid="code-overlay"]', (o) => ({
      first: Number(o.dataset.firstLine), count: o.textContent.split('\n').length,
    }));
    const top = await drawn();
    assert.ok(top.count < 400, `a window, not 5,000 lines (${top.count})`);
    await assertWrappedAndAligned(page, 'top');
    // Scroll the code box to the middle, as a wheel would: the window follows, still aligned.
    await page.hover('.code');
    for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 3000);
    await page.waitForFunction((first) => Number(document.querySelector('[data-testid="code-overlay"]').dataset.firstLine) > first + 1000, top.first);
    const mid = await drawn();
    assert.ok(mid.count < 400, `a window (${mid.count} lines from ${mid.first})`);
    const value = (await page.inputValue(SRC)).split('\n');
    // The window's first line and its text read together (the wheel's last scrolls may still
    // move the window between two reads).
    const shown = await page.$eval('[data-testid="code-overlay"]', (o) => ({
      first: Number(o.dataset.firstLine),
      lines: o.textContent.split('\n'),
    }));
    assert.deepEqual(shown.lines.slice(0, 50), value.slice(shown.first - 1, shown.first - 1 + 50), 'the drawn lines are the textarea\'s there');
    await assertWrappedAndAligned(page, 'middle');
    // The line visible in the middle of the box is drawn where the textarea has it: click there
    // and type; the typed text shows on that line.
    const box = await page.$eval('.code', (c) => { const r = c.getBoundingClientRect(); return { x: r.left + 80, y: r.top + r.height / 2 }; });
    await page.mouse.click(box.x, box.y);
    await page.keyboard.press('End');
    await page.keyboard.type(' TYPED');
    await page.waitForFunction(() => document.querySelector('[data-testid="code-overlay"]').textContent.includes('TYPED'));
    const typed = await page.evaluate(() => {
      const o = document.querySelector('[data-testid="code-overlay"]');
      const w = document.createTreeWalker(o, NodeFilter.SHOW_TEXT);
      for (let n = w.nextNode(); n; n = w.nextNode()) {
        const at = n.data.indexOf('TYPED');
        if (at >= 0) { const r = document.createRange(); r.setStart(n, at); r.setEnd(n, at + 5); const b = r.getBoundingClientRect(); return { top: b.top, bottom: b.bottom }; }
      }
      return null;
    });
    const code = await page.$eval('.code', (c) => { const r = c.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
    assert.ok(typed && typed.top >= code.top && typed.bottom <= code.bottom, `typed text in view: ${JSON.stringify(typed)} in ${JSON.stringify(code)}`);
    await assertWrappedAndAligned(page, 'after typing');
    await screenshot(page, 'wrap-5000-lines');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

async function run64(page) {
  await openExample(page, 'ring.c');
  await page.selectOption('[data-testid="profile-select"]', 'ethernet-1g');
  await page.fill('[data-testid="ranks-input"]', '64');
  await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
  await page.waitForFunction((sel) => (document.querySelector(sel)?.dataset.rows ?? '').split(',').length === 64, CANVAS);
}

test('a rank filter travels in the share link and the autosave; a bad one in a link is said', async () => {
  const desktop = { viewport: { width: 1280, height: 900 } };
  const { page, problems, close } = await loadApp(site, '/', desktop);
  try {
    await run64(page);
    // The person clicks the filter field, types, picks taller rows, then shares.
    await page.click('[data-testid="timeline-ranks"]');
    await page.keyboard.type('0-7, 12');
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.rows === '0,1,2,3,4,5,6,7,12', CANVAS);
    await page.click('[data-testid="timeline-rows-taller"]');
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    assert.match(link.hash, /&rows=0-7%2C%2012&rowzoom=1(&|$)/);

    const opened = await loadApp(site, '/' + link.hash, desktop);
    try {
      await opened.page.click('[data-testid="run"]');
      await opened.page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
      await opened.page.waitForFunction((sel) => document.querySelector(sel)?.dataset.rows === '0,1,2,3,4,5,6,7,12', CANVAS);
      assert.equal(await opened.page.inputValue('[data-testid="timeline-ranks"]'), '0-7, 12', 'the field shows the filter');
      await screenshot(opened.page, 'rows-link-filtered');
      assert.deepEqual(opened.problems, []);
    } finally {
      await opened.close();
    }

    // The autosave: a reload of the page keeps the filter.
    await page.waitForTimeout(1500);
    await page.goto(site.server.origin + '/');
    await page.waitForSelector('[data-testid="app"][data-ready="true"]');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
    await page.waitForFunction((sel) => document.querySelector(sel)?.dataset.rows === '0,1,2,3,4,5,6,7,12', CANVAS);

    // A link whose filter names a rank past the run, or a group size there is none of: the link
    // opens, every rank shown, and the page says why in a sentence.
    for (const [bad, says] of [
      [link.hash.replace('rows=0-7%2C%2012', 'rows=0-70'), /rank 70 is not in this run .*every rank/],
      [`${link.hash}&group=5`, /group=5 is not a group size .*every rank/],
    ]) {
      const b = await loadApp(site, '/' + bad, desktop);
      try {
        assert.match(await b.page.textContent('[data-testid="link-error"]'), says);
        await b.page.click('[data-testid="run"]');
        await b.page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
        await b.page.waitForFunction((sel) => (document.querySelector(sel)?.dataset.rows ?? '').split(',').length === 64, CANVAS);
        assert.deepEqual(b.problems, []);
      } finally {
        await b.close();
      }
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the schedules page colours each PE with contrast-checked colours, light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { page, problems, close } = await loadApp(site, '/#schedule=alltoall&n=8', { viewport: { width: 1280, height: 900 }, colorScheme });
    try {
      await page.waitForSelector('[data-testid="schedule-page"]');
      const worst = await page.evaluate(() => {
        const rgb = (s) => (s.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; })
          .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
        const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
        const bgOf = (e) => { for (let n = e.parentElement; n; n = n.parentElement) { const c = getComputedStyle(n).backgroundColor; if (!c.includes('rgba(0, 0, 0, 0)') && c !== 'transparent') return rgb(c); } return [255, 255, 255]; };
        let dot = Infinity; let text = Infinity; const hues = new Set();
        for (const d of document.querySelectorAll('.sched-matrix .dot')) {
          const c = getComputedStyle(d).backgroundColor;
          hues.add(c);
          dot = Math.min(dot, ratio(rgb(c), bgOf(d)));
        }
        for (const c of document.querySelectorAll('.sched-cell.send')) {
          const s = getComputedStyle(c);
          text = Math.min(text, ratio(rgb(s.color), rgb(s.backgroundColor)));
        }
        return { dot, text, colours: hues.size };
      });
      assert.ok(worst.colours >= 8, `one colour per target PE (${worst.colours})`);
      assert.ok(worst.dot >= 3, `${colorScheme}: every matrix dot ≥ 3:1 against its background (${worst.dot.toFixed(2)})`);
      assert.ok(worst.text >= 4.5, `${colorScheme}: every cell's number ≥ 4.5:1 on its colour (${worst.text.toFixed(2)})`);
      if (colorScheme === 'dark') await screenshot(page, 'schedule-colours-dark');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  }
});
