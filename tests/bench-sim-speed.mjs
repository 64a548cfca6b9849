// Simulation speed of builds side by side: runs examples/halo_sweep.c (8 ranks on ib-qdr, ~10^6
// events) to the end through the wasm export program_trace_hash (compile + Sim<Vm>, instantiated
// in the web crate, so at its opt-level) in each given dist/, alternating, and prints the fastest
// of the rounds for each (the machine is shared: the minimum is the least disturbed).
// Usage: node tests/bench-sim-speed.mjs DIST_A DIST_B ... (default: dist/)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, openPage, repoRoot, serveStatic } from './browser/harness.mjs';

const dists = process.argv.slice(2);
if (!dists.length) dists.push(join(repoRoot, 'dist'));
const rounds = Number(process.env.ROUNDS ?? 6);
const source = await readFile(join(repoRoot, 'examples', 'halo_sweep.c'), 'utf8');
const browser = await launchChromium();
const pages = [];
try {
  for (const d of dists) {
    const server = await serveStatic(d, ['/']);
    const { page } = await openPage(browser);
    await page.goto(server.origin + '/');
    await page.waitForFunction(() => window.wasmBindings?.program_trace_hash, null, { timeout: 30000 });
    pages.push({ d, page, server, times: [], hash: '' });
  }
  for (let r = 0; r < rounds; r++) {
    for (const p of pages) {
      const { ms, hash } = await p.page.evaluate((src) => {
        const t0 = performance.now();
        const hash = window.wasmBindings.program_trace_hash(src, 'ib-qdr', 8);
        return { ms: performance.now() - t0, hash };
      }, source);
      p.times.push(ms);
      p.hash = hash;
    }
  }
  for (const p of pages) {
    console.log(`${p.d}: halo_sweep.c 8 ranks ib-qdr to the end: fastest ${Math.min(...p.times).toFixed(0)} ms of ${p.times.map((t) => t.toFixed(0)).join(', ')} (hash ${p.hash})`);
  }
} finally {
  await browser.close();
  for (const p of pages) p.server.close();
}
