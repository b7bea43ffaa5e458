/** Entry of the consent script (renderer/consent/consent.ts), run once the page is parsed. */
import { startConsent } from './consent.ts';

startConsent(document, window);
