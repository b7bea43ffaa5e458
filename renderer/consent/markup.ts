/**
 * What the server render and the consent script agree on: the attributes that find the banner, its buttons and the
 * footer's settings button, and where the visitor's choice is kept. Nothing else of the page is read.
 */

/** On the banner; with the ids in data-analytics-id and data-chat-id (absent when not set). */
export const CONSENT_BANNER_ATTR = 'data-consent-banner';
/** On each of the banner's buttons: "granted" (Accept) or "denied" (Reject). */
export const CONSENT_CHOICE_ATTR = 'data-consent-choice';
/** On the footer's "Cookie settings" button, which shows the banner again. */
export const CONSENT_SETTINGS_ATTR = 'data-consent-settings';
/** localStorage key of the visitor's choice: the consent record, never anything that counts visits. */
export const CONSENT_STORAGE_KEY = 'sitewright:consent';

export type ConsentChoice = 'granted' | 'denied';

/** The ids that make the site ask for consent; nothing third-party is on a site with neither. */
export interface ThirdPartyIds {
  analyticsId?: string;
  chatId?: string;
}

export const asksConsent = (ids: ThirdPartyIds): boolean => Boolean(ids.analyticsId || ids.chatId);
