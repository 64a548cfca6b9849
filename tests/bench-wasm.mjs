// The hold-model event-queue benchmark compiled to WebAssembly, run in headless Chromium on the
// release build in dist/. Prints events/s for 10^3 and 10^6 pending events, with the checksum,
// which must equal the native `rankscope bench` checksum (same kernel, same seed).
// Usage: node tests/bench-wasm.mjs [ops]   (after trunk build --release)
import { distDir, serveStatic, launchChromium, openPage } from './browser/harness.mjs';

const ops = Number(process.argv[2] ?? 20_000_000);
const server = await serveStatic(distDir, ['/']);
const browser = await launchChromium();
try {
  const { page, problems } = await openPage(browser);
  await page.goto(server.origin + '/');
  await page.waitForFunction(() => window.wasmBindings?.bench_hold_model, null, { timeout: 20000 });
  for (const pending of [1_000, 1_000_000]) {
    const r = JSON.parse(await page.evaluate(([p, n]) => window.wasmBindings.bench_hold_model(p, n), [pending, ops]));
    console.log(
      `wasm hold model, ${String(pending).padStart(9)} pending: ${(r.events_per_sec / 1e6).toFixed(2).padStart(7)} M events/s (${ops} pop+push, checksum ${r.checksum})`,
    );
  }
  if (problems.length) throw new Error(problems.join('\n'));
} finally {
  await browser.close();
  server.close();
}
