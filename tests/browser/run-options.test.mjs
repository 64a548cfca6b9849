// Run options are one table in core (run_config::OPTIONS): the playground's selects under
// "Protocol and limits" come from it, a share link carries the choices as its key=value text,
// a link made before that (an object of options) opens with the same choices, and a bad value
// in a link is refused with the key and the values it takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { useSite, loadApp, openExample, screenshot } from './harness.mjs';

const site = useSite();

/** A share link's fragment for this state, packed as the page packs it (deflate, base64url). */
function linkOf(state) {
  const packed = deflateRawSync(Buffer.from(JSON.stringify(state)), { level: 9 });
  return `/#s=${packed.toString('base64url')}`;
}

const RING = '#include <mpi.h>\nint main(int argc, char **argv) { MPI_Init(&argc, &argv); MPI_Finalize(); return 0; }\n';

/** The values of the option selects and number fields under "Protocol and limits". */
async function choices(page) {
  return page.evaluate(() => {
    const v = (id) => document.querySelector(`[data-testid="${id}"]`)?.value;
    return {
      engine: v('engine-select'), compare: v('compare-select'), lock: v('lock-select'),
      fcp: v('fcp-select'), pvm: v('pvm-select'), eager: v('eager-limit'), memory: v('memory-mib'),
    };
  });
}

test('the option selects come from the table, and the choices travel in a share link as text', async () => {
  const { page, problems, close } = await loadApp(site);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openExample(page, 'ring.c');
    await page.click('.limits summary');
    // One select per listed option, each with the table's values, in the table's order.
    const selects = await page.$$eval('.limits-row select', (els) => els.map((e) => e.dataset.testid));
    assert.deepEqual(selects, ['engine-select', 'compare-select', 'lock-select', 'fcp-select', 'pvm-select']);
    assert.deepEqual(
      await page.$$eval('[data-testid="lock-select"] option', (os) => os.map((o) => o.value)),
      ['mcs-rw', 'fompi', 'test-and-set', 'li'],
    );
    assert.deepEqual(
      await page.$$eval('[data-testid="fcp-select"] option', (os) => os.map((o) => o.textContent)),
      ['FCP', 'FCP plus', 'FCP II'],
    );
    await page.selectOption('[data-testid="lock-select"]', 'fompi');
    await page.selectOption('[data-testid="fcp-select"]', 'fcp2');
    await page.selectOption('[data-testid="pvm-select"]', 'direct');
    await page.fill('[data-testid="eager-limit"]', '65536');
    await page.press('[data-testid="eager-limit"]', 'Enter');
    await page.locator('[data-testid="eager-limit"]').blur();
    // The lock select's tooltip is the chosen scheme's sentence.
    assert.match(await page.locator('label', { has: page.locator('[data-testid="lock-select"]') }).getAttribute('title'), /^foMPI/);
    await screenshot(page, 'run-options');
    await page.click('[data-testid="share"]');
    const link = new URL(await page.inputValue('[data-testid="share-link"]'));
    const other = await loadApp(site, `${link.pathname}${link.hash}`);
    try {
      await other.page.click('.limits summary');
      const got = await choices(other.page);
      assert.deepEqual(
        { lock: got.lock, fcp: got.fcp, pvm: got.pvm, eager: got.eager, engine: got.engine },
        { lock: 'fompi', fcp: 'fcp2', pvm: 'direct', eager: '65536', engine: 'eager' },
      );
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a link made before the text form opens with the choices it carried', async () => {
  const old = linkOf({
    v: 1, source: RING, profile: 'folon', ranks: 2, speed: 'max',
    options: {
      max_ops: 1000000000, memory_mib: 64, max_events: 5000000, matching: { 'both-sides': 'sync' },
      compare: { 'receiver-only': 'get' }, lock: 'li', eager_limit: 65536, fcp: 'fcp-plus', pvm: 'fcp',
    },
  });
  const { page, problems, close } = await loadApp(site, old);
  try {
    await page.waitForFunction(() => document.querySelector('[data-testid="lock-select"]')?.value === 'li');
    assert.deepEqual(await choices(page), {
      engine: 'both-sides:sync', compare: 'receiver-only:get', lock: 'li', fcp: 'fcp-plus', pvm: 'fcp',
      eager: '65536', memory: '64',
    });
    // "Protocol and limits" is open: the link chose something other than the defaults.
    assert.equal(await page.$eval('details.limits', (d) => d.open), true);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a bad value in a link is refused with the key and the values it takes', async () => {
  const bad = linkOf({ v: 1, source: RING, profile: 'folon', ranks: 2, options: 'lock=mcs' });
  const { page, problems, close } = await loadApp(site, bad);
  try {
    const banner = await page.waitForSelector('[data-testid="link-error"]');
    assert.match(await banner.textContent(), /lock: "mcs" is not one of mcs-rw, fompi, test-and-set, li/);
    await screenshot(page, 'run-options-bad-link');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
