// The reference page (#reference): reached from the editor's header, it lists the C and MPI
// functions with their signatures and how each is modelled (core's lang::reference), filters them,
// and scrolls to a function a link names (#reference=MPI_Send).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadApp, screenshot, screenshotDir, useSite } from './harness.mjs';

const site = useSite();

const signature = (page, name) =>
  page.textContent(`[data-testid="reference-entry"][data-name="${name}"] [data-testid="reference-signature"]`);

const shownNames = (page) =>
  page.$$eval('[data-testid="reference-entry"]', (entries) => entries.map((e) => e.dataset.name));

/** A screenshot of what the viewport shows (the whole reference is too long for one). */
async function viewportShot(page, name) {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

test('the editor links to the reference, which lists, filters and links to the functions', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.click('[data-testid="reference-link"]');
    await page.locator('[data-testid="reference"]').waitFor();
    assert.equal(new URL(page.url()).hash, '#reference');
    assert.equal(await page.getAttribute('[data-testid="nav-reference"]', 'aria-current'), 'page');

    assert.equal(
      await signature(page, 'MPI_Send'),
      'int MPI_Send(void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)',
    );
    assert.equal(await signature(page, 'printf'), 'int printf(const char *format, ...)');
    assert.equal(await signature(page, 'malloc'), 'void *malloc(size_t)');
    const send = page.locator('[data-testid="reference-entry"][data-name="MPI_Send"]');
    assert.match(await send.textContent(), /eager limit/);
    const all = (await shownNames(page)).length;
    assert.ok(all > 150, `${all} functions listed`);
    assert.equal(await page.textContent('[data-testid="reference-count"]'), `${all} functions`);
    await viewportShot(page, 'reference-top');

    await page.fill('[data-testid="reference-filter"]', 'sendrecv');
    // MPI-4's non-blocking forms run too, listed in their own family (More requests).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reference-entry"]').length === 4);
    assert.deepEqual(await shownNames(page), [
      'MPI_Sendrecv',
      'MPI_Sendrecv_replace',
      'MPI_Isendrecv',
      'MPI_Isendrecv_replace',
    ]);
    assert.equal(await page.textContent('[data-testid="reference-count"]'), '4 functions');

    await page.fill('[data-testid="reference-filter"]', 'eager');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reference-entry"]').length < 10);
    assert.ok((await shownNames(page)).includes('MPI_Send'), 'a filter searches the notes too');
    await screenshot(page, 'reference-filtered');

    await page.fill('[data-testid="reference-filter"]', 'no such function');
    await page.locator('[data-testid="reference-none"]').waitFor();
    assert.equal((await shownNames(page)).length, 0);

    await page.fill('[data-testid="reference-filter"]', '');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="reference-entry"]').length === n, all);
    await send.locator('a.reference-anchor').click();
    await page.waitForFunction(() => location.hash === '#reference=MPI_Send');
    await page.waitForFunction(() => document.getElementById('ref-MPI_Send')?.classList.contains('target'));

    await page.click('[data-testid="back-to-playground"]');
    await page.locator('[aria-label="MPI program source"]').waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a link to one function opens the reference scrolled to it (dark)', async () => {
  const { page, problems, close } = await loadApp(site, '/#reference=MPI_Bcast', {
    viewport: { width: 1280, height: 800 },
    colorScheme: 'dark',
  });
  try {
    const bcast = page.locator('#ref-MPI_Bcast');
    await bcast.waitFor();
    await page.waitForFunction(() => {
      const r = document.getElementById('ref-MPI_Bcast').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    assert.match(await bcast.textContent(), /Binomial tree/);
    assert.match(await bcast.getAttribute('class'), /target/);
    await viewportShot(page, 'reference-dark');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('typing in the reference filter key by key keeps the focus in the field, however the parts shown change', async () => {
  const { page, problems, close } = await loadApp(site, '/#reference', { viewport: { width: 1280, height: 800 } });
  try {
    await page.locator('[data-testid="reference"]').waitFor();
    await page.click('[data-testid="reference-filter"]');
    // "sen" narrows to fewer parts, "qqq" to none, then back: every key lands in the field.
    for (const text of ['sen', 'MPI_Se', 'qqq']) {
      await page.fill('[data-testid="reference-filter"]', '');
      await page.click('[data-testid="reference-filter"]');
      for (const key of text) {
        await page.keyboard.type(key);
        const focused = await page.evaluate(() => document.activeElement?.dataset?.testid ?? document.activeElement?.tagName);
        assert.equal(focused, 'reference-filter', `after typing "${key}" of "${text}"`);
      }
      assert.equal(await page.inputValue('[data-testid="reference-filter"]'), text);
    }
    await page.locator('[data-testid="reference-none"]').waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'reference-filter');
    assert.ok((await shownNames(page)).length > 0);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
