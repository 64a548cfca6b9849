// The timeline's colours tell its kinds apart, also for colour-blind viewers: reads the --tl-*
// colours of static/timeline.css (light and dark), and requires a CIEDE2000 colour difference
// of at least 20 between every two span kinds (compute, blocked, MPI library), and of at least
// 10 once simulated for protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes
// 2009, severity 1, on linear RGB); the arrow kinds (message, RDMA, atomic) likewise among
// themselves, and every kind stands out from the timeline's background. No browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './harness.mjs';

const SPANS = ['compute', 'blocked', 'library'];
const ARROWS = ['message', 'rdma', 'atomic'];
const MIN_NORMAL = 20;
const MIN_SIMULATED = 10;
const MIN_BACKGROUND = 15;

/** The --tl-* colours of the light theme and of the dark one (which overrides some). */
async function themes() {
  const css = await readFile(join(repoRoot, 'static', 'timeline.css'), 'utf8');
  const vars = (block) => Object.fromEntries([...block.matchAll(/--tl-([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1], m[2]]));
  const dark = css.indexOf('@media (prefers-color-scheme: dark)');
  assert.ok(dark > 0, 'a dark theme');
  const light = vars(css.slice(0, dark));
  return { light, dark: { ...light, ...vars(css.slice(dark)) } };
}

const toLinear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const hexToLinear = (hex) => [1, 3, 5].map((i) => toLinear(parseInt(hex.slice(i, i + 2), 16) / 255));

// Machado et al. 2009, severity 1.0.
const CVD = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};
const apply = (m, rgb) => m.map((row) => Math.min(1, Math.max(0, row.reduce((s, k, i) => s + k * rgb[i], 0))));

function lab([r, g, b]) {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 (Sharma, Wu & Dalal 2005). */
function deltaE2000([L1, a1, b1], [L2, a2, b2]) {
  const rad = Math.PI / 180;
  const C1 = Math.hypot(a1, b1), C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1, a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1), C2p = Math.hypot(a2p, b2);
  const h = (b, a) => (b === 0 && a === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const h1p = h(b1, a1p), h2p = h(b2, a2p);
  const dLp = L2 - L1, dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * rad);
  const Lpm = (L1 + L2) / 2, Cpm = (C1p + C2p) / 2;
  let hpm = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hpm = (h1p + h2p) / 2;
    else hpm = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const T = 1 - 0.17 * Math.cos((hpm - 30) * rad) + 0.24 * Math.cos(2 * hpm * rad)
    + 0.32 * Math.cos((3 * hpm + 6) * rad) - 0.2 * Math.cos((4 * hpm - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lpm - 50) ** 2) / Math.sqrt(20 + (Lpm - 50) ** 2);
  const SC = 1 + 0.045 * Cpm, SH = 1 + 0.015 * Cpm * T;
  const RT = -Math.sin(2 * dTheta * rad) * RC;
  return Math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH));
}

/** ΔE2000 of two hex colours as seen normally (`vision` null) or under a deficiency. */
const difference = (x, y, vision) => {
  const see = (hex) => lab(vision ? apply(CVD[vision], hexToLinear(hex)) : hexToLinear(hex));
  return deltaE2000(see(x), see(y));
};

test('CIEDE2000 matches Sharma et al.\'s reference pairs', () => {
  // Pairs 1, 7 and 17 of the paper's table.
  assert.ok(Math.abs(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485]) - 2.0425) < 1e-4);
  assert.ok(Math.abs(deltaE2000([50, 0, 0], [50, -1, 2]) - 2.3669) < 1e-4);
  assert.ok(Math.abs(deltaE2000([50, 2.5, 0], [73, 25, -18]) - 27.1492) < 1e-4);
  // The simulations keep greys grey and merge what they should (red/green for deuteranopia).
  assert.ok(difference('#808080', '#808080', 'tritanopia') < 1e-9);
  assert.ok(difference('#d55e00', '#6f8f00', 'deuteranopia') < difference('#d55e00', '#6f8f00', null) / 3);
});

for (const theme of ['light', 'dark']) {
  test(`the timeline's span and arrow colours are distinguishable (${theme}, also with colour-blindness)`, async () => {
    const colours = (await themes())[theme];
    const rows = [];
    for (const group of [SPANS, ARROWS]) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length; j++) {
          const [a, b] = [group[i], group[j]];
          const row = { pair: `${a}/${b}`, normal: difference(colours[a], colours[b], null) };
          for (const vision of Object.keys(CVD)) row[vision] = difference(colours[a], colours[b], vision);
          rows.push(row);
          assert.ok(row.normal >= MIN_NORMAL, `${theme} ${a} ${colours[a]} vs ${b} ${colours[b]}: ΔE ${row.normal.toFixed(1)}`);
          for (const vision of Object.keys(CVD)) {
            assert.ok(row[vision] >= MIN_SIMULATED,
              `${theme} ${a} ${colours[a]} vs ${b} ${colours[b]} under ${vision}: ΔE ${row[vision].toFixed(1)}`);
          }
        }
      }
    }
    for (const kind of [...SPANS, ...ARROWS]) {
      for (const vision of [null, ...Object.keys(CVD)]) {
        const d = difference(colours[kind], colours.bg, vision);
        assert.ok(d >= MIN_BACKGROUND, `${theme} ${kind} on the background under ${vision ?? 'normal vision'}: ΔE ${d.toFixed(1)}`);
      }
    }
    if (process.env.PALETTE_REPORT) {
      console.log(theme);
      console.table(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? +v.toFixed(1) : v]))));
    }
  });
}
