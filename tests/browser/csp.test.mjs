// The built site's Content-Security-Policy (a <meta> that scripts/csp.py, a trunk post_build hook,
// writes into dist/index.html) in a real headless Chromium: the policy is there, names no other
// origin and allows no inline script but the hashed loader; the playground runs a program, the
// embed mode (framed by a page of another origin, as lecture slides do) and a paper check work
// under it with no violation; and it is enforced: an injected script, a string run as code, an
// onclick= attribute, a <style> element and a fetch from another origin are all refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { distDir, loadApp, openPage, runExample, screenshot, useSite } from './harness.mjs';

const site = useSite(['/', '/slides/']);
const desktop = { viewport: { width: 1280, height: 900 } };

/** The policy as written in a page: directive → its sources. */
function parsePolicy(text) {
  const policy = new Map();
  for (const part of text.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    assert.ok(!policy.has(name), `directive ${name} appears once`);
    policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

const metaPattern = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/gi;

/**
 * A page on which every CSP violation (in any frame: `securitypolicyviolation` events, reported
 * through a binding) and every console message about the policy is recorded, besides the
 * harness's `problems`.
 */
async function watchedPage(options = desktop) {
  const session = await openPage(site.browser, options);
  const context = session.page.context();
  const violations = [];
  const consoleCsp = [];
  await context.exposeBinding('__rankscopeCspViolation', ({ frame }, v) => {
    violations.push({ ...v, frame: frame.url() });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__rankscopeCspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    }, true);
  });
  session.page.on('console', (msg) => {
    if (/content.security.policy|refused to/i.test(msg.text())) consoleCsp.push(`${msg.type()}: ${msg.text()}`);
  });
  return { ...session, violations, consoleCsp };
}

/** Loads `path` in a watched page; if the app never mounts, the error lists what was refused. */
async function loadWatched(session, path, options = desktop) {
  try {
    await loadApp(site, path, options, session);
  } catch (e) {
    const refused = [JSON.stringify(session.violations), ...session.consoleCsp].join('\n');
    throw new Error(`${path}: the app did not mount; what the policy refused:\n${refused}`, { cause: e });
  }
}

/**
 * Runs `body(page, session)` in a watched page, saves tests/screenshots/csp-`what`.png, then fails
 * on anything the policy refused, anything the console said about it, and any other problem.
 */
async function withoutViolations(what, options, body) {
  const session = await watchedPage(options);
  try {
    await body(session.page, session);
    await screenshot(session.page, `csp-${what}`);
    const { violations, consoleCsp, problems } = session;
    assert.deepEqual(violations, [], `${what}: no CSP violation`);
    assert.deepEqual(consoleCsp, [], `${what}: no console message about the CSP`);
    assert.deepEqual(problems, [], `${what}: no console error, exception or failed request`);
  } finally {
    await session.close();
  }
}

test('the built page carries the policy: no other origin, no inline script without its hash', async () => {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const metas = [...html.matchAll(metaPattern)];
  assert.equal(metas.length, 1, 'one Content-Security-Policy <meta> in dist/index.html');
  const at = metas[0].index;
  for (const tag of ['<script', '<link', '<style']) {
    const first = html.indexOf(tag);
    assert.ok(first === -1 || first > at, `the policy precedes the first ${tag} (a <meta> policy governs only what follows it)`);
  }
  const policy = parsePolicy(metas[0][1].replaceAll('&quot;', '"').replaceAll('&amp;', '&'));

  assert.deepEqual(policy.get('default-src'), ["'none'"], 'whatever is not named is refused');
  for (const d of ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src', 'object-src', 'base-uri', 'form-action']) {
    assert.ok(policy.has(d), `${d} is set`);
  }
  // No remote origins: every source of every directive is a keyword or a hash, never a host, a
  // scheme (https:, data:, blob:) or a wildcard.
  for (const [directive, sources] of policy) {
    for (const s of sources) {
      assert.match(s, /^'(self|none|wasm-unsafe-eval|unsafe-inline|sha256-[A-Za-z0-9+/]{43}=)'$/,
        `${directive} ${s}: only keywords and hashes`);
    }
  }
  const scriptSrc = policy.get('script-src');
  for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'"]) {
    assert.ok(!scriptSrc.includes(forbidden), `script-src has no ${forbidden}`);
  }
  assert.ok(scriptSrc.includes("'wasm-unsafe-eval'"), 'script-src lets WebAssembly compile');
  assert.deepEqual(policy.get('style-src'), ["'self'"], 'no inline <style> elements');
  assert.deepEqual(policy.get('style-src-attr'), ["'unsafe-inline'"], "Yew's style= attributes, nothing else inline");
  assert.ok(!policy.has('frame-ancestors'), 'no frame-ancestors: slides embed the page (and a <meta> cannot set it)');

  // The hashes are exactly the page's inline scripts' (none stale, none missing).
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc=/.test(m[1]));
  assert.ok(inline.length >= 1, "trunk's inline loader is there");
  const hashes = inline.map((m) => `'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`);
  assert.deepEqual(scriptSrc.filter((s) => s.startsWith("'sha256-")).sort(), [...new Set(hashes)].sort());
});

