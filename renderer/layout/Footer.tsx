import { build } from 'virtual:sitewright/config';
import { useSite } from '../lib/site-context.tsx';
import { BEHIND_MENU_ATTR } from '../shell/markup.ts';
import { Icon } from '../ui/Icon.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import { Logo } from './Logo.tsx';
import { CONSENT_SETTINGS_ATTR, asksConsent } from '../consent/markup.ts';
import styles from './Footer.module.css';

/**
 * The copyright year comes from the build, not the visitor's clock: the prerendered HTML and the hydrating
 * client then always agree, even across New Year. A dev server has no build time (epoch), so it uses today.
 */
export function copyrightYear(buildTime: string): number {
  const year = new Date(buildTime).getUTCFullYear();
  return Number.isFinite(year) && year > 1970 ? year : new Date().getFullYear();
}

/** The shared footer: mission, link columns, copyright and social profiles. */
export function Footer() {
  const site = useSite();
  const f = site.footer;
  return (
    <footer className={styles.footer} {...{ [BEHIND_MENU_ATTR]: '' }}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <Logo tone="dark" />
            <p className={styles.mission}>{f.mission}</p>
          </div>
          {f.columns.map((c, i) => (
            <nav key={c.heading} className={styles.column} aria-labelledby={`footer-col-${i}`}>
              <h2 id={`footer-col-${i}`} className={styles.heading}>
                {c.heading}
              </h2>
              <ul className={styles.links}>
                {c.links.map((l) => (
                  <li key={l.label}>
                    <SmartLink to={l.href} className={styles.link}>
                      {l.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={styles.bottom}>
          {[
            <p key="copyright" className={styles.copyright}>
              © {copyrightYear(build.time)} {site.name}
            </p>,
            // Hidden until the consent script runs: without it there is no banner to show again. In the list only on
            // sites that ask for consent, so the others' footer renders as it did before (React numbers ids by position).
            ...(asksConsent(site) && site.consent
              ? [
                  <button key="consent" type="button" className="consent-settings" hidden {...{ [CONSENT_SETTINGS_ATTR]: '' }}>
                    {site.consent.settings}
                  </button>,
                ]
              : []),
            f.social.length > 0 && (
              <ul key="social" className={styles.social}>
                {f.social.map((s) => (
                  <li key={s.href}>
                    <SmartLink to={s.href} className={styles['social-link']} aria-label={s.label}>
                      <Icon name={s.icon} size={20} />
                    </SmartLink>
                  </li>
                ))}
              </ul>
            ),
          ]}
        </div>
      </div>
    </footer>
  );
}
