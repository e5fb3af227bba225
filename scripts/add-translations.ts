/**
 * Adds or updates translation keys in apps/web/public/locales/{en,de}/translations.json without
 * rewriting anyone else's: `node --import tsx scripts/add-translations.ts keys.json` where
 * keys.json is { "en": { "Key": "text" }, "de": { "Key": "Text" } }. Keys are kept sorted so
 * concurrent additions merge cleanly in git.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [, , input] = process.argv;
if (!input) {
  console.error('usage: node --import tsx scripts/add-translations.ts keys.json');
  process.exit(2);
}
const additions = JSON.parse(readFileSync(input, 'utf8')) as Record<string, Record<string, string>>;
for (const [language, keys] of Object.entries(additions)) {
  const file = path.join('apps/web/public/locales', language, 'translations.json');
  let current: Record<string, string> = {};
  try {
    current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    // A new language starts empty.
  }
  const merged = { ...current, ...keys };
  const sorted = Object.fromEntries(
    Object.keys(merged)
      .sort()
      .map((key) => [key, merged[key]]),
  );
  // Write beside and rename: a reader never sees half a file.
  writeFileSync(`${file}.tmp`, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  console.log(
    `${file}: ${Object.keys(keys).length} keys added or updated, ${Object.keys(sorted).length} in all`,
  );
}
