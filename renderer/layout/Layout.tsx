import type { ReactNode } from 'react';
import type { PageHeader } from '../generated/config-types.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';

export function Layout({ header, bare = false, children }: { header?: PageHeader; bare?: boolean; children: ReactNode }) {
  if (bare) return <main id="main">{children}</main>;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header config={header} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
