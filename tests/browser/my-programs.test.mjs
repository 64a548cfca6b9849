// Nothing a student writes is lost: a pasted program, then an example opened over it — the page
// asks first (in the page, not a browser dialog), keeps it in "My programs", and after a reload
// the program is still in the list and opens; Download .c gives the editor's text as a file,
// Upload .c loads one; rename and delete. Screenshots: tests/screenshots/my-programs-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApp, openExample, pasteProgram, screenshot, useSite } from './harness.mjs';

const site = useSite();
const SRC = '[aria-label="MPI program source"]';
const PASTED = '#include <mpi.h>\n#include <stdio.h>\n/* my halo exchange, typed in the lab */\nint main(int argc, char **argv)\n{\n    MPI_Init(&argc, &argv);\n    printf("mine\\n");\n    MPI_Finalize();\n    return 0;\n}\n';

const items = (page) => page.$$eval('[data-testid="program-item"]', (li) => li.map((l) => l.dataset.name));

test('a pasted program survives opening an example and a reload, in My programs', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  try {
    // No browser dialog may ever appear: a test (and a student) could not see it.
    page.on('dialog', (d) => { problems.push(`browser dialog: ${d.message()}`); d.dismiss(); });
    await pasteProgram(page, PASTED);
    await openExample(page, 'ring.c');
    const confirm = page.locator('[data-testid="open-confirm"]');
    await confirm.waitFor();
    assert.match(await confirm.textContent(), /Opening ring\.c replaces the program in the editor, which is not kept anywhere yet/);
    assert.equal(await page.inputValue(SRC), PASTED, 'nothing replaced before the answer');
    // The answer is in view and takes the focus.
    const box = await confirm.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 800, `the confirm step is on screen (${JSON.stringify(box)})`);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'keep-and-open');
    assert.equal(await page.$eval('[data-testid="example-select"]', (s) => s.value), '', 'the picker waits too');
    await screenshot(page, 'my-programs-confirm');

    // Cancel: nothing changes.
    await page.click('[data-testid="cancel-open"]');
    assert.equal(await confirm.count(), 0);
    assert.equal(await page.inputValue(SRC), PASTED);

    // Again, and keep it under a name.
    await openExample(page, 'ring.c');
    await confirm.waitFor();
    await page.fill('[data-testid="keep-name"]', 'halo exchange');
    await page.click('[data-testid="keep-and-open"]');
    await page.waitForFunction((src) => document.querySelector(src).value.includes('token'), SRC);
    assert.equal(await page.textContent('[data-testid="file-name"]'), 'ring.c');
    assert.equal(await page.locator('[data-testid="replaced-edit"]').count(), 0, 'kept, so nothing was lost');
    await page.waitForFunction(() => localStorage.getItem('rankscope.programs.v1')?.includes('halo exchange'));

    await page.reload();
    await page.waitForSelector('[data-testid="app"][data-ready="true"]');
    await page.click('[data-testid="my-programs"] summary');
    await page.waitForSelector('[data-testid="program-item"][data-name="halo exchange"]');
    assert.deepEqual(await items(page), ['halo exchange']);
    await screenshot(page, 'my-programs-list');
    await page.click('[data-testid="program-item"][data-name="halo exchange"] [data-testid="open-program"]');
    await page.waitForFunction((src) => document.querySelector(src).value.includes('my halo exchange'), SRC);
    assert.equal(await page.inputValue(SRC), PASTED);
    assert.equal(await page.textContent('[data-testid="file-name"]'), 'halo exchange');

    // Download .c: the editor's text, as a file named after the program.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="download-program"]'),
    ]);
    assert.equal(download.suggestedFilename(), 'halo_exchange.c');
    assert.equal(await readFile(await download.path(), 'utf8'), PASTED);

    // Rename, then delete.
    await page.click('[data-testid="program-item"][data-name="halo exchange"] [data-testid="rename-program"]');
    await page.fill('[data-testid="rename-input"]', 'halo v2');
    await page.click('[data-testid="rename-ok"]');
    await page.waitForSelector('[data-testid="program-item"][data-name="halo v2"]');
    assert.equal(await page.textContent('[data-testid="file-name"]'), 'halo v2');
    await page.click('[data-testid="program-item"][data-name="halo v2"] [data-testid="delete-program"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="program-item"]').length === 0);
    await page.waitForFunction(() => !localStorage.getItem('rankscope.programs.v1')?.includes('halo'));
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('Upload .c loads a file into the editor (asking first over unkept work)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'rankscope-upload-'));
  const file = join(dir, 'pi.c');
  const text = '#include <mpi.h>\n/* pi by integration */\nint main(void) { return 0; }\n';
  await writeFile(file, text);
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 390, height: 844 } });
  try {
    await page.click('[data-testid="my-programs"] summary');
    await page.setInputFiles('[data-testid="upload-program"]', file);
    await page.waitForFunction((src) => document.querySelector(src).value.includes('pi by integration'), SRC);
    assert.equal(await page.inputValue(SRC), text);
    // Typed over, then another upload: asked first.
    await page.click(SRC);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('/* more */');
    await page.setInputFiles('[data-testid="upload-program"]', file);
    await page.locator('[data-testid="open-confirm"]').waitFor();
    assert.match(await page.textContent('[data-testid="open-confirm"]'), /Opening pi\.c replaces/);
    await screenshot(page, 'my-programs-phone');
    await page.click('[data-testid="open-anyway"]');
    await page.waitForFunction(([src, t]) => document.querySelector(src).value === t, [SRC, text]);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
