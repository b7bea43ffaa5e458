/** The request body as the page builds it, with the pickers' country names. */
import { countryName } from './countries.ts';
import { payloadBuilder } from './payload.ts';

export const buildPayload = payloadBuilder(countryName);
