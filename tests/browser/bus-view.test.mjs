// The Bus view (paper 004): examples/pvm_ping_pong.c on folon with PVM's daemons talking over
// FCP (the FOLON port, "PVM route" under Protocol and limits). Stepping from the start, the view
// appears with the first PVM call; mid-message it says who holds the VME bus, lists the
// message's route so far (task → pvmd, then pvmd → pvmd over FCP), lights the words of the
// receive-buffer areas the last event touched on the six PE cards, and charts where the time
// went. Screenshots: light desktop mid-message, and dark at phone width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite, loadApp, openExample, showView } from './harness.mjs';

const site = useSite();
const view = '[data-testid="bus-view"]';

async function stepUntil(page, predicate, max) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(predicate)) return i;
    await page.click('[data-testid="step"]');
  }
  return -1;
}

async function midMessage(page) {
  await openExample(page, 'pvm_ping_pong.c');
  await page.click('.limits summary');
  await page.selectOption('[data-testid="pvm-select"]', 'fcp');
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
  assert.match(await page.textContent('[data-testid="console"]'), /10 round trips with t80001/);
  await page.click('[data-testid="reset"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
  // Until the first fragment crosses the bus from PE 0's pvmd to PE 1's (a word of its area lit).
  const steps = await stepUntil(
    page,
    () => /pvmd 0 → pvmd 1's (area|header)/.test(document.querySelector('[data-testid="bus-news"]')?.textContent ?? ''),
    400,
  );
  assert.ok(steps > 0, 'the daemons talk over the bus within 400 events');
  await showView(page, 'bus');
}

test('the Bus view shows a PVM message crossing the VME bus word by word', async () => {
  const { page, problems, close } = await loadApp(site);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await midMessage(page);
    const panel = page.locator(view);
    assert.match(await panel.locator('h2').textContent(), /FOLON's VME bus/);
    assert.match(await panel.locator('.panel-head').textContent(), /through the daemons, pvmd to pvmd over FCP · FCP/);
    // The route so far: the task wrote to its pvmd, which sends to PE 1's over FCP.
    const route = await page.textContent('[data-testid="bus-route"]');
    assert.match(route, /message 1's route so far/);
    assert.match(route, /0 → pvmd 0 · task → pvmd/);
    assert.match(route, /pvmd 0 → pvmd 1 · pvmd → pvmd/);
    assert.match(route, /FCP over the VME bus/);
    assert.match(route, /on its way/);
    // Six PEs on the machine, the two in use carded: the pvmd and the task of each.
    assert.equal(await page.locator('[data-testid="bus-pe"]').count(), 2);
    assert.match(await page.textContent('[data-testid="bus-pe"][data-pe="1"]'), /the pvmd of PE 1/);
    assert.match(await page.textContent('[data-testid="bus-pe"][data-pe="1"]'), /rank 1 \(t80001\)/);
    // The lock of PE 1's pvmd's area is held by PE 0's pvmd, and some word is lit.
    assert.match(await page.textContent('[data-testid="bus-pe"][data-pe="1"]'), /lock held by the pvmd of PE 0/);
    assert.ok(await page.locator('[data-testid="bus-word"].lit').count() > 0, 'the touched words are lit');
    assert.match(await page.textContent('[data-testid="bus-status"]'), /the bus (is held by|is locked by|is free)/);
    // Where the time went: FCP's costs (exclusion among them) and PVM's hops.
    assert.match(await page.textContent('[data-testid="bus-costs"]'), /exclusion/);
    assert.match(await page.textContent('[data-testid="bus-legs"]'), /task → pvmd/);
    await page.setViewportSize({ width: 1400, height: 2200 });
    await panel.screenshot({ path: new URL('../screenshots/bus-view-mid-message.png', import.meta.url).pathname });

    // Dark, at phone width.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 2400 });
    await panel.screenshot({ path: new URL('../screenshots/bus-view-dark-phone.png', import.meta.url).pathname });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('on PVM\'s own route the bus stays idle and the daemons talk over UDP', async () => {
  const { page, problems, close } = await loadApp(site);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openExample(page, 'pvm_ping_pong.c');
    assert.equal(await page.inputValue('[data-testid="pvm-select"]'), 'udp', 'the example asks for no route');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
    await showView(page, 'bus');
    assert.match(await page.textContent('[data-testid="bus-status"]'), /carries nothing on this route/);
    const route = await page.textContent('[data-testid="bus-route"]');
    assert.match(route, /UDP over the Ethernet/);
    assert.match(route, /acknowledges fragment 1/);
    assert.match(route, /delivered: pvm_recv has it/);
    assert.equal(await page.locator('[data-testid="bus-pe"]').count(), 0);
    assert.match(await page.textContent('[data-testid="bus-legs"]'), /pvmd's acknowledgement/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
