// First contact: a newcomer at 1280×800 lands on "Start here" (a modern cluster running a ring),
// not on a machine's parameter table; the header fits; Share's "Copy embed snippet" copies an
// <iframe> of the share link in its embed layout and says so. Screenshots:
// tests/screenshots/first-contact-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadApp, screenshot, showView, useSite } from './harness.mjs';

const site = useSite();

test('the first page at 1280×800 shows Start here and a header that fits', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    const start = page.locator('[data-testid="start-here"]');
    await start.waitFor();
    const box = await start.boundingBox();
    assert.ok(box.y + 120 <= 800 && box.x + box.width <= 1280, `Start here is on screen: ${JSON.stringify(box)}`);
    assert.match(await start.textContent(), /ring for 4 ranks on the InfiniBand QDR cluster/);
    const views = await page.locator('[data-testid="views"]').boundingBox();
    assert.ok(!views || views.y >= box.y + box.height, 'Start here comes before any parameter table');
    await screenshot(page, 'first-contact-1280');
    // The header does not overflow: nothing in it is cut or scrolls sideways.
    const header = await page.$eval('.topbar', (h) => {
      const r = h.getBoundingClientRect();
      const kids = [...h.querySelectorAll('a, button, h1, .version')].map((e) => e.getBoundingClientRect());
      return { scroll: h.scrollWidth, client: h.clientWidth, height: r.height, right: Math.max(...kids.map((k) => k.right)) };
    });
    assert.ok(header.scroll <= header.client, `no sideways overflow: ${JSON.stringify(header)}`);
    assert.ok(header.right <= 1280, `every link and button inside: ${JSON.stringify(header)}`);
    assert.ok(header.height <= 64, `one row: ${JSON.stringify(header)}`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 1280, 'the page does not scroll sideways');

    // Its ways in: Run the ring.
    await page.click('[data-testid="start-run"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 60000 });
    assert.equal(await start.count(), 0, 'the run takes its place');
    await showView(page, 'ranks');
    assert.match(await page.textContent('[data-testid="console"]'), /token 42 came back/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('Start here on a phone, and its machine button shows the parameters', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 390, height: 844 } });
  try {
    await page.locator('[data-testid="start-here"]').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'no sideways scroll');
    // The header's links and buttons do not overlap one another.
    const overlaps = await page.$eval('.topbar', (h) => {
      const boxes = [...h.querySelectorAll('a, button, .version')].map((e) => [e.textContent.trim(), e.getBoundingClientRect()]);
      const out = [];
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [a, p] = boxes[i]; const [b, q] = boxes[j];
        if (p.left < q.right - 1 && q.left < p.right - 1 && p.top < q.bottom - 1 && q.top < p.bottom - 1) out.push(`${a} / ${b}`);
      }
      return out;
    });
    assert.deepEqual(overlaps, [], 'nothing in the header overlaps');
    await screenshot(page, 'first-contact-phone');
    await page.click('[data-testid="start-machine"]');
    await page.waitForSelector('[data-testid="views"][data-current="machine"]');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('"Copy embed snippet" copies an iframe of the share link and says so', async () => {
  const { page, problems, close } = await loadApp(site, '/', { viewport: { width: 1280, height: 800 } });
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.origin });
    await page.click('[data-testid="share"]');
    const link = await page.inputValue('[data-testid="share-link"]');
    await page.click('[data-testid="copy-embed"]');
    await page.locator('[data-testid="share-status"]', { hasText: 'embed snippet copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const src = link.replaceAll('&', '&amp;') + '&amp;embed';
    assert.equal(copied, `<iframe src="${src}" width="960" height="640" style="border:0" title="Rankscope" loading="lazy"></iframe>`);
    assert.equal(await page.inputValue('[data-testid="embed-snippet"]'), copied, 'the snippet is shown too');
    await screenshot(page, 'first-contact-embed-snippet');
    // The snippet's page is the embed.
    const url = new URL(link + '&embed');
    const embed = await loadApp(site, url.pathname + url.hash, { viewport: { width: 960, height: 640 } });
    try {
      await embed.page.waitForSelector('[data-embed="true"]');
      assert.deepEqual(embed.problems, []);
    } finally {
      await embed.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
