// Issue 29 item 5: presentation mode is a whole mode. At 1024×768 no code line loses its end
// (long lines soft-wrap, a ↪ marks each continued row), the textarea, the overlay, the gutter
// and the rank marks agree row for row, the rank names are never drawn over code, the view tabs
// stay, every text is sized with the code, the type-size control (buttons and +/−) changes every
// size and is remembered, and the timeline takes the free height.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, useSite } from './harness.mjs';

const site = useSite();

async function present(page) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('p');
  await page.waitForSelector('[data-present="true"]');
}

/** Where each source line of the overlay is drawn: its first and last character's boxes. */
const lineBoxes = (page) =>
  page.evaluate(() => {
    const overlay = document.querySelector('[data-testid="code-overlay"]');
    const walker = document.createTreeWalker(overlay, NodeFilter.SHOW_TEXT);
    const chars = []; // [node, offset] of every character, '\n' included
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement.closest('.diag-msgs')) continue;
      for (let i = 0; i < n.data.length; i++) chars.push([n, i]);
    }
    const lines = [];
    let cur = [];
    for (const [n, i] of chars) {
      if (n.data[i] === '\n') { lines.push(cur); cur = []; } else cur.push([n, i]);
    }
    lines.push(cur);
    const box = ([n, i]) => {
      const r = document.createRange();
      r.setStart(n, i);
      r.setEnd(n, i + 1);
      const rects = [...r.getClientRects()];
      const b = rects.at(-1) ?? r.getBoundingClientRect();
      return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
    };
    const first = Number(overlay.dataset.firstLine ?? 1);
    return lines.map((cs, k) => {
      const visible = cs.filter(([n, i]) => n.data[i] !== ' ');
      if (visible.length === 0) return { line: first + k, empty: true };
      const boxes = visible.map(box);
      return {
        line: first + k,
        top: Math.min(...boxes.map((b) => b.top)),
        bottom: Math.max(...boxes.map((b) => b.bottom)),
        right: Math.max(...boxes.map((b) => b.right)),
        left: Math.min(...boxes.map((b) => b.left)),
        last: boxes.at(-1),
      };
    });
  });

