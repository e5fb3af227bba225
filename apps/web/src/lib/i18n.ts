/**
 * Translations (§7 "GET /locales/{language}/translations.json"). Keys are flat strings — the
 * spec's keys ('Login.Error.Invalid') and the domain's English messages ('Invalid Credentials') —
 * so dots are not separators; a missing key shows the key itself, which for the English messages
 * is the English text.
 */
import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
const FALLBACK_LANGUAGE: Language = 'en';
/** localStorage key of the language the user picked. */
const LANGUAGE_STORAGE_KEY = 'language';
export const NAMESPACE = 'translations';

/** Options shared by the app and the tests' instance. */
export const I18N_OPTIONS = {
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

export function isLanguage(value: unknown): value is Language {
  return (SUPPORTED_LANGUAGES as readonly unknown[]).includes(value);
}

/** The stored preference, else the browser's first supported language, else English. */
function detectLanguage(
  stored: string | null = readStored(),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

/** Starts i18next with the HTTP backend; resolves once the first language is loaded. */
export async function initI18n(): Promise<I18n> {
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: detectLanguage(),
      backend: { loadPath: '/locales/{{lng}}/translations.json' },
      // Ask for the language file now rather than on the next tick: start-up waits for it, and
      // the page's code is asked for right after (app/bootstrap.tsx).
      initAsync: false,
    });
  document.documentElement.lang = i18next.language;
  return i18next;
}

/** Switches the language and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not stored: the choice lasts for this page.
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}
