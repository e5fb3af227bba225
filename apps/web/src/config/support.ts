/**
 * Support phone numbers (§2 "Support phone numbers for NZ and AU are shown on recovery screens").
 * The spec names the countries, not the numbers; these are ours. `tel` is the dialable E.164 form.
 */
export interface SupportPhone {
  /** ISO country code; the label is the translation key `Support.Country.{country}`. */
  readonly country: 'NZ' | 'AU';
  /** As people in that country write it. */
  readonly display: string;
  readonly tel: string;
}

export const SUPPORT_PHONES: readonly SupportPhone[] = [
  { country: 'NZ', display: '0800 723 362', tel: '+64800723362' },
  { country: 'AU', display: '1800 723 362', tel: '+611800723362' },
];

/**
 * The provider's support site (§2 user menu Support, not-found page permissions line). The spec
 * does not name it; the domain's `supportLink` adds the FAQ page unless on an irrigation path.
 */
export const SUPPORT_BASE_URL = 'https://support.paddock.example';

/** The product name in messages such as 'An Error has occurred, please contact {product} support'. */
export const PRODUCT_NAME = 'Paddock';