test('at 1024×768 every code line keeps its end, and every layer agrees on the wrapped rows', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1024, height: 768 }, colorScheme: 'dark' });
  try {
    await openExample(page, 'ring.c');
    await present(page);
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await page.click('[data-testid="reset"]');
    await page.keyboard.press('m');
    await page.keyboard.press('m');
    await page.waitForSelector('[data-testid="line-mark-focused"], [data-testid="line-mark"]');
    const code = await page.locator('.code').boundingBox();
    const lines = await lineBoxes(page);
    const source = (await page.inputValue('[aria-label="MPI program source"]')).split('\n');
    assert.equal(lines.length, source.length, 'the overlay draws every line');
    let wrapped = 0;
    for (const l of lines.filter((l) => !l.empty)) {
      assert.ok(l.last.right <= code.x + code.width - 4 && l.last.left >= code.x,
        `line ${l.line} ends inside the code box: ${JSON.stringify(l.last)} vs ${JSON.stringify(code)}`);
      if (l.bottom - l.top > 40) wrapped++;
    }
    assert.ok(wrapped >= 1, 'the long MPI_Send/MPI_Recv lines wrap');
    assert.equal(await page.$eval('.code', (c) => c.scrollWidth <= c.clientWidth), true, 'no sideways scrolling');
    // One ↪ per continued row; the gutter's numbers stand at their lines' first rows.
    const lineH = await page.$eval('.gutter .ln', (el) => el.getBoundingClientRect().height);
    const markers = await page.locator('[data-testid="wrap-marker"]').count();
    const rows = lines.reduce((n, l) => n + (l.empty ? 1 : Math.round((l.bottom - l.top) / lineH)), 0);
    assert.ok(Math.abs(rows - (lines.length + markers)) <= 0, `rows ${rows} = lines ${lines.length} + markers ${markers}`);
    const numbers = await page.$$eval('.gutter .ln:not(.wrapped)', (els) => els.map((e) => ({ n: Number(e.textContent), top: e.getBoundingClientRect().top })));
    for (const l of lines.filter((l) => !l.empty)) {
      const g = numbers.find((x) => x.n === l.line);
      assert.ok(Math.abs(g.top - l.top) < lineH * 0.6, `gutter ${l.line} at ${g.top}, text at ${l.top}`);
    }
    // The textarea breaks its rows where the overlay does: its text is exactly as tall.
    const area = await page.$eval('[aria-label="MPI program source"]', (t) => ({ sh: t.scrollHeight, ch: t.clientHeight }));
    const overlayH = await page.$eval('[data-testid="code-overlay"]', (o) => o.getBoundingClientRect().height);
    assert.ok(area.sh <= area.ch + 1, `the textarea has no extra rows: ${JSON.stringify(area)}`);
    assert.ok(Math.abs(area.ch - overlayH) <= 2, `textarea ${area.ch}px, overlay ${overlayH}px`);
    // The caret after the last character of a wrapped line sits on that line's last row.
    // Each rank mark covers its line's rows; its names are right of the line's text.
    const marks = await page.$$eval('[data-testid^="line-mark"]', (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      const names = e.querySelector('.line-ranks').getBoundingClientRect();
      return { line: Number(e.dataset.line), top: r.top, bottom: r.bottom, names: { left: names.left, top: names.top, bottom: names.bottom } };
    }));
    assert.ok(marks.length >= 2);
    for (const m of marks) {
      const l = lines.find((x) => x.line === m.line);
      assert.ok(Math.abs(m.top - l.top) < lineH * 0.6 && Math.abs(m.bottom - l.bottom) < lineH * 0.6,
        `mark of line ${m.line} (${m.top}–${m.bottom}) covers its text (${l.top}–${l.bottom})`);
      assert.ok(m.names.left >= l.right, `names of line ${m.line} at ${m.names.left}, its text ends at ${l.right}`);
    }
    assert.ok(await page.locator('[data-testid="views"] [role="tab"]').count() >= 3, 'the view tabs stay');
    await screenshot(page, 'presentation-1024-wrapped');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('on the desktop page the rank names follow the line, never over its code', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await page.click('[data-testid="reset"]');
    for (let i = 0; i < 3; i++) await page.keyboard.press('m');
    await page.waitForSelector('[data-testid="line-mark"]');
    const lines = await lineBoxes(page);
    const marks = await page.$$eval('[data-testid^="line-mark"]', (els) => els.map((e) => ({
      line: Number(e.dataset.line), left: e.querySelector('.line-ranks').getBoundingClientRect().left,
    })));
    for (const m of marks) {
      const l = lines.find((x) => x.line === m.line);
      assert.ok(m.left >= l.right + 4, `names of line ${m.line} at ${m.left}, its text ends at ${l.right}`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('every text scales with the code; A+/A− and +/− change it, remembered; the timeline fills the height', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1920, height: 1080 } });
  try {
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor();
    await present(page);
    await page.click('[data-testid="tab-ranks"]');
    // The timeline's rows follow its area's new height on the next frame.
    await page.waitForFunction(() => {
      const canvas = document.querySelector('[data-testid="timeline-canvas"]').getBoundingClientRect();
      return document.querySelector('.area-timeline').getBoundingClientRect().bottom - canvas.bottom <= 24;
    }, null, { timeout: 3000 }).catch(() => {});
    // Each visible text's size on screen (its font size times the zoom it is drawn at).
    const sizes = () => page.evaluate(() => {
      const out = {};
      const seen = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length && e.textContent.trim());
      const px = (e) => parseFloat(getComputedStyle(e).fontSize) * (e.currentCSSZoom ?? 1);
      out.code = px(document.querySelector('.code-overlay'));
      let min = Infinity;
      let which = '';
      for (const e of seen('.layout *')) {
        if (e.closest('.code, canvas, .sr-only')) continue;
        if (![...e.childNodes].some((n) => n.nodeType === 3 && n.data.trim())) continue;
        const p = px(e);
        if (p < min) { min = p; which = `${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 30)}"`; }
      }
      out.min = min;
      out.which = which;
      out.console = px(document.querySelector('.console, .ranks'));
      out.status = px(document.querySelector('[data-testid="run-status"]'));
      const canvas = document.querySelector('[data-testid="timeline-canvas"]').getBoundingClientRect();
      const area = document.querySelector('.area-timeline').getBoundingClientRect();
      out.tl = canvas.height;
      out.tlGap = area.bottom - canvas.bottom;
      return out;
    });
    const at100 = await sizes();
    assert.ok(at100.code >= 18, `code ${at100.code}px`);
    assert.ok(at100.min >= 0.7 * at100.code, `smallest text ${at100.min}px (${at100.which}) beside ${at100.code}px code`);
    assert.ok(at100.console >= 0.85 * at100.code, `ranks and console ${at100.console}px`);
    // 4 ranks: rows of 34 px (170 px in all) on the desktop page; here they fill the area.
    assert.ok(at100.tl >= 220 && at100.tlGap <= 24, `the timeline takes the free height: ${at100.tl}px, ${at100.tlGap}px left below`);
    await screenshot(page, 'presentation-1920');

    await page.click('[data-testid="font-larger"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="font-reset"]').textContent.startsWith('115'));
    const larger = await sizes();
    for (const k of ['code', 'min', 'console', 'status']) {
      assert.ok(larger[k] > at100[k] * 1.1, `${k}: ${at100[k]} → ${larger[k]}`);
    }
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await page.waitForFunction(() => document.querySelector('[data-testid="font-reset"]').textContent.startsWith('90'));
    const smaller = await sizes();
    assert.ok(smaller.code < at100.code && smaller.console < at100.console);
    // Remembered: a reload in presentation mode keeps 90 %.
    await page.reload();
    await page.waitForSelector('[data-testid="app"][data-ready="true"]');
    await present(page);
    assert.match(await page.textContent('[data-testid="font-reset"]'), /^90 %/);
    await page.click('[data-testid="font-reset"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="font-reset"]').textContent.startsWith('100'));
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
