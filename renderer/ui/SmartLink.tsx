import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { openDialog } from '../lib/dialogs.ts';
import { OPENS_ATTRIBUTE } from '../islands/contract.ts';
import { useDialogTargets } from '../lib/dialog-targets.tsx';
import styles from './ui.module.css';
import { resolveHref } from '../lib/href.ts';
import { useSite } from '../lib/site-context.tsx';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A config href: "/route", "@destination" or "https://…". */
  to: string;
  children: ReactNode;
}

/** The one element every new-tab link names as its description; the layout renders it once per page. */
export const NEW_TAB_NOTE_ID = 'new-tab-note';
export function NewTabNote() {
  return (
    <span id={NEW_TAB_NOTE_ID} hidden>
      Opens in a new tab
    </span>
  );
}

/** An internal route opens in the same tab; anything else is a plain link that opens in a new tab. */
export function SmartLink({ to, children, ...rest }: SmartLinkProps) {
  const site = useSite();
  const dialogs = useDialogTargets();
  const { href, internal } = resolveHref(to, site);
  if (href.startsWith('#') && dialogs.has(href.slice(1))) {
    const { className, onClick, title, id } = rest;
    return (
      <button
        type="button"
        id={id}
        title={title}
        className={className ?? styles['link-button']}
        aria-haspopup="dialog"
        {...{ [OPENS_ATTRIBUTE]: href.slice(1) }}
        onClick={(e) => {
          onClick?.(e as unknown as React.MouseEvent<HTMLAnchorElement>);
          // Marked as handled, so the islands loader's listener for static openers leaves it alone.
          e.preventDefault();
          openDialog(href.slice(1), e.currentTarget);
        }}
      >
        {children}
      </button>
    );
  }
  if (href.startsWith('#')) {
    // "#id" opens the dialog block with that id when there is one; otherwise it is an ordinary in-page jump.
    return (
      <a
        href={href}
        {...rest}
        onClick={(e) => {
          rest.onClick?.(e);
          if (!e.defaultPrevented && openDialog(href.slice(1), e.currentTarget)) e.preventDefault();
        }}
      >
        {children}
      </a>
    );
  }
  if (internal) {
    // Every page is its own prerendered document: a plain link, which the browser prefetches (Speculation-Rules).
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  const sameTab = href.startsWith(site.authSite.root) || href.startsWith('mailto:');
  return (
    // The new-tab warning is a description, not part of the name: the link is still called what it says.
    <a
      href={href}
      {...(sameTab ? { rel: 'noopener noreferrer' } : { target: '_blank', rel: 'noopener noreferrer', 'aria-describedby': NEW_TAB_NOTE_ID })}
      {...rest}
    >
      {children}
    </a>
  );
}
