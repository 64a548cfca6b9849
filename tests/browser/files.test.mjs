// A program of several files in the playground, used as a student would: open the histogram
// example (main.c, histogram.c, histogram.h, scores.txt), change the data file in its tab, run,
// read the file the run wrote in its own read-only tab and keep it; add, rename and delete a
// file (a bad name is refused with a reason); make an error in histogram.c and find it from
// main.c by clicking the error; reload and a share link bring every file back. Then the same
// program presenting at 1024×768. Screenshots: tests/screenshots/files-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, useSite } from './harness.mjs';

const site = useSite();

const EDITOR = '[aria-label="MPI program source"]';
const tabNames = (page) =>
  page.$$eval('[data-testid="file-tab"]', (tabs) => tabs.map((t) => t.dataset.name));
const openTab = (page) =>
  page.$eval('[data-testid="file-tabs"] [role="tab"][aria-selected="true"]', (t) => t.dataset.name);
const finished = (page) =>
  page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });

/** Whether the element is wholly inside the viewport. */
const inView = (page, selector) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });

test('a program of several files: tabs, a data file, a written file, errors by file, reload', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await openExample(page, 'histogram/main.c');
    assert.deepEqual(await tabNames(page), ['main.c', 'histogram.c', 'histogram.h', 'scores.txt']);
    assert.equal(await openTab(page), 'main.c');

    // The data file, edited in its tab with the keyboard: two scores instead of twenty.
    await page.click('[data-testid="file-tab"][data-name="scores.txt"]');
    assert.equal(await openTab(page), 'scores.txt');
    assert.match(await page.inputValue(EDITOR), /^# One score per line/);
    await page.click(EDITOR);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('# two scores\n50\n90\n');
    assert.equal(await page.inputValue(EDITOR), '# two scores\n50\n90\n');

    await page.click('[data-testid="run"]');
    await finished(page);
    const written = page.locator('[data-testid="written-tab"][data-name="histogram.txt"]');
    await written.waitFor();
    assert.match(await written.textContent(), /histogram\.txt · rank 0/);
    await written.click();
    assert.equal(await openTab(page), 'histogram.txt');
    // A written file is shown read-only: highlighted text, no text box.
    await page.waitForSelector('.editor.read-only');
    const text = await page.textContent('[data-testid="code-overlay"]');
    assert.match(text, / 40- 59 {3}1 #\n/);
    assert.match(text, / 80-100 {3}1 #\n/);
    assert.match(text, / 60- 79 {3}0 \n/);
    assert.match(await page.textContent('[data-testid="written-note"]'), /Written by rank 0 in the last run \(67 bytes\)/);
    assert.ok(await inView(page, '[data-testid="file-tabs"]'), 'the tabs are in sight');
    await screenshot(page, 'files-written');

    // Keep it: it becomes a file of the program, and the run (of the old program) is gone.
    await page.click('[data-testid="file-keep"]');
    assert.deepEqual(await tabNames(page), ['main.c', 'histogram.c', 'histogram.h', 'scores.txt', 'histogram.txt']);
    assert.equal(await openTab(page), 'histogram.txt');
    assert.equal(await page.locator('.editor.read-only').count(), 0);

    // Add: a bad name is refused with its reason, a good one opens an empty tab; rename, delete.
    await page.click('[data-testid="file-add"]');
    await page.keyboard.type('my notes.txt');
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('[data-testid="file-problem"]'), /has ` ` in it/);
    await page.click('[data-testid="file-add"]');
    await page.keyboard.type('notes.txt');
    await page.keyboard.press('Enter');
    assert.equal(await openTab(page), 'notes.txt');
    assert.equal(await page.inputValue(EDITOR), '');
    assert.equal(await page.locator('[data-testid="file-problem"]').count(), 0);
    await page.click('[data-testid="file-rename"]');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('histogram.h');
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('[data-testid="file-problem"]'), /already a file called `histogram.h`/);
    await page.click('[data-testid="file-rename"]');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('readme.txt');
    await page.keyboard.press('Enter');
    assert.equal(await openTab(page), 'readme.txt');
    await page.click('[data-testid="file-delete"]');
    assert.deepEqual(await tabNames(page), ['main.c', 'histogram.c', 'histogram.h', 'scores.txt', 'histogram.txt']);

    // An error in histogram.c, run from main.c: the tab with the error is shown, and from
    // main.c a click (then Enter) on the error shows it again.
    await page.click('[data-testid="file-tab"][data-name="histogram.c"]');
    await page.click(EDITOR);
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('oops\n');
    await page.click('[data-testid="file-tab"][data-name="main.c"]');
    await page.click('[data-testid="run"]');
    const diag = page.locator('[data-testid="diagnostics"] .diagnostic').first();
    await diag.waitFor();
    assert.match(await diag.textContent(), /--> histogram\.c:1:1/);
    assert.equal(await openTab(page), 'histogram.c');
    const inline = page.locator('.editor [data-testid="inline-diagnostic"]');
    await inline.first().waitFor();
    assert.match(await inline.first().textContent(), /oops|expected/);
    await screenshot(page, 'files-error');
    await page.click('[data-testid="file-tab"][data-name="main.c"]');
    assert.equal(await inline.count(), 0, 'main.c has none of the errors');
    await diag.click();
    assert.equal(await openTab(page), 'histogram.c');
    await page.click('[data-testid="file-tab"][data-name="main.c"]');
    await diag.focus();
    await page.keyboard.press('Enter');
    assert.equal(await openTab(page), 'histogram.c');
    await page.click(EDITOR);
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Delete');

    // Reload: the autosave brings every file back as it was.
    await page.waitForTimeout(700);
    await page.reload();
    await page.waitForSelector('[data-testid="app"][data-ready="true"]');
    assert.deepEqual(await tabNames(page), ['main.c', 'histogram.c', 'histogram.h', 'scores.txt', 'histogram.txt']);
    await page.click('[data-testid="file-tab"][data-name="scores.txt"]');
    assert.equal(await page.inputValue(EDITOR), '# two scores\n50\n90\n');

    // A share link carries them to another browser.
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    const other = await loadApp(site, `/${link.hash}`, { viewport: { width: 1280, height: 800 } });
    try {
      assert.deepEqual(await tabNames(other.page), ['main.c', 'histogram.c', 'histogram.h', 'scores.txt', 'histogram.txt']);
      await other.page.click('[data-testid="run"]');
      await finished(other.page);
      await other.page.locator('[data-testid="written-tab"]').first().waitFor();
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('presenting at 1024×768: the tabs of a program of several files are in sight', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1024, height: 768 } });
  try {
    await openExample(page, 'histogram/main.c');
    await page.click('[data-testid="run"]');
    await finished(page);
    await page.click('[data-testid="present"]');
    await page.waitForSelector('[data-present="true"]');
    await page.click('[data-testid="file-tab"][data-name="histogram.c"]');
    assert.equal(await openTab(page), 'histogram.c');
    assert.ok(await inView(page, '[data-testid="file-tabs"]'), 'the tabs are in sight');
    assert.equal(await page.locator('[data-testid="file-add"]').count(), 0, 'no file actions while presenting');
    await page.click('[data-testid="written-tab"]');
    assert.match(await page.textContent('[data-testid="code-overlay"]'), /80-100/);
    await screenshot(page, 'files-present-1024');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
