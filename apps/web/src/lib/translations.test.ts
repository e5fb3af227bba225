import { describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translations.json';
import en from '../../public/locales/en/translations.json';

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('the German translation (§1 languages)', () => {
  const english = en as Record<string, string>;
  const german = de as Record<string, string>;

  it('has every key English has, none of them empty', () => {
    const missing = Object.keys(english).filter((key) => !german[key]?.trim());
    expect(missing).toEqual([]);
  });

  it('keeps the placeholders of every English text', () => {
    const differing = Object.keys(english).filter(
      (key) =>
        key in german &&
        JSON.stringify(placeholders(english[key] ?? '')) !==
          JSON.stringify(placeholders(german[key] ?? '')),
    );
    expect(differing).toEqual([]);
  });
});
