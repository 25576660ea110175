import countries from 'i18n-iso-countries';
import type { Country } from '@signet/contracts/server';

export type CountryLocale = 'EN' | 'HU';

/** ISO 3166-1 alpha-2 codes with their names in `locale`, sorted by name in that language. */
export function listCountries(locale: CountryLocale): Country[] {
  const lang = locale.toLowerCase();
  const names = countries.getNames(lang, { select: 'official' });
  const collator = new Intl.Collator(lang);
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
