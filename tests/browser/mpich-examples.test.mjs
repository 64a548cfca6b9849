// MPICH's own tests are real programs too: the picker offers a few of them (as they are, with the
// suite's mtest.c and headers); run one and rank 0 prints "No Errors", the line MPICH's test runner
// looks for; break one of its checks and the same test reports the errors and
// "Found N errors".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleLineBox, inView, loadApp, pasteProgram, runExample, screenshot, showView, useSite } from './harness.mjs';

const site = useSite();

test('a test of MPICH\'s suite runs from the picker and prints No Errors; a broken check is reported', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    // The picker holds the suite's tests in a group of their own.
    const group = await page.$eval('[data-testid="example-select"] optgroup', (g) => ({
      label: g.label,
      options: [...g.querySelectorAll('option')].map((o) => o.textContent),
    }));
    assert.match(group.label, /^MPICH 4\.0\.2-3's own tests \(test\/mpi, as they are\)$/);
    assert.ok(group.options.includes('mpich/coll/allred5.c'), group.options.join(', '));
    assert.ok(group.options.length >= 5, group.options.join(', '));

    await page.click('[data-testid="example-select"]');
    await runExample(page, 'mpich/coll/allred5.c');
    // The machine and rank count the suite runs it with.
    assert.equal(await page.$eval('[data-testid="profile-select"]', (s) => s.value), 'cluster');
    assert.equal(await page.$eval('[data-testid="ranks-input"]', (i) => i.value), '5');
    // Its files: the test first, then the suite's helpers.
    const tabs = await page.$$eval('[data-testid="file-tab"]', (ts) => ts.map((t) => t.dataset.name));
    assert.equal(tabs[0], 'allred5.c');
    assert.ok(tabs.includes('mtest.c'), tabs.join(', '));
    // What "No Errors" means is said under the picker, in sight.
    const note = page.locator('[data-testid="suite-note"]');
    assert.match(await note.textContent(), /MTest_Finalize \(mtest\.c\) adds up the errors of all ranks, and rank 0 prints “No Errors”/);
    assert.ok(inView(await note.boundingBox(), 800), 'the note is in the viewport');

    await showView(page, 'ranks');
    const box = await consoleLineBox(page, 'No Errors');
    assert.ok(box, 'the console holds No Errors');
    assert.ok(box.inside && inView(box, 800), `No Errors is in sight: ${JSON.stringify(box)}`);
    const text = await page.textContent('[data-testid="console"]');
    assert.match(text, /\[rank 0 @ [^\]]+\]\s+No Errors/);
    assert.doesNotMatch(text, /Found \d+ errors/);
    await screenshot(page, 'mpich-example-no-errors');

    // Break the program (the wrong reduction) and run the same test again: its checks say so.
    const source = await page.inputValue('[aria-label="MPI program source"]');
    const call = 'MPI_Allreduce(bufin, bufout, count, dtype, MPI_SUM, comm);';
    assert.ok(source.includes(call), 'allred5.c sums');
    await page.click('[aria-label="MPI program source"]');
    await pasteProgram(page, source.replace(call, call.replace('MPI_SUM', 'MPI_MAX')));
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
    await showView(page, 'ranks');
    const broken = await page.textContent('[data-testid="console"]');
    assert.match(broken, /stderr: Expected bufout\[1\] = 5 but found 1/);
    assert.doesNotMatch(broken, /No Errors/);
    const found = (broken.match(/Found \d+ errors/) ?? [])[0];
    assert.ok(found, 'rank 0 prints how many errors all ranks found');
    const foundBox = await consoleLineBox(page, found);
    assert.ok(foundBox.inside && inView(foundBox, 800), `${found} is in sight: ${JSON.stringify(foundBox)}`);
    await screenshot(page, 'mpich-example-found-errors');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
