/**
 * The first load's budget (issue 5: initial JS ≤ 170 KB gzip, `npm run bench:web`): what
 * main.tsx reaches through static imports — its own modules and, through '@paddock/domain', the
 * domain modules that define the names it imports — must not import zod (≈ 27 KB: start-up uses
 * the domain's zod-free checks), @mantine/notifications (the toast host is lazy), Leaflet,
 * Bugsnag or uPlot (the charts load it through React.lazy, components/chart). Dynamic `import()` (lazy routes, modals, the toast host) is where those belong.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOMAIN_SRC = path.resolve(WEB_SRC, '../../../packages/domain/src');
const FORBIDDEN = /^(zod|@mantine\/notifications|leaflet|react-leaflet|@bugsnag\/|uplot)/;

interface StaticImport {
  /** Value names imported ('*' for a namespace, a re-export of everything or a bare import). */
  readonly names: readonly string[];
  readonly from: string;
}

const CLAUSE = String.raw`(\*(?:\s+as\s+\w+)?|\{[^}]*\}|\w+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+\w+))?)`;
const IMPORT = new RegExp(
  String.raw`^(?:import|export)\s+(type\s+)?${CLAUSE}\s*from\s+'([^']+)';`,
  'gm',
);
const BARE_IMPORT = /^import\s+'([^']+)';/gm;

/** The static value imports and re-exports of a module (type-only ones left out). */
function staticImports(file: string): StaticImport[] {
  const code = readFileSync(file, 'utf8');
  const found: StaticImport[] = [];
  for (const [, typeOnly, clause = '', from = ''] of code.matchAll(IMPORT)) {
    if (typeOnly) continue;
    const names: string[] = [];
    for (const part of clause.replace(/[{}]/g, ',').split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.startsWith('*') ? '*' : (name.split(/\s+as\s+/)[0] ?? name));
    }
    if (names.length > 0) found.push({ names, from });
  }
  for (const [, from = ''] of code.matchAll(BARE_IMPORT)) found.push({ names: ['*'], from });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where each name '@paddock/domain' exports is defined (or re-exported from, by name). */
function domainDefinitions(): Map<string, string> {
  const defined = new Map<string, string>();
  for (const file of sourceFiles(DOMAIN_SRC)) {
    const code = readFileSync(file, 'utf8');
    for (const [, name = ''] of code.matchAll(
      /^export\s+(?:async\s+)?(?:const|let|function|class|enum)\s+(\w+)/gm,
    )) {
      defined.set(name, file);
    }
    for (const { names, from } of staticImports(file)) {
      if (!from.startsWith('.') || names.includes('*')) continue;
      const pattern = new RegExp(
        String.raw`^export\s*\{[^}]*\}\s*from\s+'${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`,
        'm',
      );
      if (pattern.test(code)) {
        for (const name of names) defined.set(name, path.resolve(path.dirname(file), from));
      }
    }
  }
  return defined;
}

/** Every forbidden package the first load reaches, with the chain of modules that reaches it. */
function forbiddenOnFirstLoad(entry: string): string[] {
  const definitions = domainDefinitions();
  const seen = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string, chain: readonly string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...chain, path.relative(path.resolve(WEB_SRC, '../../..'), file)];
    for (const { names, from } of staticImports(file)) {
      if (from.endsWith('.css')) continue;
      if (FORBIDDEN.test(from)) {
        problems.push([...here, from].join(' → '));
      } else if (from.startsWith('.')) {
        const target = path.resolve(path.dirname(file), from);
        if (/\.tsx?$/.test(target) && existsSync(target)) visit(target, here);
      } else if (from === '@paddock/domain') {
        for (const name of names) {
          const target = definitions.get(name);
          if (target) visit(target, here);
          else problems.push([...here, `@paddock/domain ${name} (not found)`].join(' → '));
        }
      }
    }
  };
  visit(entry, []);
  return problems;
}

describe('the first load (index.html module graph)', () => {
  it('reaches no zod, @mantine/notifications, Leaflet, Bugsnag or uPlot through static imports', () => {
    expect(forbiddenOnFirstLoad(path.join(WEB_SRC, 'main.tsx'))).toEqual([]);
  });

  it('would notice a start-up module importing a domain schema', () => {
    // app-config.ts (entities) builds appConfigSchema with zod at import; notify.ts carries the toasts.
    expect(forbiddenOnFirstLoad(path.join(DOMAIN_SRC, 'validation/app-config.ts'))).toEqual([]);
    expect(forbiddenOnFirstLoad(path.join(DOMAIN_SRC, 'entities/app-config.ts'))).toContainEqual(
      expect.stringMatching(/entities\/app-config\.ts → zod$/),
    );
    expect(forbiddenOnFirstLoad(path.join(WEB_SRC, 'lib/notify.ts'))).toEqual([
      'apps/web/src/lib/notify.ts → @mantine/notifications',
    ]);
    // The chart's lazy door reaches no uPlot; the module behind it does.
    expect(forbiddenOnFirstLoad(path.join(WEB_SRC, 'components/chart/index.ts'))).toEqual([]);
    expect(
      forbiddenOnFirstLoad(path.join(WEB_SRC, 'components/chart/uplot-plot.tsx')),
    ).toContainEqual(expect.stringMatching(/uplot-plot\.tsx → uplot$/));
  });
});
