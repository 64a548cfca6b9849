// Error handlers in the playground: a program sets MPI_ERRORS_RETURN, sends to a rank that does
// not exist, gets MPI_ERR_RANK back with MPICH's string and goes on; without it the same send
// stops the run; the reference lists the errhandler family. Screenshots:
// tests/screenshots/errhandlers-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inView, loadApp, pasteProgram, runPastedProgram, screenshot, useSite } from './harness.mjs';

const site = useSite();
const SRC = '[aria-label="MPI program source"]';
const PROGRAM = `#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, x = 1, err, class, len;
    char text[MPI_MAX_ERROR_STRING];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    err = MPI_Send(&x, 1, MPI_INT, 99, 0, MPI_COMM_WORLD);
    MPI_Error_class(err, &class);
    MPI_Error_string(class, text, &len);
    if (rank == 0)
        printf("class %d (%s), rank-class %d, and the program goes on\\n", class, text, class == MPI_ERR_RANK);
    MPI_Finalize();
    return 0;
}
`;

test('MPI_ERRORS_RETURN returns the error class and the program goes on; the reference lists the family', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await runPastedProgram(page, PROGRAM);
    const line = page.locator('[data-testid="console"]', {
      hasText: 'class 6 (Invalid rank), rank-class 1, and the program goes on',
    });
    await line.waitFor();
    await line.scrollIntoViewIfNeeded();
    assert.ok(inView(await line.boundingBox(), 800), 'the printed class is on screen');
    await screenshot(page, 'errhandlers-run');

    await page.click('[data-testid="reference-link"]');
    await page.locator('[data-testid="reference"]').waitFor();
    await page.click('[data-testid="reference-filter"]');
    await page.fill('[data-testid="reference-filter"]', 'MPI_Comm_set_errhandler');
    // The filter also finds MPI_Errhandler_set, whose note names MPI_Comm_set_errhandler.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reference-entry"]').length === 2);
    const entry = page.locator('[data-testid="reference-entry"][data-name="MPI_Comm_set_errhandler"]');
    await entry.scrollIntoViewIfNeeded();
    assert.equal(
      await entry.locator('[data-testid="reference-signature"]').textContent(),
      'int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)',
    );
    assert.match(await entry.textContent(), /MPI_ERRORS_RETURN/);
    assert.ok(inView(await entry.boundingBox(), 800), 'the entry is on screen');
    await screenshot(page, 'errhandlers-reference');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('without MPI_ERRORS_RETURN the same send stops the run, naming the rank', async () => {
  const { page, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.click(SRC);
    await pasteProgram(page, PROGRAM.replace('    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);\n', ''));
    await page.click('[data-testid="run"]');
    await page
      .locator('[data-testid="run-status"]', { hasText: 'stopped by an error' })
      .waitFor({ timeout: 120000 });
    const error = page.locator('[data-testid="run-error"]');
    await error.waitFor();
    assert.match(await error.textContent(), /MPI_Send: rank 99 does not exist/);
    await error.scrollIntoViewIfNeeded();
    assert.ok(inView(await error.boundingBox(), 800), 'the error is on screen');
    await screenshot(page, 'errhandlers-fatal');
  } finally {
    await close();
  }
});
