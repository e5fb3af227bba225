/**
 * An export's file name: what was reported, on which site or area, over which days, e.g.
 * `water-dunsandel-dairy-2026-11-01-2026-11-08.csv`: plain ASCII, so every browser and mail
 * client keeps it as it is.
 */
import type { ExportAsk } from './export.repository.ts';

export const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

const REPORT_NAMES = {
  irrigationReport: 'irrigation',
  waterReport: 'water',
  frostReport: 'frost',
  generic: 'series',
  audit: 'audit',
} as const;

export function fileName(ask: ExportAsk, scope: string): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `${REPORT_NAMES[ask.report]}-${slug(scope) || 'site'}-${day(ask.from)}-${day(ask.to)}.${ask.format}`;
}
