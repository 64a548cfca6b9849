// The program editor in a real headless Chromium: highlighting from rankscope-core's lexer drawn
// exactly over the textarea's text, keyboard editing (Tab, Shift+Tab, Enter, Escape then Tab),
// undo/redo, Ctrl+Enter to run, and compile and runtime errors underlined at their line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { screenshotDir, loadApp as load, screenshot, useSite, bigProgram, pasteProgram } from './harness.mjs';

const SRC = '[aria-label="MPI program source"]';
const OVERLAY = '[data-testid="code-overlay"]';

const site = useSite(['/']);

/** A full-page screenshot, plus the editor panel alone (`NAME-panel.png`) to look at closely. */
async function shoot(page, name) {
  // The panel first: a full-page screenshot resizes the viewport, which moves the editor's scroll.
  await page.locator('.editor').screenshot({ path: join(screenshotDir, `${name}-panel.png`), caret: 'initial' });
  await screenshot(page, name);
}

const loadApp = (options = {}) => load(site, '/', { viewport: { width: 1280, height: 900 }, ...options });

/** Unticks the editor's "Wrap" box (long lines then scroll sideways, one row per line). */
async function unwrap(page) {
  await page.click('[data-testid="wrap-toggle"]');
  await page.waitForFunction(() => !document.querySelector('.code').classList.contains('wrapped'));
}

/** Replaces the program by typing it (so the editor's own key handling is exercised). */
async function typeProgram(page, text) {
  await page.click(SRC);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

/** The overlay's text without the inline messages (what should equal the textarea's value). */
const overlayText = (page) =>
  page.$eval(OVERLAY, (pre) => {
    const copy = pre.cloneNode(true);
    copy.querySelectorAll('.diag-msg').forEach((m) => m.remove());
    return copy.textContent;
  });

/**
 * Where the overlay draws each token compared with where the textarea lays out the same text:
 * every token's left edge must be at the width of the textarea's text before it on that line
 * (measured with the textarea's own font) and its top at its line times the line height.
 * Returns the largest error in pixels, and a few scroll facts.
 */
const alignment = (page) =>
  page.evaluate(([src, overlaySel]) => {
    const area = document.querySelector(src);
    const pre = document.querySelector(overlaySel);
    const style = getComputedStyle(area);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    const lineHeight = parseFloat(style.lineHeight);
    const areaBox = area.getBoundingClientRect();
    const left = areaBox.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
    const top = areaBox.top + parseFloat(style.paddingTop) + parseFloat(style.borderTopWidth);
    const lines = area.value.split('\n');
    const lineStep = Math.floor(lineHeight * 64) / 64;
    let glyphOffset = null;
    let worst = 0;
    let where = null;
    let checked = 0;
    // Walk the overlay's token spans, tracking their offset in the text.
    let offset = 0;
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (el.closest('.diag-msg') || el.closest('.diag-point')) continue;
      if (el !== pre && el.className.startsWith('tok-') && node.textContent.trim()) {
        const before = area.value.slice(0, offset);
        const line = before.split('\n').length - 1;
        const col = before.length - before.lastIndexOf('\n') - 1;
        const expectedX = left + ctx.measureText(lines[line].slice(0, col).replace(/\t/g, '    ')).width;
        const box = el.getClientRects()[0];
        // Lines advance by the line height in Chromium's layout units (1/64 px); the glyphs sit
        // at the same offset in every line box (taken from the first token seen).
        glyphOffset ??= box.top - (top + line * lineStep);
        const expectedY = top + glyphOffset + line * lineStep;
        const dx = Math.abs(box.left - expectedX);
        const dy = Math.abs(box.top - expectedY);
        if (Math.max(dx, dy) > worst) where = { dx, dy, line, col, text: node.textContent };
        worst = Math.max(worst, dx, dy);
        checked += 1;
      }
      offset += node.textContent.length;
    }
    const content = document.createRange();
    content.selectNodeContents(pre);
    return {
      worst,
      where,
      checked,
      areaScroll: [area.scrollLeft, area.scrollTop],
      areaOverflow: area.scrollHeight - area.clientHeight,
      preHeight: pre.getBoundingClientRect().height,
      areaHeight: areaBox.height,
      lineHeight,
      overlayLines: Math.round(content.getBoundingClientRect().height / lineHeight),
      valueLines: lines.length,
    };
  }, [SRC, OVERLAY]);

