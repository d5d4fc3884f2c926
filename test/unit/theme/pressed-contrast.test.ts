/**
 * Every button variant, hovered or pressed (Mantine gives `:active` the hover colours), keeps its text at WCAG
 * AA's 4.5:1 in the light scheme, for every palette colour the renderer names. The colours are Mantine's own
 * stylesheet with renderer/app/contrast.css on top, resolved as the browser does, so a change to either that
 * drops below 4.5:1 fails here instead of now and then under axe, depending on where the pointer rests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const MANTINE_CSS = join(ROOT, 'node_modules/@mantine/core/styles.css');
const CONTRAST_CSS = join(ROOT, 'renderer/app/contrast.css');
const PALETTE = [
  'dark',
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
];

/** Custom properties of the light scheme (`:root`, light selectors), later declarations winning. */
function lightVariables(css: string, into: Map<string, string>): void {
  const uncommented = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const block of uncommented.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = block[1] ?? '';
    if (!selector.includes(':root') || selector.includes('dark')) continue;
    for (const decl of (block[2] ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) into.set(decl[1] ?? '', (decl[2] ?? '').trim());
  }
}

type Rgba = [number, number, number, number];

function resolve(vars: ReadonlyMap<string, string>, value: string): string {
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  if (!ref) return value;
  const next = vars.get(ref[1] ?? '');
  if (next === undefined) throw new Error(`${value} is not defined`);
  return resolve(vars, next);
}

function parseColor(text: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(text)?.[1];
  if (fn) {
    const [r = 0, g = 0, b = 0, a = 1] = fn.split(',').map((p) => Number(p.trim()));
    return [r, g, b, a];
  }
  if (text === 'transparent') return [0, 0, 0, 0];
  throw new Error(`cannot read the colour ${text}`);
}

/** `top` painted over the opaque `bottom`. */
const over = (top: Rgba, bottom: Rgba): Rgba => {
  const a = top[3];
  return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (bottom[i] ?? 0) * (1 - a)).concat(1) as Rgba;
};

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mantine's default variant colours resolver (light scheme): the pressed background and the text of each variant. */
function pressed(variant: string, color: string): { background: string; text: string } {
  const c = `--mantine-color-${color}`;
  switch (variant) {
    case 'filled':
      return { background: `var(${c}-filled-hover)`, text: 'var(--mantine-color-white)' };
    case 'light':
    case 'subtle':
      return { background: `var(${c}-light-hover)`, text: `var(${c}-light-color)` };
    case 'outline':
      return { background: `var(${c}-outline-hover)`, text: `var(${c}-outline)` };
    case 'transparent':
      return { background: 'transparent', text: `var(${c}-light-color)` };
    case 'white':
      return { background: 'var(--mantine-color-white)', text: `var(${c}-filled)` };
    default:
      return { background: 'var(--mantine-color-default-hover)', text: 'var(--mantine-color-default-color)' };
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Palette colours the renderer names anywhere (`color="red"`, `CATEGORY_COLOR`, …), and the primary blue. */
function colorsInUse(): string[] {
  const named = new Set(['blue']);
  for (const file of sourceFiles(join(ROOT, 'renderer'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/['"]([a-z]+)(?:\.\d)?['"]/g))
      if (PALETTE.includes(m[1] ?? '')) named.add(m[1] ?? '');
  }
  return [...named].sort();
}

const VARIANTS = ['filled', 'light', 'subtle', 'outline', 'transparent', 'white', 'default'];

describe('pressed buttons in the light scheme', () => {
  const vars = new Map<string, string>();
  lightVariables(readFileSync(MANTINE_CSS, 'utf8'), vars);
  lightVariables(readFileSync(CONTRAST_CSS, 'utf8'), vars);
  const body = parseColor(resolve(vars, 'var(--mantine-color-body)'));

  it('reads the colours the way the browser does', () => {
    // Mantine's own default: white on blue-6 is the known 3.5:1 that contrast.css exists for.
    expect(contrast([255, 255, 255, 1], parseColor('#228be6'))).toBeCloseTo(3.55, 1);
    expect(colorsInUse()).toEqual(expect.arrayContaining(['blue', 'red', 'green', 'gray', 'orange', 'yellow']));
  });

  it.each(colorsInUse())('%s: every variant hovered or pressed is at least 4.5:1', (color) => {
    const low = VARIANTS.flatMap((variant) => {
      const { background, text } = pressed(variant, color);
      const bg = over(parseColor(resolve(vars, background)), body);
      const ratio = contrast(over(parseColor(resolve(vars, text)), bg), bg);
      return ratio < 4.5 ? [`${variant} ${ratio.toFixed(2)}:1`] : [];
    });
    expect(low).toEqual([]);
  });
});
