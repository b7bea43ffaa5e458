/** The pickers' countries: the country functions (./country-list.ts) over the build's compact country module. */
import rows from 'virtual:sitewright/forms/countries';
import { countryList, flagEmoji, type Country } from './country-list.ts';

export { flagEmoji, type Country };
export const { COUNTRIES, findCountry, countryName, searchCountries, exactCountry, countryForNumber } = countryList(rows);
