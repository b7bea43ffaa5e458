import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { dialogElementId, openDialog } from '../lib/dialogs.ts';
import { OPENS_ATTRIBUTE } from '../islands/contract.ts';
import { dialogTarget, useDialogTargets } from '../lib/dialog-targets.tsx';
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

const subscribeToNothing = () => () => undefined;

/**
 * False in the server render and while an island hydrates (so its markup matches the prerendered HTML), true once
 * script renders the component.
 */
function useScriptRenders(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** Whether a click means "open elsewhere" (a new tab or window): a link keeps its own meaning then. */
const isModified = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

type DialogLinkProps = Pick<SmartLinkProps, 'className' | 'onClick' | 'title' | 'id' | 'children'> & { dialog: string; page: string };

/**
 * A link to a dialog that names a page holding the same form: without script the link leads there; with script it
 * is a button that opens the dialog. The shell gives the prerendered link its role and presses it on Space
 * (renderer/islands/early.ts); here the role comes once the component runs, and Space for the dev server and the
 * editor, which run no shell.
 */
function DialogPageLink({ dialog, page, className, onClick, title, id, children }: DialogLinkProps) {
  const scripted = useScriptRenders();
  return (
    <a
      href={page}
      id={id}
      title={title}
      className={className}
      role={scripted ? 'button' : undefined}
      aria-haspopup="dialog"
      {...{ [OPENS_ATTRIBUTE]: dialog }}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented && !isModified(e) && openDialog(dialog, e.currentTarget)) e.preventDefault();
      }}
      onKeyDown={(e) => {
        if (e.key !== ' ' || e.defaultPrevented) return;
        e.preventDefault();
        if (!e.repeat) e.currentTarget.click();
      }}
    >
      {children}
    </a>
  );
}

/**
 * Where a link to `to` leads for a browser without script: its address, or for a dialog's "#id" the page that holds
 * the dialog's form; null for a dialog without one (and any other "#id").
 */
export function useHrefWithoutScript(to: string): string | null {
  const site = useSite();
  const dialogs = useDialogTargets();
  const { href } = resolveHref(to, site);
  return href.startsWith('#') ? (dialogTarget(dialogs, href.slice(1))?.page ?? null) : href;
}

/** An internal route opens in the same tab; anything else is a plain link that opens in a new tab. */
export function SmartLink({ to, children, ...rest }: SmartLinkProps) {
  const site = useSite();
  const dialogs = useDialogTargets();
  const { href, internal } = resolveHref(to, site);
  const dialog = href.startsWith('#') ? dialogTarget(dialogs, href.slice(1)) : null;
  if (dialog?.page) {
    const { className, onClick, title, id } = rest;
    return (
      <DialogPageLink dialog={href.slice(1)} page={dialog.page} className={className} onClick={onClick} title={title} id={id}>
        {children}
      </DialogPageLink>
    );
  }
  if (dialog) {
    const { className, onClick, title, id } = rest;
    return (
      <button
        type="button"
        id={id}
        title={title}
        className={className ?? styles['link-button']}
        aria-haspopup="dialog"
        {...{ [OPENS_ATTRIBUTE]: href.slice(1) }}
        // Without script the browser opens the prerendered dialog itself; with script every click on it is taken
        // (and its default prevented) by the shell, the islands loader or the handler below.
        commandfor={dialogElementId(href.slice(1))}
        command="show-modal"
        onClick={(e) => {
          onClick?.(e as unknown as MouseEvent<HTMLAnchorElement>);
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
