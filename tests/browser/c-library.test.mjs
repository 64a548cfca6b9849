// The C library in the playground as a student meets it: a program writing to stderr and
// failing an assert shows the error stream's lines marked apart (red, "stderr:") beside the
// standard output, then the run stops at the assert; a tokenizer with strtok, sscanf and getopt
// runs to its end. Screenshots: tests/screenshots/c-library-stderr.png and
// c-library-tokens.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadApp, repoRoot, screenshot, showView, useSite } from './harness.mjs';

const site = useSite();

const ASSERTING = `#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("rank %d of %d starts\\n", rank, size);
    if (rank == 1)
        fprintf(stderr, "rank %d: warning, the input is small\\n", rank);
    MPI_Barrier(MPI_COMM_WORLD);
    assert(size % 2 == 1);
    printf("never printed\\n");
    MPI_Finalize();
    return 0;
}
`;

async function runProgram(page, source, ranks) {
  await page.fill('[data-testid="ranks-input"]', String(ranks));
  await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
  await page.click('[aria-label="MPI program source"]');
  await page.fill('[aria-label="MPI program source"]', source);
  await page.click('[data-testid="run"]');
}

test('stderr lines and a failed assert show apart from standard output', async () => {
  const { page, problems, close } = await loadApp(site, '/', {
    viewport: { width: 1280, height: 800 },
  });
  try {
    await runProgram(page, ASSERTING, 2);
    await page
      .locator('[data-testid="run-status"]', { hasText: 'stopped by an error' })
      .waitFor({ timeout: 60000 });
    await showView(page, 'ranks');
    const console = page.locator('[data-testid="console"]');
    await console.scrollIntoViewIfNeeded();
    const text = await console.textContent();
    assert.match(text, /\[rank 0 @ [^\]]+\] rank 0 of 2 starts/);
    const errs = page.locator('[data-testid="console-stderr"]');
    const errTexts = await errs.allTextContents();
    assert.ok(
      errTexts.some((t) => /\[rank 1 @ [^\]]+\] stderr: rank 1: warning, the input is small/.test(t)),
      errTexts.join('|'),
    );
    assert.ok(
      errTexts.some((t) =>
        /stderr: [\w.-]+: [\w./-]+\.c:14: main: Assertion `size % 2 == 1' failed\./.test(t),
      ),
      errTexts.join('|'),
    );
    assert.doesNotMatch(text, /never printed/);
    // Standard output is not marked; the error stream is red, in sight in the console.
    const stdoutInErr = errTexts.some((t) => t.includes('starts'));
    assert.equal(stdoutInErr, false);
    const [errColour, outColour] = await page.evaluate(() => {
      const err = document.querySelector('[data-testid="console-stderr"]');
      const pre = document.querySelector('[data-testid="console"]');
      return [getComputedStyle(err).color, getComputedStyle(pre).color];
    });
    assert.notEqual(errColour, outColour);
    // `rgb(189, 43, 33)` or `color(srgb 0.74 0.17 0.13)` (from color-mix): on a 0–255 scale.
    let [r, g, b] = errColour.match(/[\d.]+/g).map(Number).slice(-3);
    if (Math.max(r, g, b) <= 1) [r, g, b] = [r, g, b].map((v) => v * 255);
    assert.ok(r > g + 60 && r > b + 60, `stderr is red: ${errColour}`);
    const box = await errs.last().boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= 800, 'the assert line is in sight');
    // The run's error names the assert and abort.
    assert.match(await page.textContent('body'), /assertion `size % 2 == 1` failed/);
    await screenshot(page, 'c-library-stderr');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a tokenizer with strtok and sscanf runs to its end with no stderr lines', async () => {
  const source = await readFile(join(repoRoot, 'tests', 'corpus', 'c_string_tokens.c'), 'utf8');
  const { page, problems, close } = await loadApp(site, '/', {
    viewport: { width: 1280, height: 800 },
  });
  try {
    await runProgram(page, source, 2);
    await page
      .locator('[data-testid="run-status"]', { hasText: 'finished after' })
      .waitFor({ timeout: 60000 });
    await showView(page, 'ranks');
    const text = await page.textContent('[data-testid="console"]');
    assert.match(text, /rank 1 token 3: '10'/);
    assert.match(text, /rank 0 strerror: No such file or directory \/ Numerical result out of range/);
    assert.equal(await page.locator('[data-testid="console-stderr"]').count(), 0);
    await page.locator('[data-testid="console"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'c-library-tokens');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the reference lists the C library by header, and what is not supported with what to use instead', async () => {
  const { page, problems, close } = await loadApp(site, '/', {
    viewport: { width: 1280, height: 800 },
  });
  try {
    await page.click('[data-testid="reference-link"]');
    await page.locator('[data-testid="reference"]').waitFor();
    await page.click('[data-testid="reference-filter"]');
    await page.keyboard.type('strtok');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="reference-entry"]').length === 2,
    );
    const names = await page.$$eval('[data-testid="reference-entry"]', (es) =>
      es.map((e) => e.getAttribute('data-name')),
    );
    assert.deepEqual(names, ['strtok', 'strtok_r']);
    await page.fill('[data-testid="reference-filter"]', 'system');
    const system = page.locator('[data-testid="reference-entry"][data-name="system"]');
    await system.waitFor();
    assert.match(await system.textContent(), /Not supported: a rank is one process/);
    await page.fill('[data-testid="reference-filter"]', 'getopt');
    const getopt = page.locator('[data-testid="reference-entry"][data-name="getopt"]');
    await getopt.waitFor();
    assert.match(await getopt.textContent(), /int getopt\(int, char \*\*, char \*\)/);
    await getopt.scrollIntoViewIfNeeded();
    await screenshot(page, 'c-library-reference');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
