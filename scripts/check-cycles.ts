/**
 * `npm run check:cycles`: fails when source files import each other in a circle, or when two of
 * the server's folders (apps/server/src/<folder>) import each other both ways. A cycle makes
 * module start-up order matter (a value read before its module ran) and hides which part of the
 * tree depends on which, so the layout stops showing the architecture; a two-way folder pair does
 * the same one level up, even when no file cycle runs through it. Type-only imports count too:
 * they are erased at run time, but they tie the same folders together.
 *
 * Imports are read as text (relative paths and the workspace packages' names); tests, benches and
 * fixtures are left out, since nothing imports them. The check runs only when this file is the
 * entry module, so its test imports the functions without running it.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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
export function cycles(graph: Map<string, string[]>): string[][] {
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

/** One import from a file in one folder to a file in another. */
export type FolderImport = { from: string; to: string };

/** Two folders that import each other, with one file import each way. */
export type TwoWayFolderPair = {
  folders: [string, string];
  /** An import from the first folder into the second. */
  forward: FolderImport;
  /** An import from the second folder back into the first. */
  backward: FolderImport;
};

/**
 * Folder pairs that import each other both ways. `folderOf` names the folder a file belongs to,
 * or undefined for a file outside every folder looked at; imports within one folder do not count.
 * Each pair once, sorted, with the first import met each way.
 */
export function twoWayFolderPairs(
  graph: Map<string, string[]>,
  folderOf: (file: string) => string | undefined,
): TwoWayFolderPair[] {
  const firstImport = new Map<string, FolderImport>();
  for (const [from, targets] of graph) {
    const fromFolder = folderOf(from);
    if (fromFolder === undefined) continue;
    for (const to of targets) {
      const toFolder = folderOf(to);
      if (toFolder === undefined || toFolder === fromFolder) continue;
      const key = `${fromFolder}\0${toFolder}`;
      if (!firstImport.has(key)) firstImport.set(key, { from, to });
    }
  }
  const pairs: TwoWayFolderPair[] = [];
  for (const [key, forward] of firstImport) {
    const [first, second] = key.split('\0') as [string, string];
    if (first >= second) continue;
    const backward = firstImport.get(`${second}\0${first}`);
    if (backward) pairs.push({ folders: [first, second], forward, backward });
  }
  return pairs.sort((a, b) => a.folders.join('/').localeCompare(b.folders.join('/')));
}

/** The folder of a file directly under apps/server/src/<folder>/; files at src/ itself have none. */
function serverFolderOf(file: string): string | undefined {
  const inside = relative(join(root, 'apps', 'server', 'src'), file);
  const parts = inside.split(sep);
  if (parts[0] === '..' || parts.length < 2) return undefined;
  return parts[0];
}

function main(): number {
  const files = sourceRoots.flatMap(sourceFiles);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const found = cycles(graph);
  const pairs = twoWayFolderPairs(graph, serverFolderOf);
  if (found.length === 0) {
    console.log(`import cycles: none among ${files.length} source files`);
  } else {
    console.error(`import cycles: ${found.length}, each a set of files that import each other:`);
    for (const component of found) {
      console.error(`- ${component.map((file) => relative(root, file)).join('\n  ')}`);
    }
  }
  if (pairs.length === 0) {
    console.log('server folders importing each other both ways: none');
  } else {
    console.error(`server folders importing each other both ways: ${pairs.length}`);
    for (const { folders, forward, backward } of pairs) {
      const shown = (step: FolderImport) =>
        `${relative(root, step.from)} → ${relative(root, step.to)}`;
      console.error(`- ${folders.join(' ⇄ ')}\n  ${shown(forward)}\n  ${shown(backward)}`);
    }
  }
  return found.length === 0 && pairs.length === 0 ? 0 : 1;
}

/** True when node was started on this file (`npm run check:cycles`), not when a test imports it. */
function isEntryModule(): boolean {
  const entry = process.argv[1];
  if (!entry || !existsSync(entry)) return false;
  return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
}

if (isEntryModule()) process.exit(main());
