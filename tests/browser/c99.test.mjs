// C99 as students and MPICH's own test helpers write it, pasted into the playground: variable-length
// arrays (2-D, sizeof at run time, a VLA parameter), user variadic functions on vfprintf/vsnprintf,
// and the C99 headers run and print what MPICH prints (the same programs pass the differential test
// in tests/corpus/); a file-scope `const int` array size is refused at its line with C's fix; the
// reference lists vsnprintf and explains <stdarg.h>. Screenshots: tests/screenshots/c99-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { loadApp, repoRoot, screenshot, screenshotDir, useSite } from './harness.mjs';

const site = useSite();
const SRC = '[aria-label="MPI program source"]';

const PROGRAMS = [
  {
    file: 'c99_vla_jacobi.c',
    ranks: 4,
    expect: [/rank 0: 4 rows of 6, sizeof u = 288, sizeof u\[0\] = 48/, /iter 4: change \d+\.\d{6}, scratch of 240 bytes/, /rank 3: histogram of 8 ints:/],
  },
  {
    file: 'c99_variadic_helpers.c',
    ranks: 3,
    expect: [/rank 2 of 3: ready  3\.14\|2   \|101/, /rank 1: vsnprintf wanted 34 bytes, kept 'error 42 on'/, /\[0\] sum 71, mixed 8589934597001\.00/],
  },
  {
    file: 'c99_std_headers.c',
    ranks: 2,
    expect: [/rank 0: 9223372036854775807 18446744073709551615 -2147483648 65535 -128 deadbeefcafe BEEF/, /offsetof kind 0 id 8 pos 16 pos\.flags 16 pos\.y 32 tag 40, sizeof 48/, /rank 1: errno 0 then 133/],
  },
];

async function setRanks(page, ranks) {
  await page.click('[data-testid="ranks-input"]');
  await page.fill('[data-testid="ranks-input"]', String(ranks));
  await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
}

for (const { file, ranks, expect } of PROGRAMS) {
  test(`${file}: pasted and run on ${ranks} ranks, prints what MPICH prints`, async () => {
    const source = await readFile(join(repoRoot, 'tests', 'corpus', file), 'utf8');
    const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
    try {
      await setRanks(page, ranks);
      await page.click(SRC);
      await page.fill(SRC, source);
      await page.click('[data-testid="run"]');
      await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
      assert.equal(await page.locator('[data-testid="diagnostics"] .error').count(), 0);
      const console = await page.textContent('[data-testid="console"]');
      for (const line of expect) assert.match(console, line);
      await screenshot(page, `c99-${file.replace(/\.c$/, '')}`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

test('a const int as a global array size is refused at its line, with #define or enum as the fix', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.click(SRC);
    await page.fill(SRC, '#include <stdio.h>\n\nconst int MAX = 100;\nint numbers[MAX];\n\nint main(void) {\n    numbers[0] = 1;\n    return 0;\n}\n');
    await page.keyboard.press('Control+Enter');
    const list = await page.waitForSelector('[data-testid="diagnostics"]');
    const text = await list.textContent();
    assert.match(text, /the size of the global array `numbers` must be a constant/);
    assert.match(text, /#define MAX/);
    assert.equal(await page.locator('[data-testid="gutter-error"]').textContent(), '4');
    await screenshot(page, 'c99-file-scope-vla');
    // Inside main the same two lines are a variable-length array, and the program runs.
    await page.fill(SRC, '#include <stdio.h>\n\nint main(void) {\n    const int MAX = 100;\n    int numbers[MAX];\n    numbers[MAX - 1] = 7;\n    printf("%zu %d\\n", sizeof numbers, numbers[99]);\n    return 0;\n}\n');
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    assert.match(await page.textContent('[data-testid="console"]'), /400 7/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('the reference lists the va_list printf relatives and explains <stdarg.h>', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.click('[data-testid="reference-link"]');
    await page.locator('[data-testid="reference"]').waitFor();
    await page.click('[data-testid="reference-filter"]');
    await page.keyboard.type('vsnprintf');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reference-entry"]').length === 1);
    assert.equal(
      await page.textContent('[data-testid="reference-entry"][data-name="vsnprintf"] [data-testid="reference-signature"]'),
      'int vsnprintf(char *, size_t, char *, va_list)',
    );
    await page.fill('[data-testid="reference-filter"]', '');
    const stdarg = page.locator('[id="ref-stdarg.h"]');
    await stdarg.scrollIntoViewIfNeeded();
    assert.match(await stdarg.textContent(), /va_arg\(ap, int\)/);
    // What the viewport shows at the section (the whole reference is too long for one picture).
    await mkdir(screenshotDir, { recursive: true });
    await page.screenshot({ path: join(screenshotDir, 'c99-reference-stdarg.png') });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
