// The ACP view: examples/acp_remote_copy.c on ib-qdr (paper 001's remote-to-remote copy). After
// the run, stepping from the start, the view appears with the first ACP record; mid-copy it
// shows the copy as Fig. 5's steps so far (the fetch-and-add on the tail, the command written
// into rank 1's remote command receive buffer…), rank 1's card holds rank 0's command, each
// registration's GA decodes into its fields on focus, and rank 0's memory is charted by
// component. Screenshots: light desktop mid-copy, and dark at phone width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, loadApp, runExample, showView } from './harness.mjs';

const site = useSite();
const view = '[data-testid="acp-view"]';

/** Steps forward until `predicate` (evaluated in the page) holds, at most `max` steps. */
async function stepUntil(page, predicate, max) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(predicate)) return i;
    await page.click('[data-testid="step"]');
  }
  return -1;
}

async function midCopy(page) {
  await runExample(page, 'acp_remote_copy.c');
  assert.match(await page.textContent('[data-testid="console"]'), /rank 2 now holds 100 101 102 103 \(rank 1's block\)/);
  await page.click('[data-testid="reset"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
  // Until the command sits in rank 1's remote command receive buffer.
  const steps = await stepUntil(
    page,
    () => document.querySelector('[data-testid="acp-rank"][data-rank="1"] [data-testid="acp-remote-command"]') !== null,
    300,
  );
  assert.ok(steps > 0, 'the command reaches rank 1 within 300 events');
  await showView(page, 'acp');
}

test('the ACP view shows a remote-to-remote copy step by step', async () => {
  const { page, problems, close } = await loadApp(site);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await midCopy(page);
    const panel = page.locator(view);
    assert.match(await panel.locator('h2').textContent(), /ACP basic layer/);
    // Fig. 5 so far: the issuer's thread took it, took a slot, wrote the command.
    const fig5 = await page.textContent('[data-testid="acp-fig5"]');
    assert.match(fig5, /rank 0's command 3: copy of 32 bytes from rank 1 to rank 2 \(Fig\. 5\)/);
    assert.match(fig5, /takes command 3 from its queue/);
    assert.match(fig5, /0 → 1 · fetch-and-add tail/);
    assert.match(fig5, /0 → 1 · command write/);
    assert.doesNotMatch(fig5, /completion write/, 'not complete yet');
    assert.match(await page.textContent('[data-testid="acp-rank"][data-rank="1"] [data-testid="acp-remote-command"]'),
      /rank 0's command 3: acp_copy of 32 bytes/);
    // Rank 0's queue holds command 3, issued, via the source rank.
    assert.match(await page.textContent('[data-testid="acp-rank"][data-rank="0"] [data-testid="acp-command"][data-handle="3"]'),
      /#3 acp_copy of 32 bytes 1 → 2 · via the source rank · issued/);
    // A GA decodes on focus: rank + 1, color, tag, offset.
    const ga = page.locator('[data-testid="acp-rank"][data-rank="2"] [data-testid="acp-registration"] [data-testid="acp-ga"]').first();
    await ga.focus();
    const fields = ga.locator('.acp-ga-fields');
    assert.ok(await fields.isVisible(), 'the fields show on focus');
    assert.match(await fields.textContent(), /rank \+ 1 3 \(21 bits\)color 0 \(1 bit\)tag 0: registration slot \(8 bits\)offset 0 \(34 bits\)/);
    // Rank 0's memory by component: the eight components, the queue pairs among them.
    assert.equal(await page.locator('[data-testid="acp-memory-row"]').count(), 8);
    assert.match(await page.textContent('[data-testid="acp-memory"]'), /queue pairs/);
    // A tall window so the whole panel is in view for the picture.
    await page.setViewportSize({ width: 1400, height: 2000 });
    await ga.focus();
    await panel.screenshot({ path: new URL('../screenshots/acp-view-mid-copy.png', import.meta.url).pathname });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Step on to the end of the copy: the completion comes back as a command, the handle completes.
    const more = await stepUntil(
      page,
      () => /complete: the issuer's handle is done/.test(document.querySelector('[data-testid="acp-fig5"]')?.textContent ?? ''),
      200,
    );
    assert.ok(more > 0, 'the copy completes');
    const done = await page.textContent('[data-testid="acp-fig5"]');
    assert.match(done, /1 → 2 · data write/);
    assert.match(done, /1 → 0 · completion write/);
    assert.match(done, /takes the completion command of its command 3/);

    // Dark, phone width: the panel still fits.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    const width = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(width <= 1, `no horizontal overflow at phone width (${width}px)`);
    await panel.screenshot({ path: new URL('../screenshots/acp-view-dark-phone.png', import.meta.url).pathname });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
