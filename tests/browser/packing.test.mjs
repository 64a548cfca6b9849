// Packing and the new request kinds in the playground: a program a student pastes packs an int
// and a matrix column (a vector type) with MPI_Pack, sends the bytes as MPI_PACKED, unpacks them
// on the other rank, and exchanges values around a ring with MPI_Isendrecv; the console shows
// what MPICH prints and the reference lists the new families. Screenshots:
// tests/screenshots/packing-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleLineBox, inView, loadApp, runPastedProgram, screenshot, useSite } from './harness.mjs';

const site = useSite();
const PROGRAM = `#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, size, pos = 0, n = 3, count, in = -1;
    double m[4][3];
    char buf[128];
    MPI_Datatype column;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_vector(4, 1, 3, MPI_DOUBLE, &column);
    MPI_Type_commit(&column);
    if (rank == 0) {
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 3; c++)
                m[r][c] = 10 * r + c;
        MPI_Pack(&n, 1, MPI_INT, buf, 128, &pos, MPI_COMM_WORLD);
        MPI_Pack(&m[0][1], 1, column, buf, 128, &pos, MPI_COMM_WORLD);
        printf("packed %d bytes\\n", pos);
        MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        double col[4];
        MPI_Status st;
        MPI_Recv(buf, 128, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_PACKED, &count);
        MPI_Unpack(buf, count, &pos, &n, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(buf, count, &pos, col, 4, MPI_DOUBLE, MPI_COMM_WORLD);
        printf("unpacked n=%d column %g %g %g %g\\n", n, col[0], col[1], col[2], col[3]);
    }
    MPI_Isendrecv(&rank, 1, MPI_INT, (rank + 1) % size, 1, &in, 1, MPI_INT,
                  (rank + size - 1) % size, 1, MPI_COMM_WORLD, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("rank %d got %d from the left\\n", rank, in);
    MPI_Type_free(&column);
    MPI_Finalize();
    return 0;
}
`;

test('a packed column travels as MPI_PACKED and MPI_Isendrecv passes values round a ring', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await runPastedProgram(page, PROGRAM);
    for (const text of ['packed 36 bytes', 'unpacked n=3 column 1 11 21 31', 'rank 1 got 0 from the left']) {
      await page.locator('[data-testid="console"]', { hasText: text }).waitFor();
    }
    // The printed line's own box, from a range over its text, lies inside the console's
    // visible part and the viewport.
    const box = await consoleLineBox(page, 'unpacked n=3 column 1 11 21 31');
    assert.ok(box, 'the unpacked column is in the console');
    assert.ok(box.inside, "the unpacked column is inside the console's visible part");
    assert.ok(inView(box, 800), 'the unpacked column is on screen');
    await screenshot(page, 'packing-run');

    await page.click('[data-testid="reference-link"]');
    await page.locator('[data-testid="reference"]').waitFor();
    await page.click('[data-testid="reference-filter"]');
    await page.fill('[data-testid="reference-filter"]', 'MPI_Pack_size');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="reference-entry"]')]
      .some((e) => e.dataset.name === 'MPI_Pack_size'));
    const entry = page.locator('[data-testid="reference-entry"][data-name="MPI_Pack_size"]');
    assert.equal(
      await entry.locator('[data-testid="reference-signature"]').textContent(),
      'int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)',
    );
    assert.match(await entry.textContent(), /as MPICH 4\.0\.2/);
    const sig = entry.locator('[data-testid="reference-signature"]');
    await sig.scrollIntoViewIfNeeded();
    assert.ok(inView(await sig.boundingBox(), 800), "the entry's signature is on screen");
    await screenshot(page, 'packing-reference');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
