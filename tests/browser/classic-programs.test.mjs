// Classic programs of an MPI course, pasted into the playground as a teacher would: each runs to
// its end and prints what real MPI prints (the same programs pass the MPICH differential test in
// tests/corpus/). Screenshots of each go to tests/screenshots/classic-*.png (look at them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadApp, repoRoot, screenshot, useSite } from './harness.mjs';

const site = useSite();

const PROGRAMS = [
  {
    file: 'classic_pi_hosts.c',
    ranks: 4,
    profile: 'fx100',
    expect: /pi is approximately 3\.1415926544231239, Error is 0\.0000000008333307/,
  },
  {
    file: 'classic_matmul_master_worker.c',
    ranks: 4,
    profile: 'ib-qdr',
    expect: /row 11:\s+\d+\.\d{4}/,
  },
  {
    file: 'mpi_cart_jacobi.c',
    ranks: 6,
    profile: 'fx10',
    expect: /checksum/i,
  },
  {
    file: 'c_function_pointers.c',
    ranks: 2,
    profile: 'ethernet-1g',
    expect: /rank 1: place 1 is id 2 with 90/,
  },
];

for (const { file, ranks, profile, expect } of PROGRAMS) {
  test(`${file}: pasted, run on ${ranks} ranks of ${profile}, prints what MPICH prints`, async () => {
    const source = await readFile(join(repoRoot, 'tests', 'corpus', file), 'utf8');
    const { page, problems, close } = await loadApp(site, '/', {
      viewport: { width: 1280, height: 800 },
    });
    try {
      await page.selectOption('[data-testid="profile-select"]', profile);
      await page.fill('[data-testid="ranks-input"]', String(ranks));
      await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
      await page.fill('[aria-label="MPI program source"]', source);
      await page.click('[data-testid="run"]');
      await page
        .locator('[data-testid="run-status"]', { hasText: 'finished after' })
        .waitFor({ timeout: 120000 });
      assert.equal(await page.locator('[data-testid="diagnostics"] .error').count(), 0);
      assert.match(await page.textContent('[data-testid="console"]'), expect);
      await screenshot(page, `classic-${file.replace(/\.c$/, '')}`);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}
