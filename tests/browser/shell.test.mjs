// The app shell in a real headless Chromium: it mounts, shows data computed by rankscope-core in
// WebAssembly (compared with what the native CLI prints for the same core), never logs an error,
// and works when the static site is served from a sub-path.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot, expectedPath, loadApp as load, screenshot, useSite } from './harness.mjs';

const site = useSite(['/', '/demo/rankscope/']);
let expected;

before(async () => {
  expected = JSON.parse(await readFile(expectedPath, 'utf8'));
});

const loadApp = (path, options) => load(site, path, options);

for (const [label, path] of [
  ['site root', '/'],
  ['sub-path /demo/rankscope/', '/demo/rankscope/'],
]) {
  test(`app mounts with core data at the ${label}`, async () => {
    const { page, problems, close } = await loadApp(path, { viewport: { width: 1280, height: 800 } });
    try {
      assert.equal(await page.title(), 'Rankscope');
      assert.equal(await page.textContent('[data-testid="core-version"]'), expected.core_version);
      const ids = await page.$$eval('[data-testid="profile-list"] li', (lis) =>
        lis.map((li) => li.dataset.profileId),
      );
      assert.deepEqual(ids, expected.profiles.map((p) => p.machine.id));
      for (const region of ['MPI program source', 'Run controls']) {
        assert.ok(await page.getByLabel(region).count(), `region "${region}" is on the page`);
      }
      await screenshot(page, path === '/' ? 'shell-desktop-light' : 'shell-subpath');
      assert.deepEqual(problems, [], 'no console errors, exceptions or failed requests');
    } finally {
      await close();
    }
  });
}

