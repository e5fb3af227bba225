/**
 * The import check's pure parts, on small graphs: a circle of files, and two folders that import
 * each other both ways (reported with one import each way) or only one way (not reported).
 */
import { describe, expect, it } from 'vitest';
import { cycles, twoWayFolderPairs } from './check-cycles.ts';

/** The folder is the path's first segment; a file with none is outside every folder. */
const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0] : undefined);

describe('twoWayFolderPairs', () => {
  it('reports two folders that import each other, with one import each way', () => {
    const graph = new Map([
      ['field/services.ts', ['exports/export-service.ts', 'field/jobs.ts']],
      ['field/jobs.ts', []],
      ['exports/export-service.ts', ['field/jobs.ts']],
    ]);
    expect(twoWayFolderPairs(graph, folderOf)).toEqual([
      {
        folders: ['exports', 'field'],
        forward: { from: 'exports/export-service.ts', to: 'field/jobs.ts' },
        backward: { from: 'field/services.ts', to: 'exports/export-service.ts' },
      },
    ]);
  });

  it('reports nothing when each folder pair imports one way only', () => {
    const graph = new Map([
      ['start/worker.ts', ['exports/export-service.ts', 'jobs/jobs.ts', 'main.ts']],
      ['exports/export-service.ts', ['jobs/jobs.ts', 'exports/file-name.ts']],
      ['exports/file-name.ts', ['exports/export-service.ts']],
      ['jobs/jobs.ts', []],
      // A file outside every folder is not a folder: its imports both ways make no pair.
      ['main.ts', ['start/worker.ts']],
    ]);
    expect(twoWayFolderPairs(graph, folderOf)).toEqual([]);
  });
});

describe('cycles', () => {
  it('finds files that import each other in a circle, and nothing in a line', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cycles(new Map([['d.ts', ['a.ts']]]))).toEqual([]);
  });
});
