import { BEHIND_MENU_ATTR } from '../shell/markup.ts';
import { useSite } from '../lib/site-context.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import { CONSENT_BANNER_ATTR, CONSENT_CHOICE_ATTR, asksConsent } from '../consent/markup.ts';

export const CONSENT_HEADING_ID = 'consent-heading';

/**
 * Its looks (the plain class names below, renderer/consent/consent.css) come with the consent script, so a site
 * without third-party ids ships no byte of them.
 *
 * The question asked before anything third-party loads, on sites with an analytics or chat id only. It stays hidden
 * until the consent script decides it is needed: a visitor without JavaScript can load nothing third-party and is
 * never shown buttons that do nothing. Not modal: the page stays usable while it shows. The two answers are the
 * same element with the same style, so neither is the easier one.
 */
export function ConsentBanner() {
  const site = useSite();
  const texts = site.consent;
  // The checker refuses an id without the texts, so both are there or the banner has nothing to ask.
  if (!asksConsent(site) || !texts) return null;
  return (
    <section
      className="consent-banner"
      aria-labelledby={CONSENT_HEADING_ID}
      hidden
      {...{ [CONSENT_BANNER_ATTR]: '', [BEHIND_MENU_ATTR]: '' }}
      data-analytics-id={site.analyticsId}
      data-chat-id={site.chatId}
      tabIndex={-1}
    >
      <div className="container consent-inner">
        <div className="consent-text">
          <h2 id={CONSENT_HEADING_ID} className="consent-heading">
            {texts.label}
          </h2>
          <p className="consent-message">
            {texts.message}
            {texts.policyLink && (
              <>
                {' '}
                <SmartLink to={texts.policyLink.href} className="consent-link">
                  {texts.policyLink.label}
                </SmartLink>
              </>
            )}
          </p>
        </div>
        <div className="consent-choices">
          <button type="button" className="consent-choice" {...{ [CONSENT_CHOICE_ATTR]: 'granted' }}>
            {texts.accept}
          </button>
          <button type="button" className="consent-choice" {...{ [CONSENT_CHOICE_ATTR]: 'denied' }}>
            {texts.reject}
          </button>
        </div>
      </div>
    </section>
  );
}
