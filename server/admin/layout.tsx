/**
 * The back office's page shell, rendered on the server to static HTML: no framework runs in these pages, and the
 * few scripts they use are files under /admin/assets/ (the strict CSP allows no inline script).
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { BackOfficeContext } from './context.ts';
import { can, type Action } from './roles.ts';
import type { SignedIn } from './sessions.ts';

const NAV: { href: string; label: string; action?: Action }[] = [
  { href: '/admin/leads', label: 'Leads', action: 'leads.read' },
  { href: '/admin/pages', label: 'Pages', action: 'pages.edit' },
  { href: '/admin/history', label: 'History', action: 'pages.edit' },
  { href: '/admin/stats', label: 'Stats', action: 'stats.read' },
  { href: '/admin/staff', label: 'Staff', action: 'staff.manage' },
  { href: '/admin/audit', label: 'Audit log', action: 'audit.read' },
  { href: '/admin/account', label: 'Your account' },
];

export interface PageProps {
  title: string;
  signedIn?: SignedIn;
  /** Script files under /admin/assets/ this page needs (loaded with defer). */
  scripts?: string[];
  /** Style sheets under /admin/assets/ beside admin.css. */
  styles?: string[];
  /** The navigation link of the section this page belongs to, marked as the current page. */
  current?: string;
  children: ReactNode;
}

export function Page({ title, signedIn, scripts = [], styles = [], current, children }: PageProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · Back office`}</title>
        {/* The site's own icon (its pages link the same file): without one the browser asks for /favicon.ico. */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/admin/assets/admin.css" />
        {styles.map((s) => (
          <link key={s} rel="stylesheet" href={`/admin/assets/${s}`} />
        ))}
        {scripts.map((s) => (
          <script key={s} src={`/admin/assets/${s}`} defer />
        ))}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        {signedIn && (
          <header className="top">
            <nav aria-label="Back office">
              <ul>
                {NAV.filter((n) => !n.action || can(signedIn.staff.role, n.action)).map((n) => (
                  <li key={n.href}>
                    <a href={n.href} aria-current={n.href === current ? 'page' : undefined}>
                      {n.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <form method="post" action="/admin/sign-out" className="sign-out">
              <span className="who">{signedIn.staff.name || signedIn.staff.email}</span>
              <button type="submit">Sign out</button>
            </form>
          </header>
        )}
        <main id="main" tabIndex={-1}>
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

/** Answers with a whole page; `status` for refusals and forms sent back with their errors. */
export function renderPage(c: BackOfficeContext, element: ReactNode, status = 200): Response {
  return c.html(`<!doctype html>${renderToStaticMarkup(element)}`, status as 200);
}

/** A refusal (403, 404) as a page of the back office, signed-in navigation included. */
export function refusalPage(c: BackOfficeContext, status: number, message: string): Response {
  const title = status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : 'Something went wrong';
  return renderPage(
    c,
    <Page title={title} signedIn={c.get('signedIn')}>
      <p>{message}</p>
    </Page>,
    status,
  );
}
