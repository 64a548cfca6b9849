// Responsiveness while simulating: plays examples/halo_sweep.c (8 ranks, about 10^6 events) at
// full speed in the release build and, while it runs, clicks the page every 30 ms through
// Chromium's real input pipeline. Prints how long each click took to be handled, the longest
// main-thread task, the longest gap between painted frames, and the simulation throughput.
// Figures for notes, never pass/fail. Usage: node tests/bench-responsiveness.mjs (after trunk build)
import { benchPage, percentile, ms, watchFrames } from './browser/harness.mjs';

const pct = percentile;
const { page, problems, close } = await benchPage();
try {
  const value = await page.$eval('[data-testid="example-select"]', (s) =>
    [...s.options].find((o) => o.textContent === 'halo_sweep.c').value);
  await page.selectOption('[data-testid="example-select"]', value);
  await watchFrames(page);
  await page.evaluate(() => {
    document.addEventListener('pointerdown', (e) => {
      window.__bench.latencies.push(performance.now() - e.timeStamp);
    }, true);
  });
  const started = performance.now();
  await page.click('[data-testid="run"]');
  const roundTrips = [];
  // Click an inert spot (the footer) every 30 ms until the run finishes.
  // (The footer is off screen in the two-column layout: then the run's status line, as inert.)
  const foot =
    (await page.locator('.foot').boundingBox()) ??
    (await page.locator('[data-testid="run-status"]').boundingBox());
  for (;;) {
    const status = await page.textContent('[data-testid="run-status"]');
    if (/finished|stopped/.test(status)) break;
    const t0 = performance.now();
    await page.mouse.click(foot.x + 10, foot.y + 5);
    roundTrips.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 30));
  }
  const wall = (performance.now() - started) / 1000;
  const status = await page.textContent('[data-testid="run-status"]');
  const events = Number(/after (\d+) events/.exec(status)?.[1] ?? NaN);
  const b = await page.evaluate(() => {
    window.__bench.stop = true;
    return window.__bench;
  });
  const gaps = b.frames.slice(1).map((t, i) => t - b.frames[i]);
  console.log(`halo_sweep.c, 8 ranks on ib-qdr, full speed: ${events} events in ${wall.toFixed(2)} s wall (${(events / wall / 1e3).toFixed(0)} k events/s, including rendering)`);
  console.log(`input handled after (event timestamp → handler): median ${ms(pct(b.latencies, 50))}, p95 ${ms(pct(b.latencies, 95))}, max ${ms(Math.max(...b.latencies))} over ${b.latencies.length} clicks`);
  console.log(`click round trip (CDP dispatch → handled):       median ${ms(pct(roundTrips, 50))}, p95 ${ms(pct(roundTrips, 95))}, max ${ms(Math.max(...roundTrips))}`);
  console.log(`long tasks (> 50 ms): ${b.longTasks.length}, longest ${ms(Math.max(0, ...b.longTasks))}`);
  console.log(`frame gaps during the run: median ${ms(pct(gaps, 50))}, p95 ${ms(pct(gaps, 95))}, max ${ms(Math.max(...gaps))} over ${gaps.length} frames`);
  if (problems.length) throw new Error(problems.join('\n'));
} finally {
  await close();
}
