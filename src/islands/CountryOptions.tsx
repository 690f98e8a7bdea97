// The options of a country select (issue 14, item 11): every current ISO country named in the
// page's language, the countries the shop ships to first. Shared by the address book and the
// checkout's new-address form.
import { useMemo } from 'react';
import { countryOptions } from '../lib/contract/constants';
import type { Locale } from '../lib/i18n/locales';

interface Props {
  locale: Locale;
  /** The two group labels, already translated. */
  shopLabel: string;
  otherLabel: string;
}

export default function CountryOptions({ locale, shopLabel, otherLabel }: Props) {
  const countries = useMemo(() => countryOptions(locale), [locale]);
  return (
    <>
      <optgroup label={shopLabel}>
        {countries.filter((c) => c.group === 'shop').map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
      </optgroup>
      <optgroup label={otherLabel}>
        {countries.filter((c) => c.group === 'other').map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
      </optgroup>
    </>
  );
}
