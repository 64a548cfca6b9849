// The "Arguments" field: what a user types there reaches every rank's `main(int argc, char *argv[])`,
// a line that cannot be split says why under the field, and a share link's `args=` brings the
// arguments along. Screenshots go to tests/screenshots/ (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp as load, screenshot, useSite } from './harness.mjs';

const site = useSite(['/']);

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true };
const loadApp = (path, options = desktop) => load(site, path, options);

const PRINT_ARGS = `#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* Every rank prints what it was started with. */
int main(int argc, char *argv[])
{
    int rank, i;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("argc=%d\\n", argc);
    for (i = 0; i < argc; i++) {
        printf("argv[%d]=%s\\n", i, argv[i]);
    }
    if (argc > 2) {
        printf("product=%d\\n", atoi(argv[1]) * atoi(argv[2]));
    }
    MPI_Finalize();
    return 0;
}
`;

/** The console's lines without their `[rank R @ T] ` prefix, for one rank. */
async function consoleOf(page, rank) {
  const text = await page.textContent('[data-testid="console"]');
  const prefix = new RegExp(`^\\[rank ${rank} @ [^\\]]*\\] `);
  return text.split('\n').filter((l) => prefix.test(l)).map((l) => l.replace(prefix, ''));
}

async function typeProgram(page, ranks) {
  await page.fill('[aria-label="MPI program source"]', PRINT_ARGS);
  await page.fill('[data-testid="ranks-input"]', String(ranks));
  await page.press('[data-testid="ranks-input"]', 'Tab');
}

async function runToEnd(page) {
  await page.click('[data-testid="run"]');
  await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
}

test('typed arguments reach argv on every rank; an open quote is explained, not run', async () => {
  const { page, problems, close } = await loadApp('/');
  try {
    await typeProgram(page, 3);
    await page.fill('[data-testid="args-input"]', `100 10 "two words" it\\'s`);
    await page.press('[data-testid="args-input"]', 'Tab');
    await runToEnd(page);
    const expected = ['argc=5', 'argv[0]=program', 'argv[1]=100', 'argv[2]=10', 'argv[3]=two words', "argv[4]=it's", 'product=1000'];
    for (const rank of [0, 1, 2]) assert.deepEqual(await consoleOf(page, rank), expected, `rank ${rank}`);
    assert.equal(await page.locator('[data-testid="args-error"]').count(), 0);
    await screenshot(page, 'arguments-desktop');

    // The field fits the setup panel at 1280×800: inside it, nothing overflows the page.
    const fits = await page.evaluate(() => {
      const field = document.querySelector('[data-testid="args-input"]').getBoundingClientRect();
      const panel = document.querySelector('.controls').getBoundingClientRect();
      return { field, panel, overflow: document.documentElement.scrollWidth - window.innerWidth };
    });
    assert.ok(fits.field.width >= 120, `the field is wide enough to type in (${fits.field.width}px)`);
    assert.ok(fits.field.left >= fits.panel.left && fits.field.right <= fits.panel.right, 'inside the setup panel');
    assert.ok(fits.overflow <= 0, `no horizontal scrolling (${fits.overflow}px)`);

    // Changing the line drops the run; the next Run uses the new arguments.
    await page.fill('[data-testid="args-input"]', '7');
    await page.press('[data-testid="args-input"]', 'Enter');
    await page.locator('[data-testid="run-status"]').waitFor({ state: 'detached' });
    await runToEnd(page);
    assert.deepEqual(await consoleOf(page, 1), ['argc=2', 'argv[0]=program', 'argv[1]=7']);

    // An unterminated quote: a plain message under the field, and Run refuses with it.
    await page.fill('[data-testid="args-input"]', '100 "ten');
    await page.press('[data-testid="args-input"]', 'Tab');
    const error = await page.waitForSelector('[data-testid="args-error"]');
    assert.equal(await error.textContent(), 'Arguments: the " at character 5 is never closed: add a closing "');
    assert.equal(await page.getAttribute('[data-testid="args-input"]', 'aria-invalid'), 'true');
    await page.click('[data-testid="run"]');
    const refused = await page.waitForSelector('[data-testid="start-error"]');
    assert.match(await refused.textContent(), /^Arguments: the " at character 5 is never closed/);
    assert.equal(await page.locator('[data-testid="run-status"]').count(), 0, 'nothing ran');
    await screenshot(page, 'arguments-error');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a share link keeps the arguments as a readable args= part, and they come back', async () => {
  const maker = await loadApp('/');
  let link;
  try {
    await typeProgram(maker.page, 2);
    await maker.page.fill('[data-testid="args-input"]', `6 7 'x&y'`);
    await maker.page.press('[data-testid="args-input"]', 'Tab');
    await maker.page.click('[data-testid="share"]');
    link = new URL(await maker.page.inputValue('[data-testid="share-link"]'));
    assert.match(link.hash, /^#s=[A-Za-z0-9_-]+&args=6%207%20%27x%26y%27$/);
    assert.deepEqual(maker.problems, []);
  } finally {
    await maker.close();
  }

  for (const [name, options] of [['arguments-link-desktop', desktop], ['arguments-link-phone', phone]]) {
    const { page, problems, close } = await loadApp(link.pathname + link.hash, options);
    try {
      await page.waitForFunction(
        (text) => document.querySelector('[aria-label="MPI program source"]')?.value === text,
        PRINT_ARGS,
      );
      assert.equal(await page.inputValue('[data-testid="args-input"]'), `6 7 'x&y'`);
      await runToEnd(page);
      assert.deepEqual(await consoleOf(page, 1), ['argc=4', 'argv[0]=program', 'argv[1]=6', 'argv[2]=7', 'argv[3]=x&y', 'product=42']);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name}: no horizontal scrolling (overflow ${overflow}px)`);
      await page.locator('[data-testid="args-input"]').scrollIntoViewIfNeeded();
      await screenshot(page, name);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  }

  // Written by hand (a teacher appends &args=… to a link): the browser encodes the spaces.
  const hand = await loadApp(`${link.pathname}${link.hash.split('&')[0]}&args=3 "a b"`);
  try {
    await hand.page.waitForFunction(() => document.querySelector('[data-testid="args-input"]')?.value === '3 "a b"');
    await runToEnd(hand.page);
    assert.deepEqual(await consoleOf(hand.page, 0), ['argc=3', 'argv[0]=program', 'argv[1]=3', 'argv[2]=a b', 'product=0']);
    assert.deepEqual(hand.problems, []);
  } finally {
    await hand.close();
  }

  // A bad args= part is refused with a plain message, like any damaged link.
  const bad = await loadApp(`${link.pathname}${link.hash.split('&')[0]}&args=%22open`);
  try {
    const banner = await bad.page.waitForSelector('[data-testid="link-error"]');
    assert.equal(
      await banner.textContent(),
      `this link's program arguments (args=) are not valid: the " at character 1 is never closed: add a closing "`,
    );
    await screenshot(bad.page, 'arguments-link-bad');
    assert.deepEqual(bad.problems, []);
  } finally {
    await bad.close();
  }
});
