// A long run in the page: examples/stencil_fence.c (paper 003's Jacobi stencil, one-sided halos
// between fences) on 256 ranks of the FX100 profile, played at full speed in the release build.
// Prints the wall time, the longest gaps between painted frames and the longest main-thread tasks
// while it runs, and what the progress line said along the way. Figures for notes, never
// pass/fail. Usage: node tests/bench-long-run.mjs [RANKS] [EXAMPLE] (after trunk build --release)
import { benchPage, percentile, ms, watchFrames } from './browser/harness.mjs';

const ranks = process.argv[2] ?? '256';
const file = process.argv[3] ?? 'stencil_fence.c';
const { page, problems, close } = await benchPage();
try {
  const value = await page.$eval(
    '[data-testid="example-select"]',
    (s, file) => [...s.options].find((o) => o.textContent === file).value,
    file,
  );
  await page.selectOption('[data-testid="example-select"]', value);
  await page.selectOption('[data-testid="profile-select"]', 'fx100');
  await page.fill('[data-testid="ranks-input"]', ranks);
  await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
  await watchFrames(page);
  const started = performance.now();
  await page.click('[data-testid="run"]');
  const progress = [];
  const draws = [];
  for (;;) {
    const draw = await page
      .$eval('[data-testid="timeline-canvas"]', (c) => Number(c.dataset.drawMs))
      .catch(() => NaN);
    if (Number.isFinite(draw)) draws.push(draw);
    const status = await page.textContent('[data-testid="run-status"]');
    const line = await page
      .$eval('[data-testid="run-progress"]', (p) => p.textContent)
      .catch(() => null);
    if (line && progress.at(-1) !== line) progress.push(`${((performance.now() - started) / 1000).toFixed(1)} s: ${line}`);
    if (/finished|stopped|error|deadlock/i.test(status) && !/running/i.test(status)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const wall = (performance.now() - started) / 1000;
  const status = await page.textContent('[data-testid="run-status"]');
  const b = await page.evaluate(() => {
    window.__bench.stop = true;
    return window.__bench;
  });
  const gaps = b.frames.slice(1).map((t, i) => t - b.frames[i]);
  const worst = [...gaps].sort((a, b) => b - a).slice(0, 5).map(ms).join(', ');
  console.log(`${file}, ${ranks} ranks on fx100, full speed: ${status.trim()} — ${wall.toFixed(1)} s wall`);
  console.log(`frame gaps: median ${ms(percentile(gaps, 50))}, p95 ${ms(percentile(gaps, 95))}, p99 ${ms(percentile(gaps, 99))}, max ${ms(Math.max(...gaps))} over ${gaps.length} frames; worst ${worst}`);
  console.log(`gaps over 100 ms: ${gaps.filter((g) => g > 100).length}; long tasks (> 50 ms): ${b.longTasks.length}, longest ${ms(Math.max(0, ...b.longTasks))}`);
  console.log(`timeline redraws sampled: max ${ms(Math.max(0, ...draws))}, median ${ms(percentile(draws, 50) ?? 0)} over ${draws.length} samples`);
  if (progress.length) {
    console.log('progress line seen:');
    for (const p of progress.filter((_, i) => i % Math.ceil(progress.length / 8) === 0 || i === progress.length - 1)) console.log(`  ${p}`);
  }
  if (problems.length) throw new Error(problems.join('\n'));
} finally {
  await close();
}