test('the playground loads and runs a program under the policy, with no violation', () =>
  withoutViolations('playground', desktop, async (page, session) => {
    await loadWatched(session, '/');
    const served = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    assert.match(served, /default-src 'none'/, 'the page the browser got has the policy');

    await runExample(page, 'ring.c');
    const spans = await page.getAttribute('[data-testid="timeline-canvas"]', 'data-drawn-spans');
    assert.ok(Number(spans) > 0, `the timeline is drawn (${spans} spans)`);
    // Paused mid-run the editor marks each rank's line with a style= attribute (--rank-l…, top):
    // the one relaxation (style-src-attr) must let it apply.
    await page.click('[data-testid="reset"]');
    await page.locator('[data-testid="run-status"]', { hasText: 'paused at event 0' }).waitFor();
    for (let i = 0; i < 6; i++) await page.click('[data-testid="step"]');
    const mark = page.locator('[data-testid="line-mark-focused"]');
    await mark.waitFor();
    const colour = await mark.evaluate((el) => getComputedStyle(el).getPropertyValue('--rank').trim());
    assert.match(colour, /^\d+ \d+ \d+$/, 'the style attribute applies (--rank is set)');
  }));

test('the embed mode works framed by a page of another origin, with no violation', () =>
  withoutViolations('embed', { viewport: { width: 900, height: 700 } }, async (page) => {
    // The host page is about:blank (an opaque origin, not the site's), as a slide deck is.
    const src = `${site.server.origin}/slides/#embed`;
    await page.setContent(`<iframe src="${src}" style="width:860px;height:640px;border:0"></iframe>`);
    const frame = page.frameLocator('iframe');
    await frame.locator('[data-testid="app"][data-ready="true"]').waitFor({ timeout: 20000 });
    await frame.locator('[data-embed="true"]').waitFor();
    await frame.locator('[data-testid="run"]').click();
    await frame.locator('[data-testid="run-status"]', { hasText: 'finished after' }).waitFor({ timeout: 120000 });
  }));

test('a paper check (#paper=000) computes and draws its chart under the policy, with no violation', () =>
  withoutViolations('paper-check', desktop, async (page, session) => {
    await loadWatched(session, '/#paper=000');
    await page.waitForSelector('[data-testid="paper-check"][data-paper="000"]');
    // Fig. 10 is an SVG string set as markup (plotters): its attributes are under the policy too.
    await page.waitForSelector('[data-testid="status-fig10"][data-status="done"]', { timeout: 240000 });
    await page.waitForSelector('[data-testid="fig10-chart"] svg polyline', { state: 'attached' });
  }));

test('the policy is enforced: injected script, eval, onclick=, <style> and other origins are refused', async () => {
  const session = await watchedPage();
  const { page, close, violations } = session;
  try {
    await loadWatched(session, '/');
    assert.deepEqual(violations, [], 'nothing refused while loading');

    const ran = await page.evaluate(async () => {
      const out = {};
      // An injected inline script (what an XSS would add).
      const s = document.createElement('script');
      s.textContent = 'window.__cspInjected = true;';
      document.head.append(s);
      out.inlineScript = window.__cspInjected === true;
      // A string run as code by the page (setTimeout with a string is eval).
      setTimeout('window.__cspEval = true;', 0);
      // An inline event handler.
      const b = document.createElement('button');
      b.setAttribute('onclick', 'window.__cspHandler = true;');
      document.body.append(b);
      b.click();
      b.remove();
      // An inline <style> element, and, allowed on purpose, a style= attribute.
      const st = document.createElement('style');
      st.textContent = 'body { outline: 7px solid red; }';
      document.head.append(st);
      const d = document.createElement('div');
      d.setAttribute('style', 'width: 123px');
      document.body.append(d);
      out.styleAttribute = getComputedStyle(d).width;
      d.remove();
      // A request to another origin (refused before any network: the violation says so).
      out.fetch = await fetch('https://example.com/rankscope-csp-probe').then(() => 'loaded', () => 'refused');
      await new Promise((ok) => setTimeout(ok, 100));
      out.eval = window.__cspEval === true;
      out.handler = window.__cspHandler === true;
      out.styleElement = getComputedStyle(document.body).outlineWidth;
      st.remove();
      s.remove();
      return out;
    });
    assert.equal(ran.inlineScript, false, 'an injected inline script does not run');
    assert.equal(ran.eval, false, 'a string does not run as code');
    assert.equal(ran.handler, false, 'an onclick= attribute does not run');
    assert.notEqual(ran.styleElement, '7px', 'an inline <style> element does not apply');
    assert.equal(ran.styleAttribute, '123px', 'a style= attribute applies (style-src-attr)');
    assert.equal(ran.fetch, 'refused', 'a fetch from another origin is refused');

    await page.waitForFunction(() => true); // let the last reports arrive through the binding
    const refused = violations.map((v) => v.directive).sort();
    assert.deepEqual(refused, ['connect-src', 'script-src', 'script-src-attr', 'script-src-elem', 'style-src-elem'],
      `each attempt is one violation: ${JSON.stringify(violations, null, 1)}`);
    assert.equal(violations.find((v) => v.directive === 'connect-src').blocked, 'https://example.com/rankscope-csp-probe');
    assert.equal(await page.locator('[data-testid="app"][data-ready="true"]').count(), 1, 'the app still runs');
  } finally {
    await close();
  }
});
