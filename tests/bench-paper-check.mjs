// A paper check computed in the page: opens #paper=ID (default 002), which starts every part by
// itself, and records while it computes every main-thread task over 50 ms (Chromium's long-task
// entries), each part's time to finish, and how long a click on the page takes to be handled.
// Prints the figures for notes, never pass/fail. Usage: node tests/bench-paper-check.mjs [ID]
// [SECONDS] (after trunk build --release; SECONDS stops watching early).
import { benchPage, percentile, ms } from './browser/harness.mjs';

const id = process.argv[2] ?? '002';
// Optional: stop watching after this many seconds (the parts still computing are listed).
const limitS = Number(process.argv[3] ?? Infinity);
const { page, problems, close } = await benchPage();
try {
  await page.evaluate(() => {
    window.__bench = { latencies: [], longTasks: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longTasks.push({ duration: e.duration, at: e.startTime - (window.__bench.t0 ?? 0) });
    }).observe({ entryTypes: ['longtask'] });
    document.addEventListener('pointerdown', (e) => {
      window.__bench.latencies.push(performance.now() - e.timeStamp);
    }, true);
  });
  const started = performance.now();
  await page.evaluate(() => { window.__bench.t0 = performance.now(); });
  await page.click(`[data-testid="nav-paper-${id}"]`);
  await page.waitForSelector(`[data-testid="paper-check"][data-paper="${id}"]`);
  const parts = await page.$$eval('[data-testid^="status-"]', (els) => els.map((e) => e.dataset.testid.slice('status-'.length)));
  const finished = {};
  const spot = await page.locator('[data-testid="paper-check"] h2').first().boundingBox();
  for (;;) {
    const statuses = await page.$$eval('[data-testid^="status-"]', (els) =>
      els.map((e) => [e.dataset.testid.slice('status-'.length), e.dataset.status]));
    for (const [part, status] of statuses) {
      if (status === 'done' && !(part in finished)) finished[part] = performance.now() - started;
    }
    if (statuses.every(([, s]) => s !== 'running')) break;
    if (performance.now() - started > limitS * 1000) break;
    if (spot) await page.mouse.click(spot.x + 2, spot.y + 2);
    await new Promise((r) => setTimeout(r, 200));
  }
  const total = performance.now() - started;
  const b = await page.evaluate(() => window.__bench);
  const longest = b.longTasks.length ? Math.max(...b.longTasks.map((t) => t.duration)) : 0;
  console.log(`paper ${id} check in the page: watched for ${(total / 1000).toFixed(1)} s`);
  for (const part of parts) {
    console.log(`  ${part}: ${part in finished ? `${(finished[part] / 1000).toFixed(1)} s` : 'not finished'}`);
  }
  console.log(`main-thread tasks over 50 ms: ${b.longTasks.length}${b.longTasks.length ? `, longest ${ms(longest)}` : ''}`);
  for (const t of b.longTasks) console.log(`  ${ms(t.duration)} at ${(t.at / 1000).toFixed(2)} s after the click`);
  if (b.latencies.length) {
    console.log(`clicks handled: ${b.latencies.length}, median ${ms(percentile(b.latencies, 50))}, p95 ${ms(percentile(b.latencies, 95))}, max ${ms(Math.max(...b.latencies))}`);
  }
  if (problems.length) console.log(`problems: ${problems.join('; ')}`);
} finally {
  await close();
}
