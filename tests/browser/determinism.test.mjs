// Same input, same trace hash — natively and in the browser. The expected hashes come from the
// native CLI (`rankscope run --json`, written by scripts/check.sh); the page computes them with the
// same core compiled to WebAssembly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot, expectedDir, openPage, useSite } from './harness.mjs';

const site = useSite(['/']);

test('native workloads give the native trace hash in WebAssembly', async () => {
  const runs = JSON.parse(await readFile(join(expectedDir, 'runs.json'), 'utf8'));
  assert.ok(runs.length >= 3, 'check.sh wrote the expected runs');
  const { page, problems, close } = await openPage(site.browser);
  try {
    await page.goto(site.server.origin + '/');
    await page.waitForFunction(() => window.wasmBindings?.workload_trace_hash, null, { timeout: 20000 });
    for (const run of runs) {
      const hash = await page.evaluate(
        (r) => window.wasmBindings.workload_trace_hash(r.workload, r.profile, r.ranks, r.bytes, r.iterations),
        run,
      );
      assert.equal(hash, run.trace_hash, `${run.workload} on ${run.profile} with ${run.ranks} ranks`);
    }
    const checksum = JSON.parse(await page.evaluate(() => window.wasmBindings.bench_hold_model(1000, 100000)));
    assert.match(checksum.checksum, /^[0-9a-f]{16}$/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('MPI C programs give the native trace hash in WebAssembly', async () => {
  const runs = JSON.parse(await readFile(join(expectedDir, 'programs.json'), 'utf8'));
  assert.ok(runs.length >= 3, 'check.sh wrote the expected program runs');
  const { page, problems, close } = await openPage(site.browser);
  try {
    await page.goto(site.server.origin + '/');
    await page.waitForFunction(() => window.wasmBindings?.program_trace_hash, null, { timeout: 20000 });
    for (const run of runs) {
      const source = await readFile(join(repoRoot, run.file), 'utf8');
      const hash = await page.evaluate(
        ([src, r]) => window.wasmBindings.program_trace_hash(src, r.profile, r.ranks),
        [source, run],
      );
      assert.equal(hash, run.trace_hash, `${run.file} on ${run.profile} with ${run.ranks} ranks`);
    }
    const error = await page.evaluate(() => {
      try {
        window.wasmBindings.program_trace_hash('int main() { x = 1; }', 'emx', 2);
        return 'no error';
      } catch (e) {
        return String(e.message ?? e);
      }
    });
    assert.match(error, /unknown identifier `x`/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('errors from core reach JavaScript as exceptions, not panics', async () => {
  const { page, problems, close } = await openPage(site.browser);
  try {
    await page.goto(site.server.origin + '/');
    await page.waitForFunction(() => window.wasmBindings?.workload_trace_hash, null, { timeout: 20000 });
    const message = await page.evaluate(() => {
      try {
        window.wasmBindings.workload_trace_hash('bcast', 'folon', 600, 8, 1);
        return 'no error';
      } catch (e) {
        return String(e.message ?? e);
      }
    });
    assert.match(message, /600/);
    const deadlock = await page.evaluate(() => {
      try {
        window.wasmBindings.workload_trace_hash('deadlock', 'ib-qdr', 2, 8, 1);
        return 'no error';
      } catch (e) {
        return String(e.message ?? e);
      }
    });
    assert.match(deadlock, /^deadlock/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
