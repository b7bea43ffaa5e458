import type { ReactNode } from 'react';
import type { PageHeader } from '../generated/config-types.ts';
import { BEHIND_MENU_ATTR } from '../shell/markup.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { NewTabNote } from '../ui/SmartLink.tsx';
import { useSite } from '../lib/site-context.tsx';
import { asksConsent } from '../consent/markup.ts';
import { ConsentBanner } from './ConsentBanner.tsx';

/** Main and the footer carry the mark the shell script uses to make them inert while the full-screen menu covers them. */
export function Layout({ header, bare = false, children }: { header?: PageHeader; bare?: boolean; children: ReactNode }) {
  const site = useSite();
  // The consent banner comes early in the page, so the keyboard and screen readers meet the question soon (it shows
  // at the bottom). A list rather than a slot left empty: React numbers generated ids by position among siblings,
  // so a site without third-party ids renders exactly the page it rendered before the banner existed.
  const chrome = [
    <a key="skip" className="skip-link" href="#main">
      Skip to content
    </a>,
    ...(asksConsent(site) ? [<ConsentBanner key="consent" />] : []),
    <Header key="header" config={header} />,
    <main key="main" id="main" tabIndex={-1} {...{ [BEHIND_MENU_ATTR]: '' }}>
      {children}
    </main>,
    <Footer key="footer" />,
  ];
  return (
    <>
      {bare ? <main id="main">{children}</main> : <>{chrome}</>}
      <NewTabNote />
    </>
  );
}
