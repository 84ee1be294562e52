#!/usr/bin/env node
// Checks the colour theme in style/theme.css: contrast of every text and
// non-text pair the app draws, and whether player and character colours stay
// distinguishable for people with colour-vision deficiencies.
//
//   node scripts/check-colours.mjs [path/to/theme.css]
//
// Exit 0 when every check passes, 1 with one line per problem otherwise.
// No dependencies beyond Node itself. The colour maths is exported so other
// scripts can reuse it.

import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

// ---------------------------------------------------------------------------
// Thresholds

// WCAG 2.x success criteria 1.4.3 (text, normal size) and 1.4.11 (non-text).
export const TEXT_CONTRAST = 4.5;
export const NON_TEXT_CONTRAST = 3;

// CIEDE2000 distances, computed after simulating each vision type.
// ΔE00 ≈ 1 is a just-noticeable difference side by side; ≈ 2–3 is "perceptible
// at a glance"; around 10 two samples read as clearly different colours even
// when they are NOT side by side (a chip on one side of the table, a pawn on
// the other), which is the situation for seat colours.
// - Seats: the only cue besides the emblem shape, seen small and apart, so we
//   ask for ≥ 12: comfortably past "clearly different" for every pair, even
//   for a dichromat.
// - Characters: every card also names its character and draws its own
//   illustration, so colour is a secondary, redundant cue; and seven hues of
//   roughly equal darkness (they must all carry white text) cannot all be kept
//   12 apart on the single colour axis a dichromat has left. ≥ 6 — several
//   just-noticeable differences, plainly different when side by side in a row
//   of cards — is enough for colour to help without being needed. With normal
//   vision the seven must be far more distinct: ≥ 15.
export const SEAT_DELTA_E = 12;
export const CHARACTER_DELTA_E_CVD = 6;
export const CHARACTER_DELTA_E_NORMAL = 15;

export const CHARACTERS = ['miller', 'brewer', 'witch', 'guard', 'knight', 'innkeeper', 'noble'];
export const SEATS = ['seat-0', 'seat-1', 'seat-2', 'seat-3'];

// ---------------------------------------------------------------------------
// Parsing colours and the theme file

/** A CSS colour (hex, rgb(), rgba()) as [r, g, b, a] with r, g, b in 0–255 and a in 0–1. */
export function parseColour(text) {
  const s = text.trim().toLowerCase();
  let m = /^#([0-9a-f]{3,8})$/.exec(s);
  if (m) {
    let h = m[1];
    if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
    if (h.length !== 6 && h.length !== 8) throw new Error(`bad hex colour ${text}`);
    const n = (i) => parseInt(h.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), h.length === 8 ? n(6) / 255 : 1];
  }
  m = /^rgba?\((.*)\)$/.exec(s);
  if (m) {
    const [rgb, alpha] = m[1].includes('/') ? m[1].split('/') : [m[1], null];
    const parts = rgb.split(/[\s,]+/).filter(Boolean);
    let a = alpha;
    if (parts.length === 4 && a === null) a = parts.pop();
    if (parts.length !== 3) throw new Error(`bad rgb() colour ${text}`);
    const channel = (p) => (p.endsWith('%') ? (parseFloat(p) * 255) / 100 : parseFloat(p));
    const alphaValue = a === null ? 1 : a.trim().endsWith('%') ? parseFloat(a) / 100 : parseFloat(a);
    return [...parts.map(channel), alphaValue];
  }
  if (s === 'white') return [255, 255, 255, 1];
  if (s === 'black') return [0, 0, 0, 1];
  throw new Error(`unsupported colour syntax: ${text}`);
}

/** Splits on commas that are not inside parentheses. */
function splitTopLevel(s) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    else if (s[i] === ',' && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out.map((p) => p.trim());
}

/**
 * Reads the custom properties declared on plain `:root { … }` rules of a CSS
 * file and resolves light-dark() and var() into two palettes.
 * Returns { light: {name: [r,g,b,a]}, dark: {…}, raw: {name: text} }.
 */
