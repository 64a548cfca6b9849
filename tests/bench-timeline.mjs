// Timeline frame-time benchmark in headless Chromium on the release build: runs an MPI C program
// that sends 10,000 messages (8 ranks × 1,250), fits the whole run into the timeline so every
// arrow is on screen, then drives ~300 frames of pan (pointer drags) and zoom (wheel) with
// synthetic events, one per animation frame, and reports the frame rate from the
// requestAnimationFrame timestamps, the canvas's own draw time, and the arrows drawn.
// A figure for notes, never pass/fail.
// Usage: node tests/bench-timeline.mjs [frames]   (after trunk build --release; RANKSCOPE_DIST picks the site)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot, distDir, serveStatic, launchChromium, openPage } from './browser/harness.mjs';

const FRAMES = Number(process.argv[2] ?? 300);
const RANKS = 8;
const ROUNDS = 625; // 2 messages per rank per round: 8 × 1,250 = 10,000 messages

// examples/halo_sweep.c with fewer sweeps: each sweep every rank sends 2 messages.
const program = (await readFile(join(repoRoot, 'examples', 'halo_sweep.c'), 'utf8')).replace(
  /#define ITERATIONS \d+/,
  `#define ITERATIONS ${ROUNDS}`,
);
if (!program.includes(`#define ITERATIONS ${ROUNDS}`)) throw new Error('halo_sweep.c has no ITERATIONS to set');

const CANVAS = '[data-testid="timeline-canvas"]';
const server = await serveStatic(distDir, ['/']);
const browser = await launchChromium();
try {
  const { page, problems } = await openPage(browser, { viewport: { width: 1600, height: 1000 } });
  await page.goto(server.origin + '/');
  await page.waitForSelector('[data-testid="app"][data-ready="true"]', { timeout: 20000 });
  await page.selectOption('[data-testid="profile-select"]', 'ib-qdr');
  await page.fill('[data-testid="ranks-input"]', String(RANKS));
  await page.press('[data-testid="ranks-input"]', 'Tab');
  await page.fill('textarea[aria-label="MPI program source"]', program);
  await page.click('[data-testid="run"]');
  await page
    .locator('[data-testid="run-status"]', { hasText: 'finished after' })
    .waitFor({ timeout: 300_000 });
  await page.locator(CANVAS).scrollIntoViewIfNeeded();
  await page.click('[data-testid="timeline-fit"]');
  await page.waitForFunction(
    (sel) => Number(document.querySelector(sel)?.dataset.visibleArrows ?? 0) >= 10_000,
    CANVAS,
    { timeout: 20000 },
  );
  const fitted = await page.$eval(CANVAS, (c) => ({ ...c.dataset }));

  // One synthetic input per animation frame: first zoom out a little (so panning keeps the whole
  // run in view), then alternate drags left/right and wheel zooms in/out around the middle.
  const result = await page.evaluate(
    ([sel, frames]) =>
      new Promise((resolve) => {
        const canvas = document.querySelector(sel);
        const box = canvas.getBoundingClientRect();
        const cx = box.left + box.width / 2;
        const cy = box.top + 60;
        const stamps = [];
        const draws = [];
        const minVisible = [];
        let x = cx;
        let down = false;
        const pointer = (type, px) =>
          canvas.dispatchEvent(
            new PointerEvent(type, {
              pointerId: 7, pointerType: 'mouse', button: 0, buttons: type === 'pointerup' ? 0 : 1,
              clientX: px, clientY: cy, bubbles: true, cancelable: true,
            }),
          );
        const wheel = (dy) =>
          canvas.dispatchEvent(
            new WheelEvent('wheel', { deltaY: dy, clientX: cx, clientY: cy, bubbles: true, cancelable: true }),
          );
        const tick = (ts) => {
          const i = stamps.length;
          stamps.push(ts);
          draws.push(Number(canvas.dataset.drawMs));
          minVisible.push(Number(canvas.dataset.visibleArrows));
          if (i >= frames) {
            if (down) pointer('pointerup', x);
            resolve({ stamps, draws, minVisible, last: { ...canvas.dataset } });
            return;
          }
          if (i < 8) {
            wheel(20); // zoom out ~5 % per frame, 8 frames
          } else {
            const phase = Math.floor((i - 8) / 24) % 4; // 24 frames each: drag →, drag ←, zoom in, zoom out
            if (phase < 2) {
              if (!down) {
                pointer('pointerdown', x);
                down = true;
              }
              x += phase === 0 ? 2 : -2;
              pointer('pointermove', x);
            } else {
              if (down) {
                pointer('pointerup', x);
                down = false;
              }
              wheel(phase === 2 ? -4 : 4);
            }
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    [CANVAS, FRAMES],
  );
  const deltas = result.stamps.slice(1).map((t, i) => t - result.stamps[i]).slice(8);
  const sorted = [...deltas].sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const mean = deltas.reduce((a, b) => a + b, 0) / deltas.length;
  const draws = result.draws.slice(9).filter(Number.isFinite).sort((a, b) => a - b);
  const dpct = (p) => draws[Math.min(draws.length - 1, Math.floor((p / 100) * draws.length))];
  const minArrows = Math.min(...result.minVisible.slice(9));
  console.log(`timeline: ${fitted.visibleArrows} arrows in the fitted view of a ${RANKS}-rank run`);
  console.log(
    `timeline pan/zoom over ${deltas.length} frames: ${(1000 / mean).toFixed(1)} fps mean; frame time median ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
  );
  console.log(
    `timeline draw (wasm + canvas calls): median ${dpct(50).toFixed(2)} ms, p95 ${dpct(95).toFixed(2)} ms, max ${draws[draws.length - 1].toFixed(2)} ms`,
  );
  console.log(
    `timeline last frame: ${result.last.drawnArrows} arrows drawn (${result.last.strokedLegs} distinct pixel segments stroked), ${result.last.drawnSpans} spans; fewest arrows in view during the run: ${minArrows}`,
  );
  if (problems.length) throw new Error(problems.join('\n'));
} finally {
  await browser.close();
  server.close();
}
