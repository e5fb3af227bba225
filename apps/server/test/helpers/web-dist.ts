import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built console in a temporary folder, standing in for `npm run build` output. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'paddock-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Paddock</title><div id="root"></div>',
  );
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}