export function parseTheme(css) {
  const noComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const raw = {};
  for (const rule of noComments.matchAll(/(^|\})\s*:root\s*\{([^}]*)\}/g)) {
    for (const decl of rule[2].matchAll(/(--[\w-]+)\s*:\s*([^;]+);?/g)) raw[decl[1].slice(2)] = decl[2].trim();
  }
  const resolve = (name, scheme, seen = new Set()) => {
    if (!(name in raw)) throw new Error(`--${name} is used but not declared`);
    if (seen.has(name)) throw new Error(`--${name} refers to itself`);
    seen.add(name);
    return valueFor(raw[name], scheme, seen);
  };
  const valueFor = (text, scheme, seen) => {
    const t = text.trim();
    const ld = /^light-dark\(([\s\S]*)\)$/.exec(t);
    if (ld) {
      const parts = splitTopLevel(ld[1]);
      if (parts.length !== 2) throw new Error(`light-dark() needs two colours: ${t}`);
      return valueFor(scheme === 'light' ? parts[0] : parts[1], scheme, seen);
    }
    const v = /^var\(\s*--([\w-]+)\s*\)$/.exec(t);
    if (v) return resolve(v[1], scheme, new Set(seen));
    return parseColour(t);
  };
  const light = {};
  const dark = {};
  for (const name of Object.keys(raw)) {
    if (!/^(light-dark\(|var\(|#|rgb)/.test(raw[name])) continue; // not a colour
    light[name] = resolve(name, 'light');
    dark[name] = resolve(name, 'dark');
  }
  return { light, dark, raw };
}

// ---------------------------------------------------------------------------
// Colour maths

const toLinear = (c8) => {
  const c = c8 / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const fromLinear = (c) => 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

export const linearRgb = ([r, g, b]) => [toLinear(r), toLinear(g), toLinear(b)];

/** WCAG 2.x relative luminance. */
export function luminance(rgb) {
  const [r, g, b] = linearRgb(rgb);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio, 1–21. */
export function contrast(a, b) {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Paints a colour with alpha over an opaque background. */
export function over([r, g, b, a = 1], [br, bg, bb]) {
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

/** sRGB (0–255) → CIELAB, D65 white. */
export function lab(rgb) {
  const [r, g, b] = linearRgb(rgb);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1). */
export function deltaE2000([L1, a1, b1], [L2, a2, b2]) {
  const rad = Math.PI / 180;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (b, a) => {
    if (a === 0 && b === 0) return 0;
    const h = Math.atan2(b, a) / rad;
    return h < 0 ? h + 360 : h;
  };
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * rad);
  const Lpm = (L1 + L2) / 2;
  const Cpm = (C1p + C2p) / 2;
  let hpm = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hpm = (h1p + h2p) / 2;
    else hpm = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hpm - 30) * rad) +
    0.24 * Math.cos(2 * hpm * rad) +
    0.32 * Math.cos((3 * hpm + 6) * rad) -
    0.2 * Math.cos((4 * hpm - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lpm - 50) ** 2) / Math.sqrt(20 + (Lpm - 50) ** 2);
  const SC = 1 + 0.045 * Cpm;
  const SH = 1 + 0.015 * Cpm * T;
  const RT = -Math.sin(2 * dTheta * rad) * RC;
  return Math.sqrt(
    (dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH),
  );
}

// Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
// Simulation of Color Vision Deficiency", severity 1.0 (dichromacy). They act
// on linear RGB.
export const CVD = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
export const VISIONS = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

/** The colour as seen with the given vision, back in sRGB 0–255 (clamped to the gamut). */
export function simulate(rgb, vision) {
  if (vision === 'normal') return rgb;
  const m = CVD[vision];
  const lin = linearRgb(rgb);
  const out = m.map((row) => row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2]);
  return [...out.map((c) => fromLinear(Math.min(1, Math.max(0, c)))), 1];
}

/** ΔE2000 between two sRGB colours as seen with the given vision. */
export function seenDelta(a, b, vision) {
  return deltaE2000(lab(simulate(a, vision)), lab(simulate(b, vision)));
}

export const hex = ([r, g, b]) => '#' + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');

// ---------------------------------------------------------------------------
// Self-test of the maths, run before the checks.

export function selfTest() {
  const problems = [];
  const near = (what, got, want, tol) => {
    if (!(Math.abs(got - want) <= tol)) problems.push(`self-test: ${what} = ${got.toFixed(4)}, expected ${want}`);
  };
  near('contrast #000 on #fff', contrast(parseColour('#000'), parseColour('#fff')), 21, 1e-9);
  near('contrast #777 on #fff', contrast(parseColour('#777'), parseColour('#fff')), 4.478, 0.001);
  near('contrast #767676 on #fff', contrast(parseColour('#767676'), parseColour('#fff')), 4.542, 0.001);
  near('L* of #fff', lab(parseColour('#ffffff'))[0], 100, 1e-3);
  near('a* of #fff', lab(parseColour('#ffffff'))[1], 0, 1e-3);
  near('L* of #777', lab(parseColour('#777'))[0], 50.03, 0.02);
  // Sharma, Wu & Dalal (2005), "The CIEDE2000 Color-Difference Formula:
  // Implementation Notes, Supplementary Test Data, and Mathematical
  // Observations", table 1: pairs 1, 7, 17, 19 and 25, both ways round.
  const sharma = [
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[50, 2.5, 0], [56, -27, -3], 31.903],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  ];
  for (const [p, q, want] of sharma) {
    near(`ΔE2000 ${JSON.stringify(p)} vs ${JSON.stringify(q)}`, deltaE2000(p, q), want, 5e-5);
    near(`ΔE2000 ${JSON.stringify(q)} vs ${JSON.stringify(p)}`, deltaE2000(q, p), want, 5e-5);
  }
  // Dichromat simulation: greys stay grey, and the classic red/green
  // confusion pair collapses for deuteranopes but not for tritanopes.
  for (const v of Object.keys(CVD)) {
    const g = simulate([128, 128, 128, 1], v);
    near(`${v} of grey`, Math.max(...g.slice(0, 3)) - Math.min(...g.slice(0, 3)), 0, 1.5);
  }
  const red = parseColour('#b04a3a');
  const green = parseColour('#6f7a2a');
  if (!(seenDelta(red, green, 'normal') > 20)) problems.push('self-test: #b04a3a and #6f7a2a should differ with normal vision');
  if (!(seenDelta(red, green, 'deuteranopia') < 8)) problems.push('self-test: #b04a3a and #6f7a2a should be confused by deuteranopes');
  return problems;
}

// ---------------------------------------------------------------------------
// The checks

/** Every check as {kind, scheme, what, value, min, ok}. */
export function runChecks(theme) {
  const results = [];
  for (const scheme of ['light', 'dark']) {
    const p = theme[scheme];
    const get = (name) => p[name];
    const ratio = (fg, bg, min, kind) => {
      if (!get(fg) || !get(bg)) return; // reported as undeclared
      const back = get(bg);
      const value = contrast(over(get(fg), back), back);
      results.push({ kind, scheme, what: `--${fg} on --${bg}`, value, min, ok: value >= min });
    };
    const text = (fg, bg) => ratio(fg, bg, TEXT_CONTRAST, 'text');
    const nonText = (fg, bg) => ratio(fg, bg, NON_TEXT_CONTRAST, 'non-text');

    for (const fg of ['ink', 'muted']) for (const bg of ['bg', 'surface', 'surface-2']) text(fg, bg);
    text('on-accent', 'accent');
    text('accent', 'surface'); // headings and link-style buttons
    text('accent', 'bg');
    text('table-ink', 'table');
    text('table-muted', 'table');
    text('card-ink', 'card-paper');
    for (const c of CHARACTERS) text('on-character', c); // the name band of every card
    // Text-sized character symbols on a card (a location's ability glyphs).
    for (const c of CHARACTERS) text(`${c}-on-paper`, 'card-paper');
    for (const c of CHARACTERS) for (const bg of ['bg', 'surface', 'surface-2']) text(`${c}-ink`, bg);
    for (const s of SEATS) text('on-seat', s);
    text('on-character', 'tier-1'); // the count printed on a deck back
    text('on-character', 'tier-2');
    text('on-character', 'tier-unknown');
    text('danger', 'surface');
    text('danger', 'bg');
    for (const bg of ['notice-bg', 'lead-bg', 'current-bg']) text('ink', bg);

    nonText('gold', 'surface');
    nonText('gold', 'table');
    nonText('gold', 'lead-bg'); // the majority star sits on the lead highlight
    nonText('current', 'table');
    nonText('mark', 'table'); // what an embedding page points at (a ring on the table)
    for (const c of CHARACTERS) nonText(c, 'card-paper'); // character art is drawn in currentColor on the card
    nonText('pawn', 'table'); // meeples stand on the table and on panels
    nonText('pawn', 'surface');
    for (const s of SEATS) {
      nonText(s, 'surface');
      nonText(s, 'table');
    }

    const distinct = (names, min, label, visions) => {
      if (names.some((n) => !get(n))) return; // reported as undeclared
      for (const vision of visions) {
        let worst = null;
        for (let i = 0; i < names.length; i++) {
          for (let j = i + 1; j < names.length; j++) {
            const d = seenDelta(get(names[i]), get(names[j]), vision);
            const row = { kind: 'ΔE2000', scheme, vision, what: `${label}: --${names[i]} vs --${names[j]} (${vision})`, value: d, min, ok: d >= min };
            if (!row.ok) results.push(row);
            if (!worst || d < worst.value) worst = row;
          }
        }
        results.push({ ...worst, summary: true, what: `${label} closest pair (${vision}): ${worst.what.split(':')[1].replace(/ \(.*/, '').trim()}` });
      }
    };
    distinct(SEATS, SEAT_DELTA_E, 'seats', VISIONS);
    distinct(CHARACTERS, CHARACTER_DELTA_E_NORMAL, 'characters', ['normal']);
    distinct(CHARACTERS, CHARACTER_DELTA_E_CVD, 'characters', VISIONS.slice(1));
  }
  return results;
}

/** The variable names the brief fixes; the file must declare every one. */
export const REQUIRED = [
  'bg', 'surface', 'surface-2', 'ink', 'muted', 'line', 'accent', 'on-accent', 'gold', 'danger', 'notice-bg',
  'table', 'table-ink', 'table-muted', 'card-paper', 'card-ink', 'card-edge', ...CHARACTERS, 'on-character',
  ...CHARACTERS.map((c) => `${c}-ink`), ...CHARACTERS.map((c) => `${c}-on-paper`), ...SEATS, 'on-seat', 'tier-1', 'tier-2', 'tier-unknown', 'lead-bg', 'current', 'current-bg', 'pawn',
  'art-ink', 'art-skin', 'art-light', 'art-metal', 'art-wood', 'art-gold', 'shadow',
];

function structureProblems(css, theme) {
  const problems = [];
  for (const name of REQUIRED) if (!theme.raw[name]) problems.push(`--${name} is not declared on :root`);
  for (const [name, text] of Object.entries(theme.raw)) {
    if (theme.light[name] && !/^light-dark\(/.test(text) && !/^var\(/.test(text)) {
      problems.push(`--${name} is not written with light-dark(): ${text}`);
    }
  }
  const flat = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ');
  if (!/:root\s*\{[^}]*color-scheme:\s*light dark\s*;?/.test(flat)) problems.push(':root lacks color-scheme: light dark');
  if (!/:root\[data-theme="light"\]\s*\{\s*color-scheme:\s*light\s*;?\s*\}/.test(flat)) problems.push(':root[data-theme="light"] { color-scheme: light } is missing');
  if (!/:root\[data-theme="dark"\]\s*\{\s*color-scheme:\s*dark\s*;?\s*\}/.test(flat)) problems.push(':root[data-theme="dark"] { color-scheme: dark } is missing');
  return problems;
}

// ---------------------------------------------------------------------------

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = process.argv[2] ?? path.join(here, '..', 'style', 'theme.css');

  const selfProblems = selfTest();
  if (selfProblems.length) {
    for (const p of selfProblems) console.error(`FAIL ${p}`);
    console.error('The colour maths failed its self-test; no theme checks were run.');
    process.exit(1);
  }
  console.log('self-test of the colour maths: ok (WCAG contrast, CIELAB, CIEDE2000 vs Sharma 2005, CVD matrices)');

  const css = readFileSync(file, 'utf8');
  let theme;
  try {
    theme = parseTheme(css);
  } catch (e) {
    console.error(`FAIL ${path.relative(process.cwd(), file)}: ${e.message}`);
    process.exit(1);
  }
  const problems = structureProblems(css, theme);
  let results = [];
  try {
    results = runChecks(theme);
  } catch (e) {
    problems.push(e.message);
  }

  // Compact table: one line per check with both themes side by side.
  const rows = new Map();
  for (const r of results) {
    if (r.kind === 'ΔE2000' && !r.summary) continue;
    const key = r.summary ? r.what.replace(/:.*/, '') : `${r.kind}|${r.what}`;
    const row = rows.get(key) ?? { kind: r.kind, what: r.summary ? r.what.replace(/:.*/, '') : r.what, min: r.min };
    row[r.scheme] = r;
    rows.set(key, row);
  }
  const cell = (r) => {
    if (!r) return ''.padEnd(24);
    const v = r.kind === 'ΔE2000' ? r.value.toFixed(1) : r.value.toFixed(2);
    const pair = r.summary ? ' ' + r.what.split(': ')[1] : '';
    return `${r.ok ? ' ' : '✗'}${v.padStart(6)}${pair}`.padEnd(36);
  };
  const width = Math.max(...[...rows.values()].map((r) => r.what.length));
  console.log(`\n${'check'.padEnd(width)}   min   ${'light'.padEnd(36)}dark`);
  let lastKind = '';
  for (const row of rows.values()) {
    if (row.kind !== lastKind) console.log(`-- ${row.kind} ${'-'.repeat(width + 80)}`.slice(0, width + 78));
    lastKind = row.kind;
    console.log(`${row.what.padEnd(width)} ${String(row.min).padStart(5)}   ${cell(row.light)}${cell(row.dark).trimEnd()}`);
  }

  for (const r of results) {
    if (r.ok || (r.summary && r.kind === 'ΔE2000')) continue;
    const v = r.kind === 'ΔE2000' ? `ΔE2000 ${r.value.toFixed(1)}` : `contrast ${r.value.toFixed(2)}:1`;
    problems.push(`${r.scheme}: ${r.what} has ${v}, needs ≥ ${r.min}`);
  }
  if (problems.length) {
    console.error('');
    for (const p of problems) console.error(`FAIL ${p}`);
    console.error(`\n${problems.length} colour problem(s) in ${path.relative(process.cwd(), file)}.`);
    process.exit(1);
  }
  const margin = (kind) => Math.min(...results.filter((r) => r.kind === kind).map((r) => r.value / r.min));
  console.log(
    `\nall ${results.length} colour checks pass; tightest margins: text ×${margin('text').toFixed(2)}, non-text ×${margin('non-text').toFixed(2)}, ΔE2000 ×${margin('ΔE2000').toFixed(2)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
