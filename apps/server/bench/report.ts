/** What the server benchmarks share in how they are asked and how they answer. */
import { appendFileSync } from 'node:fs';

export type Engine = 'pglite' | 'postgres';

/** `--engines pglite,postgres`: the known names, in the order given. */
export function parseEngines(text: string | undefined): Engine[] {
  return (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is Engine => name === 'pglite' || name === 'postgres');
}

/** A whole-number option of at least 1, e.g. `--rate 1000`; anything else stops the run. */
export function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} takes a positive whole number`);
  return value;
}

/** Prints a Markdown table, each column as wide as its widest cell. */
export function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

/**
 * Hands a bench's rows to the bench that ran it (`npm run bench:hundred-million` sets
 * BENCH_RESULT_FILE): one JSON line per bench, appended; nothing when the variable is not set.
 */
export function recordRows(bench: string, rows: readonly object[]): void {
  const file = process.env.BENCH_RESULT_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ bench, rows })}\n`);
}
