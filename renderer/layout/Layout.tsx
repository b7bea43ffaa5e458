import { useState, type ReactNode } from 'react';
import type { PageHeader } from '../generated/config-types.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { NewTabNote } from '../ui/SmartLink.tsx';

export function Layout({ header, bare = false, children }: { header?: PageHeader; bare?: boolean; children: ReactNode }) {
  // While the full-screen menu covers the page, what lies behind it must not take focus or clicks.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <>
      {bare ? (
        <main id="main">{children}</main>
      ) : (
        <>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <Header config={header} onMobileMenuChange={setMenuOpen} />
          <main id="main" tabIndex={-1} inert={menuOpen || undefined}>
            {children}
          </main>
          <Footer inert={menuOpen} />
        </>
      )}
      <NewTabNote />
    </>
  );
}