test('typing shows highlighted tokens, drawn exactly over the text; Enter keeps indentation', async () => {
  const { page, problems, close } = await loadApp();
  try {
    // These geometry checks are for unwrapped lines (wrapped ones: wrap-layout.test.mjs): the
    // person unticks the editor's Wrap box first.
    await unwrap(page);
    await typeProgram(
      page,
      '#include <mpi.h>\n' +
        '#define N 4 /* ranks */\n' +
        'int main(int argc, char **argv) {\n' +
        'int rank;\n' +
        'MPI_Init(&argc, &argv);\n' +
        'MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n' +
        "printf(\"rank %d of %d %c\\n\", rank, N, 'x'); // hello\n" +
        'return 0;\n',
    );
    const value = await page.inputValue(SRC);
    // Enter after `{` indents one level, and later lines keep it.
    assert.match(value, /\{\n {4}int rank;\n {4}MPI_Init/);
    assert.match(value, /\n {4}return 0;\n {4}$/);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('}');

    const tokens = await page.$$eval(`${OVERLAY} [class^="tok-"]`, (els) =>
      els.map((e) => [e.className, e.textContent]),
    );
    const has = (cls, text) =>
      assert.ok(tokens.some(([c, t]) => c === cls && t === text), `${cls} "${text}" in ${JSON.stringify(tokens)}`);
    has('tok-preproc', '#include <mpi.h>');
    has('tok-comment', '/* ranks */');
    has('tok-comment', '// hello');
    has('tok-type', 'int');
    has('tok-function', 'main');
    has('tok-mpi', 'MPI_Init');
    has('tok-mpi', 'MPI_COMM_WORLD');
    has('tok-builtin', 'printf');
    has('tok-string', '"rank %d of %d %c\\n"');
    has('tok-char', "'x'");
    has('tok-number', '0');
    has('tok-macro', 'N');
    has('tok-keyword', 'return');
    assert.equal(await overlayText(page), await page.inputValue(SRC), 'the overlay shows exactly the text');

    const a = await alignment(page);
    assert.ok(a.checked > 30, `tokens checked: ${a.checked}`);
    assert.ok(a.worst < 0.6, `overlay within half a pixel of the textarea's text (worst ${a.worst}px at ${JSON.stringify(a.where)})`);
    assert.deepEqual(a.areaScroll, [0, 0], 'the textarea never scrolls by itself');
    assert.ok(a.areaOverflow <= 1, `the textarea is as tall as its text (${a.areaOverflow})`);
    assert.equal(a.overlayLines, a.valueLines, 'one overlay line per text line');

    // A long line and many lines: the scrolling box follows the caret, the layers stay aligned.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n/* ' + 'long '.repeat(60) + '*/');
    for (let i = 0; i < 40; i++) await page.keyboard.press('Enter');
    await page.keyboard.type('int last;');
    const b = await alignment(page);
    assert.ok(b.worst < 0.6, `still aligned after scrolling (worst ${b.worst}px)`);
    assert.deepEqual(b.areaScroll, [0, 0]);
    const caretVisible = await page.evaluate((src) => {
      const code = document.querySelector(src).closest('.code');
      return code.scrollTop > 0 && code.scrollTop + code.clientHeight >= code.scrollHeight - 40;
    }, SRC);
    assert.ok(caretVisible, 'the editor scrolled down to the caret');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('Tab indents, Shift+Tab outdents, Escape then Tab leaves the editor', async () => {
  const { page, problems, close } = await loadApp();
  try {
    await typeProgram(page, 'a\nb\nc');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Tab');
    assert.equal(await page.inputValue(SRC), '    a\nb\nc');
    assert.equal(await page.$eval(SRC, (t) => t.selectionStart), 4);
    // Select from inside line 1 to inside line 2: both lines move.
    await page.$eval(SRC, (t) => t.setSelectionRange(5, 7));
    await page.keyboard.press('Tab');
    assert.equal(await page.inputValue(SRC), '        a\n    b\nc');
    assert.deepEqual(await page.$eval(SRC, (t) => [t.selectionStart, t.selectionEnd]), [9, 15]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.inputValue(SRC), 'a\nb\nc');
    // Keyboard users are told how to leave, and can.
    const hint = await page.$eval(SRC, (t) => document.getElementById(t.getAttribute('aria-describedby').split(' ')[0]).textContent);
    assert.match(hint, /Esc then Tab leaves the editor/);
    await page.$eval(SRC, (t) => t.setSelectionRange(0, 0));
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'MPI program source', 'Tab alone stays');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    assert.notEqual(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'MPI program source', 'Escape, Tab moves on');
    assert.equal(await page.inputValue(SRC), '    a\nb\nc', 'and inserts nothing');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('undo and redo walk the edits, word by word, with the selection; an opened example is one step', async () => {
  const { page, problems, close } = await loadApp();
  try {
    await typeProgram(page, 'int x;');
    await page.keyboard.type(' int yy;');
    assert.equal(await page.inputValue(SRC), 'int x; int yy;');
    await page.keyboard.press('Control+Z');
    assert.equal(await page.inputValue(SRC), 'int x; int');
    await page.keyboard.press('Control+Z');
    assert.equal(await page.inputValue(SRC), 'int x;');
    assert.deepEqual(await page.$eval(SRC, (t) => [t.selectionStart, t.selectionEnd]), [6, 6], 'caret restored');
    await page.keyboard.press('Control+Shift+Z');
    assert.equal(await page.inputValue(SRC), 'int x; int');
    await page.keyboard.press('Control+Y');
    assert.equal(await page.inputValue(SRC), 'int x; int yy;');
    assert.equal(await overlayText(page), 'int x; int yy;', 'the overlay follows undo and redo');
    // Redo is cleared by a new edit.
    await page.keyboard.press('Control+Z');
    await page.keyboard.type('!');
    await page.keyboard.press('Control+Y');
    assert.equal(await page.inputValue(SRC), 'int x; int!');

    // Opening an example replaces the text: one undo step brings the typed program back.
    const value = await page.$$eval('[data-testid="example-select"] option', (os) =>
      os.find((o) => o.textContent === 'ring.c').value,
    );
    await page.selectOption('[data-testid="example-select"]', value);
    // The typed program is kept nowhere: the page asks first (my-programs.test.mjs).
    await page.click('[data-testid="open-anyway"]');
    await page.waitForFunction((src) => document.querySelector(src).value.includes('MPI_Send'), SRC);
    await page.click(SRC);
    await page.keyboard.press('Control+Z');
    assert.equal(await page.inputValue(SRC), 'int x; int!');
    await page.keyboard.press('Control+Shift+Z');
    assert.match(await page.inputValue(SRC), /MPI_Send/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Checks that a diagnostic is drawn on (1-based) `line`: gutter marker, underline, message. */
async function assertMarkedLine(page, line, underlined, message) {
  const gutter = page.locator('[data-testid="gutter-error"]');
  await gutter.first().waitFor();
  assert.deepEqual(await gutter.allTextContents(), [String(line)]);
  assert.match(await gutter.first().getAttribute('title'), message);
  const inline = page.locator('[data-testid="inline-diagnostic"]');
  assert.equal(await inline.count(), 1);
  assert.match(await inline.textContent(), message);
  assert.match(await inline.getAttribute('title'), message);
  const marked = await page.$$eval(`${OVERLAY} .diag-mark`, (els) => els.map((e) => e.textContent).join(''));
  assert.equal(marked, underlined);
  // Underline and gutter number sit on the same line box; the message too, or on the next line
  // when the code box leaves less than 30 columns after the line's text.
  const tops = await page.evaluate((o) => {
    const top = (sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return r.top + r.height / 2;
    };
    return [top('[data-testid="gutter-error"]'), top(`${o} .diag-mark`), top('[data-testid="inline-diagnostic"]')];
  }, OVERLAY);
  const lineHeight = await page.$eval(SRC, (t) => parseFloat(getComputedStyle(t).lineHeight));
  assert.ok(Math.abs(tops[0] - tops[1]) < lineHeight / 2, `same line: ${tops}`);
  const below = tops[2] - tops[0];
  assert.ok(Math.abs(below) < lineHeight / 2 || Math.abs(below - lineHeight) < lineHeight / 2,
    `the message on the line or the next: ${tops}`);
  const a = await alignment(page);
  assert.ok(a.worst < 0.6, `the inline message does not move the text (worst ${a.worst}px at ${JSON.stringify(a.where)})`);
  assert.equal(a.overlayLines, a.valueLines, 'nor add lines');
}

for (const colorScheme of ['light', 'dark']) {
  test(`a compile error is underlined with its message after Ctrl+Enter (${colorScheme})`, async () => {
    const { page, problems, close } = await loadApp({ colorScheme });
    try {
      await page.fill(SRC, '#include <mpi.h>\n\nint main() {\n    int rank = 0;\n    rnak = 1; /* typo */\n    return rank;\n}\n');
      await page.focus(SRC);
      await page.keyboard.press('Control+Enter');
      // Ctrl+Enter ran the program: the run panel lists the error too.
      const list = await page.waitForSelector('[data-testid="diagnostics"]');
      assert.match(await list.textContent(), /unknown identifier `rnak`/);
      await assertMarkedLine(page, 5, 'rnak', /unknown identifier `rnak`/);
      assert.equal(await page.getAttribute(SRC, 'aria-invalid'), 'true');
      // A caret on the error line for the screenshot.
      await page.$eval(SRC, (t) => t.setSelectionRange(t.value.indexOf('rnak') + 2, t.value.indexOf('rnak') + 2));
      await shoot(page, `editor-compile-error-${colorScheme}`);
      // Editing elsewhere keeps the mark in place; editing the marked word drops it.
      await page.$eval(SRC, (t) => t.setSelectionRange(0, 0));
      await page.keyboard.type('// x\n');
      assert.equal(await page.locator('[data-testid="gutter-error"]').textContent(), '6');
      await page.$eval(SRC, (t) => t.setSelectionRange(t.value.indexOf('rnak') + 1, t.value.indexOf('rnak') + 3));
      await page.keyboard.type('an');
      assert.equal(await page.locator('[data-testid="gutter-error"]').count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

test('a runtime error is underlined at its line', async () => {
  const { page, problems, close } = await loadApp();
  try {
    // These geometry checks are for unwrapped lines (wrapped ones: wrap-layout.test.mjs): the
    // person unticks the editor's Wrap box first.
    await unwrap(page);
    const value = await page.$$eval('[data-testid="example-select"] option', (os) =>
      os.find((o) => o.textContent === 'errors/division_by_zero.c').value,
    );
    await page.selectOption('[data-testid="example-select"]', value);
    await page.waitForFunction((src) => document.querySelector(src).value.includes('100 / (rank - 2)'), SRC);
    await page.focus(SRC);
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('[data-testid="run-error"]');
    await assertMarkedLine(page, 10, '100 / (rank - 2)', /division by zero/);
    await shoot(page, 'editor-runtime-error');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('highlighting and an error in the dark theme, full page', async () => {
  const { page, problems, close } = await loadApp({ colorScheme: 'dark' });
  try {
    const value = await page.$$eval('[data-testid="example-select"] option', (os) =>
      os.find((o) => o.textContent === 'pingpong_naive.c').value,
    );
    await page.selectOption('[data-testid="example-select"]', value);
    await page.waitForFunction((src) => document.querySelector(src).value.includes('Fig. 8'), SRC);
    await page.$eval(SRC, (t) => {
      t.focus();
      const at = t.value.indexOf('MPI_Barrier');
      t.setSelectionRange(at, at + 'MPI_Barrier'.length);
    });
    await shoot(page, 'editor-selection-dark');
    const caret = await page.$eval(SRC, (t) => getComputedStyle(t).caretColor);
    assert.equal(caret, 'rgb(255, 255, 255)', 'a light caret on the dark background');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a 10,000-line program: typing in the middle updates colours and line numbers, errors still show', async () => {
  const { page, problems, close } = await loadApp();
  try {
    // These geometry checks are for unwrapped lines (wrapped ones: wrap-layout.test.mjs): the
    // person unticks the editor's Wrap box first.
    await unwrap(page);
    const text = bigProgram(10000);
    await pasteProgram(page, text);
    const lines = text.split('\n');
    // The middle: the end of a block's comment line; a new line typed after it.
    const at = lines.findIndex((l, i) => i >= 5000 && l.startsWith('/* block'));
    const offset = lines.slice(0, at + 1).join('\n').length;
    await page.focus(SRC);
    await page.$eval(SRC, (t, o) => t.setSelectionRange(o, o), offset);
    await page.keyboard.press('Enter');
    await page.keyboard.type('int added = 42; /* typed */');
    await page.waitForFunction(() => document.querySelector('.editor .panel-head .muted').textContent.includes('10001 lines'));
    // Only the lines in view are drawn, and they are the textarea's lines there.
    const drawn = await page.$eval(OVERLAY, (pre) => ({
      first: Number(pre.dataset.firstLine),
      text: pre.textContent,
      spans: pre.querySelectorAll('span').length,
    }));
    const value = await page.inputValue(SRC);
    const valueLines = value.split('\n');
    const drawnLines = drawn.text.replace(/\n$/, '').split('\n');
    assert.ok(drawnLines.length < 400, `a window of lines, not all (${drawnLines.length})`);
    assert.deepEqual(drawnLines, valueLines.slice(drawn.first - 1, drawn.first - 1 + drawnLines.length));
    assert.ok(drawn.first - 1 <= at + 1 && at + 1 < drawn.first - 1 + drawnLines.length, 'the typed line is drawn');
    // Its colours come once typing pauses: a type, a number and a comment.
    const line = at + 2;
    await page.waitForFunction(
      (o) => [...document.querySelectorAll(`${o} .tok-number`)].some((e) => e.textContent === '42'),
      OVERLAY,
    );
    const tokens = await page.$$eval(`${OVERLAY} [class^="tok-"]`, (els) => els.map((e) => [e.className, e.textContent]));
    for (const [cls, text] of [['tok-type', 'int'], ['tok-number', '42'], ['tok-comment', '/* typed */']]) {
      assert.ok(tokens.some(([c, t]) => c === cls && t === text), `${cls} "${text}"`);
    }
    // The gutter numbers the lines drawn, and each number sits on its line: the typed line's
    // number at the same height as its "42".
    const rows = await page.evaluate(([o, line]) => {
      const number = [...document.querySelectorAll('.gutter .ln')].find((n) => n.textContent === String(line));
      const value = [...document.querySelectorAll(`${o} .tok-number`)].find((e) => e.textContent === '42');
      const mid = (e) => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; };
      const numbers = [...document.querySelectorAll('.gutter .ln')].map((n) => Number(n.textContent));
      return { number: mid(number), value: mid(value), numbers };
    }, [OVERLAY, line]);
    assert.ok(Math.abs(rows.number - rows.value) < 4, `number and text on one line: ${rows.number} vs ${rows.value}`);
    assert.equal(rows.numbers[0], drawn.first);
    assert.deepEqual(rows.numbers, rows.numbers.map((_, i) => drawn.first + i), 'consecutive numbers');
    // The text is where the textarea has it: the caret's line box is at line × 20 px.
    const caretTop = await page.evaluate(([src, line]) => {
      const area = document.querySelector(src);
      const style = getComputedStyle(area);
      return area.getBoundingClientRect().top + parseFloat(style.paddingTop) + (line - 1) * parseFloat(style.lineHeight);
    }, [SRC, line]);
    const valueTop = await page.evaluate((o) => {
      const e = [...document.querySelectorAll(`${o} .tok-number`)].find((e) => e.textContent === '42');
      const r = e.getBoundingClientRect();
      return r.top + r.height / 2;
    }, OVERLAY);
    assert.ok(valueTop > caretTop && valueTop < caretTop + 20, `overlay line ${valueTop} in textarea line ${caretTop}..+20`);
    // An error there is underlined with its message after Ctrl+Enter.
    await page.keyboard.press('Home');
    await page.keyboard.type('undefined_name = 1; ');
    await page.keyboard.press('Control+Enter');
    await page.locator('[data-testid="gutter-error"]').first().waitFor({ timeout: 60000 });
    assert.deepEqual(await page.locator('[data-testid="gutter-error"]').allTextContents(), [String(line)]);
    assert.match(await page.locator('[data-testid="inline-diagnostic"]').textContent(), /undefined_name/);
    // The underline settles on the name once the colours typed over are redone (a fast machine
    // can read the overlay between the two renders).
    const underlined = () => page.$$eval(`${OVERLAY} .diag-mark`, (els) => els.map((e) => e.textContent).join(''));
    await page
      .waitForFunction((o) => [...document.querySelectorAll(`${o} .diag-mark`)].map((e) => e.textContent).join('') === 'undefined_name', OVERLAY, { timeout: 10000 })
      .catch(() => {});
    assert.equal(await underlined(), 'undefined_name');
    // Typing at the very end: the last lines are drawn, numbered to the end.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// the end');
    await page.waitForFunction(() => document.querySelector('.editor .panel-head .muted').textContent.includes('10002 lines'));
    await page.waitForFunction(() => [...document.querySelectorAll('.gutter .ln')].some((n) => n.textContent === '10002'));
    assert.ok((await page.textContent(OVERLAY)).endsWith('// the end'));
    await shoot(page, 'editor-10000-lines');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a long line scrolls inside the code box; a long message wraps inside it', async () => {
  const { page, problems, close } = await loadApp();
  try {
    // These geometry checks are for unwrapped lines (wrapped ones: wrap-layout.test.mjs): the
    // person unticks the editor's Wrap box first.
    await unwrap(page);
    const long = `/* ${'a long comment '.repeat(27)}*/`;
    assert.ok(long.length >= 400);
    await page.fill(
      SRC,
      '#include <mpi.h>\n' + long + '\nint main(int argc, char **argv) {\n    int x = 0;\n    MPI_Init(&argc, &argv);\n' +
        '    MPI_Send(&x, 1, MPI_INT, 0); /* makes this line long enough */\n    MPI_Finalize();\n    return 0;\n}\n',
    );
    await page.focus(SRC);
    await page.keyboard.press('Control+Enter');
    const inline = page.locator('[data-testid="inline-diagnostic"]');
    await inline.waitFor();
    assert.match(await inline.textContent(), /takes 6 arguments/);
    const boxes = await page.evaluate(() => {
      const code = document.querySelector('.editor .code');
      const msg = document.querySelector('[data-testid="inline-diagnostic"]').getBoundingClientRect();
      const box = code.getBoundingClientRect();
      const root = document.scrollingElement;
      return {
        scrollWidth: code.scrollWidth, clientWidth: code.clientWidth,
        box: { left: box.left, right: box.right }, msg: { left: msg.left, right: msg.right, height: msg.height },
        page: { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth },
      };
    });
    assert.ok(boxes.scrollWidth > boxes.clientWidth, `the long line scrolls: ${JSON.stringify(boxes)}`);
    assert.ok(boxes.page.scrollWidth <= boxes.page.clientWidth, `the page does not: ${JSON.stringify(boxes.page)}`);
    assert.ok(boxes.msg.right <= boxes.box.right, `the message ends inside the box: ${JSON.stringify(boxes)}`);
    assert.ok(boxes.msg.height > 20, `it wraps: ${boxes.msg.height}px tall`);
    // Scrolled to the end, the long line's end is drawn over the textarea's.
    const end = await page.evaluate(() => {
      const code = document.querySelector('.editor .code');
      code.scrollLeft = code.scrollWidth;
      const pre = document.querySelector('[data-testid="code-overlay"]');
      const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = n.textContent.indexOf('*/');
        if (n.textContent.includes('a long comment') && i >= 0) {
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + 2);
          return { text: range.getBoundingClientRect().right, box: code.getBoundingClientRect().right };
        }
      }
      return null;
    });
    assert.ok(end && end.text <= end.box, `the line's end is reachable: ${JSON.stringify(end)}`);
    await page.evaluate(() => { document.querySelector('.editor .code').scrollLeft = 0; });
    await shoot(page, 'editor-long-line');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
