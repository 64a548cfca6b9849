// MPI_Get_version in the playground: a program a student pastes asks which MPI standard the
// library implements and prints 3.1, as mpi.h's MPI_VERSION and MPI_SUBVERSION say; the reference
// lists the function with why it reports 3.1. Screenshots: tests/screenshots/mpi-version-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inView, loadApp, runPastedProgram, screenshot, useSite } from './harness.mjs';

const site = useSite();
const PROGRAM = `#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int version, subversion, rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Get_version(&version, &subversion);
    if (rank == 0)
        printf("MPI %d.%d (mpi.h says %d.%d)\\n", version, subversion, MPI_VERSION, MPI_SUBVERSION);
    MPI_Finalize();
    return 0;
}
`;

test('a program asks for the MPI version, gets 3.1, and the reference says why', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await runPastedProgram(page, PROGRAM);
    const line = page.locator('[data-testid="console"]', { hasText: 'MPI 3.1 (mpi.h says 3.1)' });
    await line.waitFor();
    await line.scrollIntoViewIfNeeded();
    assert.ok(inView(await line.boundingBox(), 800), 'the printed version is on screen');
    await screenshot(page, 'mpi-version-run');

    await page.click('[data-testid="reference-link"]');
    await page.locator('[data-testid="reference"]').waitFor();
    await page.click('[data-testid="reference-filter"]');
    // As reference.test.mjs does: typing key by key loses the filter's focus after a few
    // characters (the page's bug, reported; not this function's).
    await page.fill('[data-testid="reference-filter"]', 'MPI_Get_version');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reference-entry"]').length === 1);
    const entry = page.locator('[data-testid="reference-entry"][data-name="MPI_Get_version"]');
    assert.equal(
      await entry.locator('[data-testid="reference-signature"]').textContent(),
      'int MPI_Get_version(int *version, int *subversion)',
    );
    assert.match(await entry.textContent(), /MPI 3\.1, the newest standard whose functions this library implements, MPI-IO aside/);
    // A reader scrolls down to the one entry the filter left (the family links above it fill
    // most of the first screen).
    await entry.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    assert.ok(inView(await entry.boundingBox(), 800), 'the entry is on screen');
    await screenshot(page, 'mpi-version-reference');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
