import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUnicodeRange } from '../../src/web/fonts/embed';

// Scripts and symbols that drew as boxes (docs/DEVELOPING.md "Fonts for other scripts"). The registry of script
// fonts (src/web/fonts/scripts.css), and no emoji on the guest's screens.
const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const require = createRequire(join(root, 'package.json'));

/** A face's descriptors, as written in a stylesheet. */
function faces(css: string) {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => {
    const descriptor = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(body)?.[1]?.trim() ?? '';
    return {
      family: descriptor('font-family').replace(/['"]/g, ''),
      style: descriptor('font-style'),
      weight: descriptor('font-weight'),
      display: descriptor('font-display'),
      src: descriptor('src'),
      url: /url\(['"]?([^'")]+)['"]?\)/.exec(descriptor('src'))?.[1] ?? '',
      range: descriptor('unicode-range'),
    };
  });
}

/** The code points of a unicode-range. */
function codePoints(range: string): Set<number> {
  const points = new Set<number>();
  for (const [first, last] of parseUnicodeRange(range))
    for (let point = first; point <= last; point++) points.add(point);
  return points;
}

const without = (points: Set<number>, others: Set<number>) => new Set([...points].filter((p) => !others.has(p)));

// ₹ and ₨ are in every system font: an English price must not fetch a script's font for them.
const CURRENCY = codePoints('U+20A8, U+20B9');
const registry = faces(read('src/web/fonts/scripts.css'));

describe('script fonts (src/web/fonts/scripts.css)', () => {
  it('each face is one woff2 subset file of an @fontsource package, shown at once (swap), a system copy first', () => {
    expect(registry.length).toBeGreaterThanOrEqual(2);
    for (const face of registry) {
      expect(face.family).toBe('StayPerks Scripts');
      expect(face.style).toBe('normal');
      expect(face.display).toBe('swap');
      expect(['400', '700']).toContain(face.weight);
      expect(face.src).toMatch(/^local\(/);
      expect(face.url).toMatch(/^@fontsource\/[\w-]+\/files\/[\w-]+-(400|700)-normal\.woff2$/);
      expect(face.url).toContain(`-${face.weight}-normal`);
      expect(existsSync(require.resolve(face.url))).toBe(true);
    }
  });

  it("each face covers its subset's unicode-range from the package, less ₹ and ₨ and what an earlier script covers", () => {
    const covered = new Set<number>();
    const scripts = new Map<string, Set<number>>();
    for (const face of registry) {
      const file = require.resolve(face.url);
      const script = face.url.replace(/-(400|700)-normal\.woff2$/, '');
      const packageCss = faces(readFileSync(join(dirname(file), '..', `${face.weight}.css`), 'utf8'));
      const subset = packageCss.find((packageFace) => packageFace.url.endsWith(`/${file.split('/').pop()}`));
      expect(subset, face.url).toBeDefined();
      const own = codePoints(face.range);
      if (!scripts.has(script)) {
        scripts.set(script, without(without(codePoints(subset!.range), CURRENCY), covered));
        for (const point of own) covered.add(point);
      }
      // Both weights of a script cover the same characters.
      expect([...own].sort(), face.url).toEqual([...scripts.get(script)!].sort());
    }
  });

  it('every script has a regular and a bold face', () => {
    const weights = new Map<string, string[]>();
    for (const face of registry) {
      const script = face.url.replace(/-(400|700)-normal\.woff2$/, '');
      weights.set(script, [...(weights.get(script) ?? []), face.weight]);
    }
    for (const [script, found] of weights) expect(found.sort(), script).toEqual(['400', '700']);
  });

  it('every page loads the registry and puts the family first in its font stack', () => {
    const styles = read('src/web/styles.css');
    expect(styles).toMatch(/@import '\.\/fonts\/scripts\.css';/);
    expect(styles).toMatch(/:root\s*{[^}]*font-family:\s*'StayPerks Scripts',\s*system-ui/);
  });

  it('parses unicode-range values (also wildcards)', () => {
    expect(parseUnicodeRange('U+0900-097F, U+20B9,U+4??')).toEqual([
      [0x900, 0x97f],
      [0x20b9, 0x20b9],
      [0x400, 0x4ff],
    ]);
  });
});

describe('guest screens', () => {
  // A phone, kiosk or desktop without an emoji font draws an emoji as an empty box: pictures are inline SVG.
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(tsx?|css)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));

  it('show no emoji', () => {
    const files = [
      ...sources('src/web/features/guest'),
      'src/web/routes/scan/$hotelId.tsx',
      'src/web/routes/privacy.tsx',
    ];
    expect(files.length).toBeGreaterThan(15);
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) =>
          /[\p{Extended_Pictographic}\u{FE0F}]/u.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
