// Said, not silently changed: 64 ranks on the 16-node InfiniBand cluster become 16 with the reason
// under the rank count and a button that moves to a machine holding 64; the warnings core prints
// at MPI_Finalize (a broadcast only the root called, a program without MPI_Finalize) reach the
// console as Rankscope's diagnostics, marked apart from the program's output, naming the call,
// never an internal tag. Screenshots: tests/screenshots/said-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, pasteProgram, screenshot, showView, useSite } from './harness.mjs';

const site = useSite();

async function setRanks(page, n) {
  await page.fill('[data-testid="ranks-input"]', String(n));
  await page.dispatchEvent('[data-testid="ranks-input"]', 'change');
}

for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  test(`64 ranks on InfiniBand are said with why, and a machine that holds them is one click away (${name})`, async () => {
    const { page, problems, close } = await loadApp(site, '/', { viewport });
    try {
      await page.selectOption('[data-testid="profile-select"]', 'ib-qdr');
      await setRanks(page, 64);
      const note = page.locator('[data-testid="room-note"]');
      await note.waitFor();
      assert.equal(await page.inputValue('[data-testid="ranks-input"]'), '16');
      assert.match(await note.textContent(),
        /You asked for 64 ranks; InfiniBand QDR cluster holds 16 \(16 nodes × 1 rank per node\), so the run has 16\./);
      const button = page.locator('[data-testid="use-machine"]');
      assert.match(await button.textContent(), /with 64 ranks/);
      await note.scrollIntoViewIfNeeded();
      await screenshot(page, `said-ranks-${name}`);
      await button.click();
      await page.waitForFunction(() => document.querySelector('[data-testid="ranks-input"]').value === '64');
      assert.notEqual(await page.inputValue('[data-testid="profile-select"]'), 'ib-qdr');
      assert.equal(await note.count(), 0, 'nothing left to say');
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

test('a broadcast only the root calls and a missing MPI_Finalize are warned about in the console', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await pasteProgram(page, [
      '#include <mpi.h>',
      '#include <stdio.h>',
      'int main(int argc, char **argv) {',
      '    int rank, value = 0;',
      '    MPI_Init(&argc, &argv);',
      '    MPI_Comm_rank(MPI_COMM_WORLD, &rank);',
      '    if (rank == 0) {',
      '        value = 42;',
      '        MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);',
      '    }',
      '    printf("rank %d has %d\\n", rank, value);',
      '    if (rank != 3) MPI_Finalize();',
      '    return 0;',
      '}',
    ].join('\n'));
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    await showView(page, 'ranks');
    const consoleText = await page.textContent('[data-testid="console"]');
    // Said by the receivers (their MPI_Finalize came after the message was sent) or by the root.
    assert.match(consoleText, /never received[^\n]*MPI_Bcast at line 9[^\n]*never called MPI_Bcast/);
    assert.match(consoleText, /the program ended without calling MPI_Finalize \(MPI_Init at line 5\)/);
    assert.doesNotMatch(consoleText, /tag -\d/);
    // They are Rankscope's diagnostics, marked apart from what the program printed.
    const diagnostics = await page.$$eval('[data-testid="console-diagnostic"]', (els) => els.map((e) => e.textContent));
    assert.ok(diagnostics.some((t) => /^\[rank 3 @ [^\]]+\] Rankscope: warning: the program ended without calling MPI_Finalize/.test(t)), diagnostics.join('\n'));
    assert.ok(diagnostics.every((t) => !/ has \d+$/.test(t.trim())), 'program output is not a diagnostic');
    assert.match(await page.$eval('[data-testid="console-diagnostic"]', (e) => e.title), /not the program's output/);
    await page.locator('[data-testid="console-diagnostic"]').last().scrollIntoViewIfNeeded();
    await screenshot(page, 'said-warnings');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a broadcast met by a receive waits in the queue named by its collective, never by its internal tag', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    // A classic slip: the root broadcasts, the others receive with MPI_Recv; the broadcast's
    // message waits unmatched in their queues of unexpected messages and the run deadlocks.
    await pasteProgram(page, [
      '#include <mpi.h>',
      'int main(int argc, char **argv) {',
      '    int rank, value = 0;',
      '    MPI_Init(&argc, &argv);',
      '    MPI_Comm_rank(MPI_COMM_WORLD, &rank);',
      '    if (rank == 0) MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);',
      '    else MPI_Recv(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);',
      '    MPI_Finalize();',
      '    return 0;',
      '}',
    ].join('\n'));
    await page.click('[data-testid="run"]');
    const error = page.locator('[data-testid="run-error"]');
    await error.waitFor({ timeout: 60000 });
    assert.match(await error.textContent(), /deadlock/);
    await showView(page, 'queues');
    const queues = await page.textContent('[data-testid="queue-view"]');
    assert.match(queues, /from 0 · for MPI_Bcast/);
    assert.doesNotMatch(queues, /tag -\d/);
    await screenshot(page, 'said-bcast-queue');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
