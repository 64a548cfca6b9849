// The example picker names the open file, opening an example sets the engine it was written for,
// and replacing an edit is said (Ctrl+Z in the editor brings it back).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, useSite } from './harness.mjs';

const site = useSite();

test('the picker and the editor name the open example; replacing an edit is said', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await openExample(page, 'ring.c');
    const picked = await page.$eval('[data-testid="example-select"]', (s) => s.options[s.selectedIndex].textContent);
    assert.equal(picked, 'ring.c');
    assert.equal(await page.textContent('[data-testid="file-name"]'), 'ring.c');
    assert.equal(await page.locator('[data-testid="replaced-edit"]').count(), 0, 'nothing was lost');

    const editor = page.locator('[aria-label="MPI program source"]');
    await editor.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' /* mine */');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="file-name"]')?.textContent === 'ring.c (edited)');

    await openExample(page, 'errors/deadlock.c');
    // The edit is kept nowhere: the page asks first (my-programs.test.mjs); open anyway.
    await page.click('[data-testid="open-anyway"]');
    const note = page.locator('[data-testid="replaced-edit"]');
    await note.waitFor();
    assert.match(await note.textContent(), /errors\/deadlock\.c replaced your edit: Ctrl\+Z in the editor brings it back/);
    await screenshot(page, 'example-replaced-edit');
    await editor.focus();
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="MPI program source"]').value.includes('/* mine */'));
    assert.equal(await note.count(), 0, 'the note goes with the next edit');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('an example run on fewer ranks than its run line asks for says so', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await openExample(page, 'pingpong_naive.c');
    assert.equal(await page.locator('[data-testid="too-few-ranks"]').count(), 0);
    await page.fill('[data-testid="ranks-input"]', '1');
    await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
    const note = page.locator('[data-testid="too-few-ranks"]');
    await note.waitFor();
    assert.match(await note.textContent(), /pingpong_naive\.c was written for 3 ranks \(its run line\); with 1 some ranks have nothing to talk to/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
