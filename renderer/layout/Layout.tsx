import type { ReactNode } from 'react';
import type { PageHeader } from '../generated/config-types.ts';
import { BEHIND_MENU_ATTR } from '../shell/markup.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { NewTabNote } from '../ui/SmartLink.tsx';
import { ConsentBanner } from './ConsentBanner.tsx';

/** Main and the footer carry the mark the shell script uses to make them inert while the full-screen menu covers them. */
export function Layout({ header, bare = false, children }: { header?: PageHeader; bare?: boolean; children: ReactNode }) {
  return (
    <>
      {bare ? (
        <main id="main">{children}</main>
      ) : (
        <>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          {/* Early in the page, so the keyboard and screen readers meet the question soon; shown at the bottom. */}
          <ConsentBanner />
          <Header config={header} />
          <main id="main" tabIndex={-1} {...{ [BEHIND_MENU_ATTR]: '' }}>
            {children}
          </main>
          <Footer />
        </>
      )}
      <NewTabNote />
    </>
  );
}
