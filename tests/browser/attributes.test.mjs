// Attribute caching and datatype queries in the playground: a program a student pastes caches a
// value on a communicator with its own copy and delete callbacks, duplicates and frees it, reads
// MPI_TAG_UB, and asks how a subarray type was made; the console shows what MPICH prints and the
// reference lists the new families. Screenshots: tests/screenshots/attributes-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleLineBox, inView, loadApp, runPastedProgram, screenshot, useSite } from './harness.mjs';

const site = useSite();
const PROGRAM = `#include <mpi.h>
#include <stdio.h>
static int copy(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
    *(void **)out = (void *)((long)in * 2);
    *flag = 1;
    return MPI_SUCCESS;
}
static int del(MPI_Comm c, int k, void *value, void *extra)
{
    printf("deleted %ld\\n", (long)value);
    return MPI_SUCCESS;
}
int main(int argc, char **argv)
{
    int rank, key, flag, *ub, ni, na, nd, combiner;
    int sizes[2] = {4, 6}, sub[2] = {2, 3}, starts[2] = {1, 2};
    void *v;
    MPI_Comm dup;
    MPI_Datatype t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_keyval(copy, del, &key, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, key, (void *)21L);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_get_attr(dup, key, &v, &flag);
    if (rank == 0) printf("copy holds %ld\\n", (long)v);
    MPI_Comm_free(&dup);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
    if (rank == 0) printf("tag upper bound %d\\n", *ub);
    MPI_Type_create_subarray(2, sizes, sub, starts, MPI_ORDER_C, MPI_INT, &t);
    MPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    if (rank == 0) printf("subarray: %d ints, combiner %s\\n", ni, combiner == MPI_COMBINER_SUBARRAY ? "MPI_COMBINER_SUBARRAY" : "other");
    MPI_Type_free(&t);
    MPI_Comm_delete_attr(MPI_COMM_WORLD, key);
    MPI_Finalize();
    return 0;
}
`;

test('callbacks run on dup and free, MPI_TAG_UB and a subarray envelope print as under MPICH', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await runPastedProgram(page, PROGRAM);
    for (const text of ['copy holds 42', 'deleted 42', 'deleted 21', 'tag upper bound 268435455',
      'subarray: 8 ints, combiner MPI_COMBINER_SUBARRAY']) {
      const line = page.locator('[data-testid="console"]', { hasText: text });
      await line.waitFor();
    }
    // The console's lines are text, not elements: the line's own box, from a range over its
    // text, must lie inside the viewport and inside the console's scroller.
    const box = await consoleLineBox(page, 'tag upper bound 268435455');
    assert.ok(box, 'the printed bound is in the console');
    assert.ok(box.inside, 'the printed bound is inside the console\'s visible part');
    assert.ok(inView(box, 800), 'the printed bound is on screen');
    await screenshot(page, 'attributes-run');

    await page.click('[data-testid="reference-link"]');
    await page.locator('[data-testid="reference"]').waitFor();
    await page.click('[data-testid="reference-filter"]');
    await page.fill('[data-testid="reference-filter"]', 'MPI_Comm_create_keyval');
    // The filter also finds the entries whose notes name it (the MPI-1 `MPI_Keyval_create`).
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid="reference-entry"]')].map((e) => e.dataset.name);
      return names.length >= 1 && names.length <= 3 && names.includes('MPI_Comm_create_keyval');
    });
    const entry = page.locator('[data-testid="reference-entry"][data-name="MPI_Comm_create_keyval"]');
    assert.equal(
      await entry.locator('[data-testid="reference-signature"]').textContent(),
      'int MPI_Comm_create_keyval(MPI_User_function *copy_fn, MPI_User_function *delete_fn, int *keyval, void *extra_state)',
    );
    assert.match(await entry.textContent(), /the copy callback runs on `?MPI_Comm_dup/);
    const sig = entry.locator('[data-testid="reference-signature"]');
    // A reader scrolls the entry up to read it (the reference's family links now fill more of the
    // first screen, so the entry starts at its bottom edge).
    await sig.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    assert.ok(inView(await sig.boundingBox(), 800), "the entry's signature is on screen");
    await screenshot(page, 'attributes-reference');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
