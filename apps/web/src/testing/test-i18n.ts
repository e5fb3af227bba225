/** An i18next instance for unit tests: the real English file, loaded synchronously. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translations.json';
import { I18N_OPTIONS, NAMESPACE } from '../lib/i18n.ts';

export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({
  ...I18N_OPTIONS,
  lng: 'en',
  resources: { en: { [NAMESPACE]: en } },
  initAsync: false,
});
