// Keystroke latency in a long program: puts a valid 10,000-line program into the editor of the
// release build, then types characters one at a time (through Chromium's real input pipeline) at
// the start, in the middle and at the end of the text, and prints, per position and overall, the
// time from the keydown event to the next painted frame: the keydown's timestamp to a timer that
// runs once the frame after the input event has been produced (requestAnimationFrame, then a
// task), and Chromium's own Event Timing duration of the keydown (to the next paint, 8 ms
// granularity). Figures for notes, never pass/fail.
// Long lines soft-wrap by default (the program's block comments wrap at 1280×800); --unwrap
// unticks the editor's "Wrap" box first, to compare; --present types in presentation mode (P).
// Usage: node tests/bench-keystroke.mjs [--lines N] [--keys N] [--unwrap] [--present]
//        [--profile out.cpuprofile]
// (after trunk build --release)
import { writeFile } from 'node:fs/promises';
import { benchPage, bigProgram, pasteProgram, percentile, ms } from './browser/harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : process.argv[i + 1];
};
const LINES = Number(arg('--lines', 10000));
const KEYS = Number(arg('--keys', 20));
const PROFILE = arg('--profile', null);
const UNWRAP = process.argv.includes('--unwrap');
const PRESENT = process.argv.includes('--present');
const SRC = '[aria-label="MPI program source"]';

const pct = percentile;
const { page, problems, close } = await benchPage();
try {
  const text = bigProgram(LINES);
  if (UNWRAP) {
    await page.click('[data-testid="wrap-toggle"]');
    await page.waitForFunction(() => !document.querySelector('.code').classList.contains('wrapped'));
  }
  await pasteProgram(page, text);
  if (PRESENT) {
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('p');
    await page.waitForSelector('[data-present="true"]');
    await page.waitForSelector('.code.wrapped');
  }
  const wrapped = await page.$eval('.code', (c) => c.dataset.wrap ?? 'off');
  const perRow = Number(wrapped);
  const wrappedLines = text.split('\n').filter((l) => l.replace(/\t/g, '    ').length > perRow).length;
  await page.evaluate(() => {
    window.__bench = { latencies: [], eventTiming: [] };
    let start = null;
    window.addEventListener('keydown', (e) => { start = e.timeStamp; }, true);
    // After the input event's handlers (the editor's, which re-renders) have run: the next
    // frame, then a task after it, i.e. after that frame was painted.
    window.addEventListener('input', () => {
      const t0 = start;
      setTimeout(() => requestAnimationFrame(() => setTimeout(() => {
        window.__bench.latencies.push(performance.now() - t0);
      }, 0)), 0);
    });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown') window.__bench.eventTiming.push(e.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });

  // Where to type: inside comments, so the program stays valid.
  const lines = text.split('\n');
  const offsetOfLineEnd = (line) => lines.slice(0, line + 1).join('\n').length;
  const middleLine = lines.findIndex((l, i) => i >= lines.length / 2 && l.startsWith('/* block'));
  const lastComment = lines.findLastIndex((l) => l.startsWith('//') || l.startsWith('/* block'));
  const positions = [
    ['start (line 1)', offsetOfLineEnd(0) - 3],
    [`middle (line ${middleLine + 1})`, offsetOfLineEnd(middleLine) - 3],
    [`end (line ${lastComment + 1})`, offsetOfLineEnd(lastComment) - (lines[lastComment].endsWith('*/') ? 3 : 0)],
  ];
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const all = [];
  const rows = [];
  const eventTiming = [];
  for (const [name, offset] of positions) {
    await page.focus(SRC);
    await page.$eval(SRC, (a, o) => { a.setSelectionRange(o, o); }, offset);
    // Moving the caret scrolls it into view (as clicking where one reads would): the figures
    // are typing's, not the jump's.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await page.evaluate(() => { window.__bench.eventTiming.length = 0; });
    const before = await page.evaluate(() => window.__bench.latencies.length);
    for (let k = 0; k < KEYS; k++) {
      await page.keyboard.press('abcdefghijklmnopqrstuvwxyz'[k % 26]);
      await page.waitForFunction((n) => window.__bench.latencies.length >= n, before + k + 1);
    }
    const got = await page.evaluate((b) => window.__bench.latencies.slice(b), before);
    eventTiming.push(...(await page.evaluate(() => window.__bench.eventTiming)));
    if (process.env.KEYS_VERBOSE) console.log(name, got.map((x) => x.toFixed(0)).join(' '));
    // A few still-settling frames between positions.
    await page.waitForTimeout(300);
    all.push(...got);
    rows.push([name, got]);
  }
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(PROFILE, JSON.stringify(profile));
  }
  const typed = await page.$eval(SRC, (a) => a.value.length);
  console.log(`${LINES}-line program (${text.length} bytes, ${typed - text.length} characters typed), ${PRESENT ? 'presenting, ' : ''}wrap ${wrapped === 'off' ? 'off' : `at ${wrapped} columns (${wrappedLines} of the lines wrap)`}, ${await page.$eval('[data-testid="code-overlay"]', (o) => o.textContent.split('\n').length)} lines drawn at the end, keydown → next painted frame:`);
  for (const [name, xs] of rows) {
    console.log(`  ${name.padEnd(20)} median ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))}, max ${ms(Math.max(...xs))} over ${xs.length} keys`);
  }
  console.log(`  ${'all'.padEnd(20)} median ${ms(pct(all, 50))}, p95 ${ms(pct(all, 95))}, max ${ms(Math.max(...all))} over ${all.length} keys`);
  console.log(`Event Timing keydown durations ≥ 16 ms: ${eventTiming.length} of ${all.length}` +
    (eventTiming.length ? `, median ${ms(pct(eventTiming, 50))}, max ${ms(Math.max(...eventTiming))}` : ''));
  if (problems.length) throw new Error(problems.join('\n'));
} finally {
  await close();
}