test('choosing a machine shows its cited parameters from core', async () => {
  const { page, problems, close } = await loadApp('/', { viewport: { width: 1280, height: 800 } });
  try {
    for (const profile of expected.profiles) {
      await page.selectOption('[data-testid="profile-select"]', profile.machine.id);
      const view = page.locator('[data-testid="machine-view"]');
      assert.equal(await view.locator('h2').textContent(), profile.machine.name);
      const nodesRow = view.locator('tr[data-key="nodes"]');
      assert.match(await nodesRow.textContent(), new RegExp(`^nodes${profile.machine.nodes.value}(source|assumption)`));
      const basis = profile.machine.nodes.basis.source ?? profile.machine.nodes.basis.assume;
      assert.ok((await nodesRow.textContent()).includes(basis), 'the citation is shown');
      // One row per cited number in the profile (core's parameter table, rendered as is).
      const cited = JSON.stringify(profile).split('"basis":').length - 1;
      assert.equal(await view.locator('tr[data-key]').count(), cited);
    }
    // Rank count is clamped to the machine's size (FOLON has 6 PEs).
    await page.selectOption('[data-testid="profile-select"]', 'folon');
    await page.fill('[data-testid="ranks-input"]', '500');
    await page.press('[data-testid="ranks-input"]', 'Tab');
    assert.equal(await page.inputValue('[data-testid="ranks-input"]'), '6');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a user-loaded profile joins the list, and a broken one is reported with its line', async () => {
  const { page, problems, close } = await loadApp('/', { viewport: { width: 1280, height: 800 } });
  try {
    const ib = await readFile(join(repoRoot, 'profiles', 'ib-qdr.toml'), 'utf8');
    const mine = ib.replace('id = "ib-qdr"', 'id = "my-cluster"').replace(/name = "[^"]*"/, 'name = "My cluster"');
    await page.setInputFiles('[data-testid="profile-file"]', {
      name: 'my-cluster.toml', mimeType: 'text/plain', buffer: Buffer.from(mine),
    });
    await page.waitForSelector('[data-profile-id="my-cluster"]');
    assert.equal(await page.locator('[data-testid="machine-view"] h2').textContent(), 'My cluster');

    // Drop the citation of `nodes`: the loader must refuse it and say where.
    const lines = ib.split('\n');
    const line = lines.findIndex((l) => l.startsWith('nodes = ')) + 1;
    const broken = ib.replace(/(nodes = \{ value = \d+), source = "[^"]*"/, '$1');
    await page.setInputFiles('[data-testid="profile-file"]', {
      name: 'broken.toml', mimeType: 'text/plain', buffer: Buffer.from(broken),
    });
    const error = await page.waitForSelector('[data-testid="profile-error"]');
    const text = await error.textContent();
    assert.match(text, new RegExp(`^broken\\.toml:${line}:\\d+: `));
    assert.match(text, /source/);
    await screenshot(page, 'profile-load-error');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('a share link restores program, machine and ranks; a damaged one says so', async () => {
  const { page, problems, close } = await loadApp('/', { viewport: { width: 1280, height: 800 } });
  try {
    const program = 'int main(int argc, char **argv) {\n    return 0; /* shared */\n}\n';
    await page.fill('[aria-label="MPI program source"]', program);
    await page.selectOption('[data-testid="profile-select"]', 'fx100');
    await page.fill('[data-testid="ranks-input"]', '64');
    await page.press('[data-testid="ranks-input"]', 'Tab');
    await page.click('[data-testid="share"]');
    const link = page.url();
    assert.match(link, /#s=[A-Za-z0-9_-]+$/);

    const other = await loadApp(new URL(link).pathname + new URL(link).hash, { viewport: { width: 1280, height: 800 } });
    try {
      await other.page.waitForFunction(
        (text) => document.querySelector('[aria-label="MPI program source"]')?.value === text,
        program,
        { timeout: 10000 },
      );
      assert.equal(await other.page.inputValue('[data-testid="profile-select"]'), 'fx100');
      assert.equal(await other.page.inputValue('[data-testid="ranks-input"]'), '64');
      assert.deepEqual(other.problems, []);
    } finally {
      await other.close();
    }

    const damaged = await loadApp('/#s=' + new URL(link).hash.slice(3, 40), { viewport: { width: 1280, height: 800 } });
    try {
      const banner = await damaged.page.waitForSelector('[data-testid="link-error"]');
      assert.match(await banner.textContent(), /damaged/);
      await screenshot(damaged.page, 'share-link-damaged');
      assert.deepEqual(damaged.problems, []);
    } finally {
      await damaged.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('run the program, step back and forth, and see compile errors', async () => {
  const { page, problems, close } = await loadApp('/', { viewport: { width: 1280, height: 900 } });
  try {
    await page.selectOption('[data-testid="profile-select"]', 'folon');
    await page.click('[data-testid="run"]');
    const status = page.locator('[data-testid="run-status"]');
    await status.filter({ hasText: 'finished after' }).waitFor();
    const end = Number((await status.textContent()).match(/finished after (\d+) events/)[1]);
    assert.ok(end > 10, `the ring takes more than 10 events (${end})`);
    assert.match(await page.textContent('[data-testid="console"]'), /\[rank 0 @ [^\]]+\] token 42 came back/);
    assert.ok((await page.locator('[data-testid="event-log"] li').count()) > 10);

    // One event at a time (by default a step passes over bookkeeping: coarse-stepping.test.mjs).
    await page.check('[data-testid="every-event"]');
    await page.click('[data-testid="back"]');
    await status.filter({ hasText: `paused at event ${end - 1}` }).waitFor();
    await page.click('[data-testid="step"]');
    await status.filter({ hasText: `finished after ${end} events` }).waitFor();
    await page.click('[data-testid="reset"]');
    await status.filter({ hasText: 'paused at event 0' }).waitFor();
    for (let i = 0; i < 9; i++) await page.click('[data-testid="step"]');
    await status.filter({ hasText: 'paused at event 9' }).waitFor();
    // The ranks compute (their own operations cost time) and then wait: step until one is
    // blocked in the ring's receive.
    let steps = 9;
    while (!/blocked in MPI_Recv at line \d+/.test(await page.textContent('[data-testid="ranks"]'))) {
      assert.ok(steps < 60, 'a rank blocks in MPI_Recv within 60 events');
      await page.click('[data-testid="step"]');
      steps += 1;
      await status.filter({ hasText: `paused at event ${steps}` }).waitFor();
    }
    await screenshot(page, 'run-stepping');

    await page.fill('[aria-label="MPI program source"]', 'int main() {\n    rnak = 1;\n    return 0;\n}\n');
    await page.click('[data-testid="run"]');
    const diags = await page.waitForSelector('[data-testid="diagnostics"]');
    assert.match(await diags.textContent(), /unknown identifier `rnak`[\s\S]*program\.c:2:5/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('every example opens from the picker with its machine and ranks, and runs as its test says', async () => {
  const { page, problems, close } = await loadApp('/', { viewport: { width: 1280, height: 900 } });
  try {
    const options = await page.$$eval('[data-testid="example-select"] option', (os) =>
      os.filter((o) => o.value !== '').map((o) => ({ value: o.value, label: o.textContent })),
    );
    assert.ok(options.length >= 16, `all examples are listed (${options.length})`);
    const pick = async (label) => {
      const { value } = options.find((o) => o.label === label);
      await page.selectOption('[data-testid="example-select"]', value);
    };
    await pick('pingpong_naive.c');
    assert.equal(await page.inputValue('[data-testid="profile-select"]'), 'emx');
    assert.equal(await page.inputValue('[data-testid="ranks-input"]'), '3');
    assert.match(await page.inputValue('[aria-label="MPI program source"]'), /Fig\. 8/);
    await page.click('[data-testid="run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished' }).waitFor();
    assert.match(await page.textContent('[data-testid="console"]'), /one-way latency: [\d.]+ us/);

    await pick('errors/division_by_zero.c');
    await page.click('[data-testid="run"]');
    const error = await page.waitForSelector('[data-testid="run-error"]');
    assert.match(await error.textContent(), /^error: rank 2: division by zero[\s\S]*program\.c:10:13/);
    assert.match(await page.textContent('[data-testid="ranks"]'), /rank 2\s*stopped by a runtime error/);
    await screenshot(page, 'runtime-error');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('dark theme and phone width render without errors', async () => {
  const dark = await loadApp('/', { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const phone = await loadApp('/', { viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const bg = await dark.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.notEqual(bg, 'rgb(245, 246, 248)', 'dark theme applies');
    await screenshot(dark.page, 'shell-desktop-dark');
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling at 390 px (overflow ${overflow}px)`);
    await screenshot(phone.page, 'shell-phone');
    assert.deepEqual([...dark.problems, ...phone.problems], []);
  } finally {
    await dark.close();
    await phone.close();
  }
});
