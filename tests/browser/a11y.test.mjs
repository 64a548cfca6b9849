// Accessibility: axe-core (tests/node_modules/axe-core, injected into the page) finds no serious
// or critical violation on the playground after a run (paused with the ranks' lines marked), a
// lesson step, the paper-check page and the MPI reference, each in the light and the dark theme;
// and the rank colours as drawn meet their contrast (≥ 3:1 against the page, the focused badge's
// text ≥ 4.5:1, the gutter numbers ≥ 4.5:1) measured on the computed styles.
// Screenshots: tests/screenshots/a11y-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, openExample, screenshot, seriousViolations, showView, useSite } from './harness.mjs';

const site = useSite();
const THEMES = ['light', 'dark'];
const options = (colorScheme) => ({ viewport: { width: 1280, height: 800 }, colorScheme });

/**
 * The contrast of the rank colours as the page draws them (computed styles): each rank's bar in
 * the list against the panel, the focused badge's text on it, a plain gutter number on the code's
 * background, the focused line's edge against it. WCAG 2's formula, as web/src/playground/rank_colour.rs.
 */
const rankContrasts = (page) => page.evaluate(() => {
  const rgb = (css) => css.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b]
    .map((c) => c / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => {
    const [x, y] = [lum(rgb(a)), lum(rgb(b))];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const style = (el) => getComputedStyle(el);
  // The colour an element is drawn on: its first ancestor's opaque background.
  const under = (el) => {
    for (let e = el.parentElement; e; e = e.parentElement) {
      const bg = style(e).backgroundColor;
      if (!/^rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') return bg;
    }
    return 'rgb(255, 255, 255)';
  };
  const panel = under(document.querySelector('.ranks li'));
  const bars = [...document.querySelectorAll('.ranks li.rank-coloured button.rank-id')].map((b) => ({
    rank: b.dataset.testid,
    ratio: ratio(style(b).boxShadow, panel),
  }));
  const badge = document.querySelector('.ranks li.focused button.rank-id');
  const codeBg = style(document.querySelector('.code')).backgroundColor;
  const plain = document.querySelector('.gutter .ln:not(.at):not(.err)');
  const edge = document.querySelector('.line-mark.focused');
  return {
    bars,
    badge: ratio(style(badge).color, style(badge).backgroundColor),
    gutter: ratio(style(plain).color, codeBg),
    edge: edge ? ratio(style(edge).boxShadow, codeBg) : 0,
  };
});

const assertClean = (violations, where) =>
  assert.deepEqual(violations, [], `${where}: ${JSON.stringify(violations, null, 2)}`);

for (const theme of THEMES) {
  test(`axe: the playground after a run, paused with the ranks' lines marked (${theme})`, async () => {
    const { page, problems, close } = await loadApp(site, '/', options(theme));
    try {
      await openExample(page, 'ring.c');
      await page.click('[data-testid="run"]');
      await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
      // Back a few events: paused, the editor marks each rank's line.
      await page.click('[data-testid="reset"]');
      // One event a press (Step otherwise passes over bookkeeping).
      await page.check('[data-testid="every-event"]');
      await page.evaluate(() => document.activeElement?.blur());
      for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight');
      await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 14' }).waitFor();
      await page.waitForSelector('[data-testid="gutter-rank"]');
      assertClean(await seriousViolations(page), `playground, queues (${theme})`);
      await showView(page, 'ranks');
      assertClean(await seriousViolations(page), `playground, ranks (${theme})`);
      // Rank 1 in focus: its badge, and every rank's bar, as drawn.
      await page.click('[data-testid="focus-rank-1"]');
      await page.waitForSelector('[data-testid="focus-rank-1"][aria-pressed="true"]');
      const drawn = await rankContrasts(page);
      assert.equal(drawn.bars.length, 6, 'ring.c runs 6 ranks');
      for (const { rank, ratio } of drawn.bars) assert.ok(ratio >= 3, `rank ${rank}'s bar ${ratio.toFixed(2)}:1 (${theme})`);
      assert.ok(drawn.badge >= 4.5, `the focused badge's text ${drawn.badge.toFixed(2)}:1 (${theme})`);
      assert.ok(drawn.gutter >= 4.5, `the gutter's numbers ${drawn.gutter.toFixed(2)}:1 (${theme})`);
      assert.ok(drawn.edge >= 3, `the focused line's edge ${drawn.edge.toFixed(2)}:1 (${theme})`);
      await screenshot(page, `a11y-playground-${theme}`);
      await showView(page, 'log');
      assertClean(await seriousViolations(page), `playground, event log (${theme})`);
      await showView(page, 'machine');
      assertClean(await seriousViolations(page), `playground, machine (${theme})`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test(`axe: a lesson step, the lessons page (${theme})`, async () => {
    const { page, problems, close } = await loadApp(site, '/', options(theme));
    try {
      await page.click('[data-testid="nav-lessons"]');
      await page.waitForSelector('[data-testid="lessons-page"]');
      assertClean(await seriousViolations(page), `lessons page (${theme})`);
      await page.click('[data-testid="open-lesson-first-mpi"]');
      await page.locator('[data-testid="lesson-pane"]').waitFor();
      await page.click('[data-testid="next-step"]');
      await page.waitForFunction(() => document.querySelector('[data-testid="lesson-pane"]').dataset.step === '2');
      assertClean(await seriousViolations(page), `lesson first-mpi step 2 (${theme})`);
      await screenshot(page, `a11y-lesson-${theme}`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test(`axe: the paper-check page (${theme})`, async () => {
    const { page, problems, close } = await loadApp(site, '/#paper=000', options(theme));
    try {
      await page.waitForSelector('[data-testid="paper-check"][data-paper="000"]');
      await page.waitForSelector('[data-testid="status-table1"][data-status="done"]', { timeout: 120000 });
      assertClean(await seriousViolations(page), `paper check 000 (${theme})`);
      await screenshot(page, `a11y-paper-${theme}`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test(`axe: the MPI reference (${theme})`, async () => {
    const { page, problems, close } = await loadApp(site, '/#reference=MPI_Bcast', options(theme));
    try {
      await page.waitForSelector('[data-testid="reference"]');
      assertClean(await seriousViolations(page), `reference (${theme})`);
      await screenshot(page, `a11y-reference-${theme}`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}
