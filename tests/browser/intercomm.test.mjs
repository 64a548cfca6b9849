// Intercommunicators in the playground: a student pastes a program that joins the two halves of
// MPI_COMM_WORLD with MPI_Intercomm_create, sends across it (ranks name the other half's ranks,
// the status names the remote sender), broadcasts from MPI_ROOT and merges the halves back; the
// console shows what MPICH prints, and the reference lists the new functions with their notes.
// Screenshots: tests/screenshots/intercomm-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inView, loadApp, runPastedProgram, screenshot, useSite } from './harness.mjs';

const site = useSite();
const PROGRAM = `#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    int rank, size, lrank, rsize, merged;
    MPI_Comm half, inter, all;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int left = rank < size / 2;
    MPI_Comm_split(MPI_COMM_WORLD, left, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, left ? size / 2 : 0, 9, &inter);
    MPI_Comm_rank(inter, &lrank);
    MPI_Comm_remote_size(inter, &rsize);
    if (left) {
        int v = 100 + rank;
        MPI_Send(&v, 1, MPI_INT, lrank % rsize, 1, inter);
    } else if (lrank < size / 2) {
        int v;
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 1, inter, &st);
        printf("rank %d got %d from remote rank %d\\n", rank, v, st.MPI_SOURCE);
    }
    int b = 0;
    if (left)
        MPI_Bcast(&b, 1, MPI_INT, 0, inter);
    else {
        b = 77;
        MPI_Bcast(&b, 1, MPI_INT, lrank == 0 ? MPI_ROOT : MPI_PROC_NULL, inter);
    }
    MPI_Intercomm_merge(inter, !left, &all);
    MPI_Comm_rank(all, &merged);
    printf("rank %d: bcast %d, merged rank %d\\n", rank, b, merged);
    MPI_Comm_free(&all);
    MPI_Comm_free(&inter);
    MPI_Finalize();
    return 0;
}
`;

test('two halves talk over an intercommunicator and merge back; the reference explains it', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await runPastedProgram(page, PROGRAM);
    const out = page.locator('[data-testid="console"]');
    // The page's default is 4 ranks: world 2 and 3 are the right half, 0 and 1 the left.
    await out.filter({ hasText: 'rank 2 got 100 from remote rank 0' }).waitFor();
    const text = await out.first().textContent();
    assert.match(text, /rank 3 got 101 from remote rank 1/);
    assert.match(text, /rank 0: bcast 77, merged rank 0/);
    assert.match(text, /rank 3: bcast 77, merged rank 3/);
    // The lines are text of one <pre> inside a scroller that stays at its end: where the text
    // of a received line is drawn must be inside both the scroller and the viewport.
    const seen = await page.evaluate((needle) => {
      const pre = document.querySelector('[data-testid="console"]');
      const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent.indexOf(needle);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + needle.length);
        const r = range.getBoundingClientRect();
        const box = pre.parentElement.getBoundingClientRect();
        return r.top >= Math.max(0, box.top) && r.bottom <= Math.min(innerHeight, box.bottom);
      }
      return false;
    }, 'got 101 from remote');
    assert.ok(seen, 'the received line is on screen');
    await screenshot(page, 'intercomm-run');

    await page.click('[data-testid="reference-link"]');
    await page.locator('[data-testid="reference"]').waitFor();
    // The list of MPI families wraps inside its panel (two more families made it longer).
    const overflow = await page.evaluate(() => {
      const nav = document.querySelector('.reference-contents');
      const right = nav.closest('.panel').getBoundingClientRect().right;
      return [...nav.querySelectorAll('a')].filter((a) => a.getBoundingClientRect().right > right).map((a) => a.textContent);
    });
    assert.deepEqual(overflow, [], 'every section link lies inside the panel');
    await page.click('[data-testid="reference-filter"]');
    await page.fill('[data-testid="reference-filter"]', 'Intercomm_');
    // Create, merge, and MPI-4's create_from_groups (declared, not run yet).
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="reference-entry"]').length === 3);
    const entry = page.locator('[data-testid="reference-entry"][data-name="MPI_Intercomm_merge"]');
    assert.equal(
      await entry.locator('[data-testid="reference-signature"]').textContent(),
      'int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)',
    );
    assert.match(await entry.textContent(), /comes second/);
    await entry.scrollIntoViewIfNeeded();
    assert.ok(inView(await entry.boundingBox(), 800), 'the entry is on screen');
    await screenshot(page, 'intercomm-reference');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
