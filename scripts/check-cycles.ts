/**
 * `npm run check:cycles`: fails when source files import each other in a circle. A cycle makes
 * module start-up order matter (a value read before its module ran) and hides which part of the
 * tree depends on which, so the layout stops showing the architecture. Type-only imports count
 * too: they are erased at run time, but they tie the same folders together.
 *
 * Imports are read as text (relative paths and the workspace packages' names); tests, benches and
 * fixtures are left out, since nothing imports them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const sourceRoots = readdirSync(join(root, 'apps'))
  .map((app) => join(root, 'apps', app, 'src'))
  .concat(join(root, 'packages', 'domain', 'src'))
  .filter((dir) => existsSync(dir));

/** Workspace packages by name, to their entry file. */
const packages = new Map<string, string>(
  ['apps/server', 'apps/web', 'apps/simulator', 'apps/devstack', 'packages/domain']
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
        name: string;
      };
      return [manifest.name, join(root, dir, 'src', 'index.ts')];
    }),
);

const isSource = (file: string) =>
  /\.(ts|tsx)$/.test(file) &&
  !/\.(test|spec|bench)\.(ts|tsx)$/.test(file) &&
  !/\.d\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return isSource(path) ? [path] : [];
  });
}

const specifierPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|(?:^|[\s;])import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const entry = packages.get(specifier);
  if (entry) return existsSync(entry) ? entry : undefined;
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile() && isSource(path));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(specifierPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = specifier ? resolveSpecifier(file, specifier) : undefined;
    if (target) found.add(target);
  }
  return [...found];
}

/** Tarjan's strongly connected components: every component of more than one file is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  // Every file visited has both numbers, so a missing one reads as the larger bound.
  const lowOf = (file: string) => low.get(file) ?? Infinity;
  const indexOf = (file: string) => index.get(file) ?? Infinity;

  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(lowOf(file), lowOf(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(lowOf(file), indexOf(target)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = graph.get(file)?.includes(file);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const files = sourceRoots.flatMap(sourceFiles);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const found = cycles(graph);
if (found.length === 0) {
  console.log(`import cycles: none among ${files.length} source files`);
} else {
  console.error(`import cycles: ${found.length}, each a set of files that import each other:`);
  for (const component of found) {
    console.error(`- ${component.map((file) => relative(root, file)).join('\n  ')}`);
  }
  process.exit(1);
}
