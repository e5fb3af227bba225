/**
 * Reading an exported csv back with an independent RFC 4180 parser (fast-csv), not the domain's
 * own, so that a test of an export does not agree with the code it checks by construction.
 */
import { parseString } from '@fast-csv/parse';
import { expect } from 'vitest';

/** The csv's records, the BOM checked and dropped. */
export async function csvRecords(bytes: Buffer): Promise<string[][]> {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = [];
  await new Promise<void>((resolve, reject) => {
    parseString(bytes.subarray(3).toString('utf8'))
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve());
  });
  return rows;
}
