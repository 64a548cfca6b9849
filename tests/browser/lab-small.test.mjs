// The small ones of issue 29 (item 15), the way a student meets them: typing a block in the editor
// (`}` dedents, Enter leaves no trailing spaces on a blank line), opening an example after typing
// arguments for another program (they are reset), and the lessons page ordered by level.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, useSite } from './harness.mjs';

const site = useSite();
const SRC = '[aria-label="MPI program source"]';

test('typing a block: } dedents its line, a blank line keeps no trailing spaces', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.click(SRC);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    // Typed as a student types it: Enter after {, a blank line, then the closing brace.
    await page.keyboard.type('int main(void) {');
    await page.keyboard.press('Enter');
    await page.keyboard.type('if (1) {');
    await page.keyboard.press('Enter');
    await page.keyboard.type('return 1;');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('}');
    await page.keyboard.press('Enter');
    await page.keyboard.type('return 0;');
    await page.keyboard.press('Enter');
    await page.keyboard.type('}');
    const text = await page.inputValue(SRC);
    assert.equal(text, 'int main(void) {\n    if (1) {\n        return 1;\n\n    }\n    return 0;\n}');
    assert.ok(!/ +\n/.test(text), 'no line ends in spaces');
    // One undo takes the last brace back with its dedent.
    await page.keyboard.press('Control+Z');
    assert.doesNotMatch(await page.inputValue(SRC), /\}$/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('opening an example resets the Arguments typed for another program', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.fill('[data-testid="args-input"]', '100 10');
    await page.press('[data-testid="args-input"]', 'Enter');
    await page.waitForFunction(() => localStorage.getItem('rankscope.autosave.v1')?.includes('100 10'));
    await openExample(page, 'ring.c');
    await page.waitForFunction((src) => document.querySelector(src).value.includes('token'), SRC);
    assert.equal(await page.inputValue('[data-testid="args-input"]'), '');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the lessons page lists beginner lessons first, then intermediate, then advanced', async () => {
  const { page, problems, close } = await loadApp(site, '/#lessons', { viewport: { width: 1280, height: 800 } });
  try {
    await page.waitForSelector('.lesson-card');
    const levels = await page.$$eval('.lesson-card-meta', (ms) => ms.map((m) => m.textContent.split(' · ')[0]));
    const order = ['beginner', 'intermediate', 'advanced'];
    assert.deepEqual(levels, [...levels].sort((a, b) => order.indexOf(a) - order.indexOf(b)), levels.join(', '));
    assert.equal(levels[0], 'beginner');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
