/**
 * Lists what the German translation lacks: `node --import tsx scripts/check-translations.ts`.
 * - keys English has and German does not (fill them with add-translations.ts);
 * - German texts whose {{placeholders}} differ from the English ones;
 * - keys the web code passes to t('…') literally that English does not have.
 * Exits 1 when any is found.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const LOCALES = 'apps/web/public/locales';
const SOURCE = 'apps/web/src';

const read = (language: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, language, 'translations.json'), 'utf8')) as Record<
    string,
    string
  >;
const en = read('en');
const de = read('de');
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const missing = Object.keys(en).filter((key) => !(key in de) || de[key]?.trim() === '');
const mismatched = Object.keys(en).filter(
  (key) =>
    key in de &&
    JSON.stringify(placeholders(en[key] ?? '')) !== JSON.stringify(placeholders(de[key] ?? '')),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}
const used = new Map<string, string>();
for (const file of sourceFiles(SOURCE)) {
  // Comments show examples such as t('…'): they are not calls.
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  for (const match of text.matchAll(/\bt\(\s*'([^'\n]+)'|\bt\(\s*"([^"\n]+)"/g)) {
    const key = match[1] ?? match[2];
    if (key && !used.has(key)) used.set(key, file);
  }
}
/** i18next plurals: t('Key', { count }) reads Key_one, Key_other, … */
const known = (key: string) => key in en || Object.keys(en).some((k) => k.startsWith(`${key}_`));
const unknown = [...used].filter(([key]) => !known(key));

for (const key of missing) console.log(`missing in de: ${key}  (en: ${JSON.stringify(en[key])})`);
for (const key of mismatched) {
  console.log(
    `placeholders differ: ${key}  en ${JSON.stringify(en[key])}  de ${JSON.stringify(de[key])}`,
  );
}
for (const [key, file] of unknown) console.log(`used but not in en: ${key}  (${file})`);
console.log(
  `${Object.keys(en).length} English keys; ${missing.length} missing in German, ` +
    `${mismatched.length} with other placeholders, ${unknown.length} used keys missing in English`,
);
process.exit(missing.length + mismatched.length + unknown.length > 0 ? 1 : 0);
