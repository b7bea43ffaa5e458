/**
 * What the platform lacks for the shell's widgets: popover, popovertarget and <details> already open, close,
 * light-dismiss and take Escape without script. This adds the ARIA state they do not keep (aria-expanded on
 * the controls), the scroll lock and inert page behind the menus, arrow keys in dropdowns, the phone menu's
 * in-place groups, and the comparison-row disclosures. Everything is delegated from the document and read from
 * the DOM, so markup rendered later (or by anything) needs no registration.
 */
import { lockScroll } from '../lib/scroll-lock.ts';
import {
  ACCORDION_ATTR,
  BEHIND_MENU_ATTR,
  DESKTOP_QUERY,
  DISCLOSURE_ATTR,
  DROPDOWN_ATTR,
  MOBILE_MENU_ID,
  NO_SCRIPT_MEDIA,
  SITE_HEADER_ATTR,
} from './markup.ts';

/**
 * The build's shell, inlined into prerendered pages, which browsers run: it leaves out what only the dev server,
 * the editor's preview and the tests (jsdom) need, for the bytes every page carries.
 */
const BUILT = typeof SITEWRIGHT_SHELL_GATE === 'boolean';
/** The page has FAQ accordions, or comparison-row disclosures: the build leaves out the code of those it has none of. */
const withAccordions = typeof SITEWRIGHT_SHELL_ACCORDIONS !== 'boolean' || SITEWRIGHT_SHELL_ACCORDIONS;
const withDisclosures = typeof SITEWRIGHT_SHELL_DISCLOSURES !== 'boolean' || SITEWRIGHT_SHELL_DISCLOSURES;

const DROPDOWN = `[${DROPDOWN_ATTR}]`;
const HEADER = `[${SITE_HEADER_ATTR}]`;
const NAV_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'];

/** Where an arrow, Home or End key moves focus among a dropdown's `length` links, wrapping at the ends. */
export function nextIndex(key: string, index: number, length: number): number {
  if (key === 'Home') return 0;
  if (key === 'End') return length - 1;
  return key === 'ArrowDown' ? (index + 1) % length : (index - 1 + length) % length;
}

/** The elements an aria-controls attribute names, skipping ids not on the page. */
export function controlled(control: Element): HTMLElement[] {
  // An empty id (from extra spaces) names nothing either.
  const ids = (control.getAttribute('aria-controls') ?? '').split(/\s+/);
  return ids.map((id) => control.ownerDocument.getElementById(id)).filter((el): el is HTMLElement => el !== null);
}

/**
 * A button that opens a popover is expanded or not to the platform, which forbids saying so again in the markup;
 * screen readers and tests reading the DOM still look for aria-expanded, so the script adds it and keeps it in step.
 */
export function markPopoverButtons(doc: Document): void {
  for (const b of doc.querySelectorAll(`${HEADER} [popovertarget]`)) if (!b.hasAttribute('aria-expanded')) b.setAttribute('aria-expanded', 'false');
}

/** Shows or hides what a disclosure button controls, and says so in its aria-expanded. */
export function setDisclosure(button: Element, expanded: boolean): void {
  button.setAttribute('aria-expanded', String(expanded));
  for (const el of controlled(button)) el.hidden = !expanded;
}

/**
 * A summary is a button to the platform but not to every tool reading ARIA, and it keeps no aria-expanded:
 * give each accordion summary the button role, its expanded state and the answer it controls.
 */
export function upgradeAccordions(root: ParentNode): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>(`details[${ACCORDION_ATTR}]`)) {
    const summary = details.querySelector(':scope > summary');
    if (!summary) continue;
    if (summary.getAttribute('role') !== 'button') {
      summary.setAttribute('role', 'button');
      const answer = details.querySelector(':scope > :not(summary)[id]');
      if (answer) summary.setAttribute('aria-controls', answer.id);
    }
    summary.setAttribute('aria-expanded', String(details.open));
  }
}

function links(panel: Element | null): HTMLAnchorElement[] {
  return panel ? [...panel.querySelectorAll<HTMLAnchorElement>('a[href]')] : [];
}

function isPopoverOpen(el: Element): boolean {
  if (BUILT) return el.matches(':popover-open');
  try {
    return el.matches(':popover-open');
  } catch {
    // Engines without popover (jsdom) do not parse the selector: nothing is open there.
    return false;
  }
}

/** Wires the shell into a document; returns a function that unwires it (for tests). */
export function initShell(doc: Document): () => void {
  const view = doc.defaultView ?? window;
  // Crossing the breakpoint turns the full-screen menu into the bar and back: nothing stays open across it.
  const query = BUILT || typeof view.matchMedia === 'function' ? view.matchMedia(DESKTOP_QUERY) : null;
  // Without matchMedia (jsdom) the bar is what there is; a browser always has it.
  const isDesktop = BUILT ? () => query!.matches : () => query?.matches ?? true;
  const open = new Set<Element>();
  let release: (() => void) | undefined;

  const trigger = (dropdown: Element) => dropdown.querySelector<HTMLButtonElement>(':scope > button');
  const panelOf = (button: Element) => controlled(button)[0] ?? null;
  const hamburger = () => doc.querySelector<HTMLButtonElement>(`${HEADER} [popovertarget="${MOBILE_MENU_ID}"][aria-label]`);

  /** Collapses the phone menu's in-place groups (they are not popovers, so the platform does not). */
  const collapseGroups = () => {
    for (const button of doc.querySelectorAll(`${DROPDOWN} > button[aria-expanded="true"]`)) {
      const panel = panelOf(button);
      if (!panel || !isPopoverOpen(panel)) button.setAttribute('aria-expanded', 'false');
    }
  };

  const closeAll = () => {
    for (const el of doc.querySelectorAll<HTMLElement>(`${HEADER} [popover]`)) if (isPopoverOpen(el)) el.hidePopover();
    collapseGroups();
  };

  const updateLock = () => {
    if (open.size > 0 && !release) release = lockScroll();
    else if (open.size === 0 && release) {
      release();
      release = undefined;
    }
  };

  // beforetoggle fires synchronously, so the ARIA state and the lock change with the popover itself; toggle
  // (which may coalesce) then confirms the final state.
  const onPopoverToggle = (e: Event) => {
    const el = e.target;
    if (el instanceof HTMLDetailsElement) {
      if (withAccordions && el.hasAttribute(ACCORDION_ATTR)) upgradeAccordions(el.parentElement ?? doc);
      return;
    }
    if (!(el instanceof HTMLElement) || !el.hasAttribute('popover') || !el.closest(HEADER)) return;
    const isOpen = (e as ToggleEvent).newState === 'open';
    if (isOpen) open.add(el);
    else open.delete(el);
    for (const b of doc.querySelectorAll(`[popovertarget="${el.id}"]`)) b.setAttribute('aria-expanded', String(isOpen));
    if (el.id === MOBILE_MENU_ID) {
      hamburger()?.setAttribute('aria-label', isOpen ? 'Close menu' : 'Open menu');
      // The page behind the full-screen menu must not take focus or clicks.
      for (const behind of doc.querySelectorAll<HTMLElement>(`[${BEHIND_MENU_ATTR}]`)) behind.inert = isOpen;
      if (!isOpen) collapseGroups();
      if (e.type === 'toggle' && isOpen && !el.contains(doc.activeElement)) el.querySelector<HTMLElement>('a[href], button')?.focus();
      // Focus left inside a closed menu (or dropped to the body) goes back to the hamburger.
      if (e.type === 'toggle' && !isOpen && (doc.activeElement === doc.body || el.contains(doc.activeElement))) hamburger()?.focus();
    }
    updateLock();
  };

  const onClick = (e: MouseEvent) => {
    if (!(e.target instanceof Element)) return;
    const target = e.target;
    const button = target.closest(`${DROPDOWN} > button`);
    if (button && !isDesktop()) {
      // In the phone menu a group opens in place: a popover would float in the top layer over the links below it.
      e.preventDefault();
      const expanded = button.getAttribute('aria-expanded') !== 'true';
      collapseGroups();
      button.setAttribute('aria-expanded', String(expanded));
      return;
    }
    const disclosure = withDisclosures && target.closest(`button[${DISCLOSURE_ATTR}]`);
    if (disclosure) {
      setDisclosure(disclosure, disclosure.getAttribute('aria-expanded') !== 'true');
      return;
    }
    // Choosing any link in the header closes its menus, also one to the page already shown.
    if (target.closest('a[href]')?.closest(HEADER)) closeAll();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.target instanceof Element)) return;
    const target = e.target;
    const dropdown = target.closest(DROPDOWN);
    if (!dropdown) return;
    const button = trigger(dropdown);
    if (!button) return;
    const panel = panelOf(button);
    if (e.key === 'Escape' && !isDesktop() && button.getAttribute('aria-expanded') === 'true') {
      // The innermost layer closes first: an open group of the phone menu before the menu itself.
      e.preventDefault();
      button.setAttribute('aria-expanded', 'false');
      button.focus();
      return;
    }
    if (!NAV_KEYS.includes(e.key) || !panel) return;
    if (target === button) {
      if (e.key !== 'ArrowDown') return;
      e.preventDefault();
      if (isDesktop()) {
        if (!isPopoverOpen(panel)) panel.showPopover({ source: button });
      } else button.setAttribute('aria-expanded', 'true');
      links(panel)[0]?.focus();
      return;
    }
    const list = links(panel);
    const index = list.indexOf(target as HTMLAnchorElement);
    if (index === -1) return;
    e.preventDefault();
    list[nextIndex(e.key, index, list.length)]?.focus();
  };

  const onFocusOut = (e: FocusEvent) => {
    // Tabbing out of an open desktop dropdown closes it; a blur to nowhere (a window switch) does not.
    if (!(e.target instanceof Element) || !isDesktop()) return;
    const dropdown = e.target.closest(DROPDOWN);
    const next = e.relatedTarget;
    if (!dropdown || !(next instanceof Node) || dropdown.contains(next)) return;
    const button = trigger(dropdown);
    const panel = button && panelOf(button);
    if (panel && isPopoverOpen(panel)) panel.hidePopover();
  };

  const onBreakpoint = () => closeAll();

  // Accordions rendered after this runs (a client render: the dev server, the editor's preview) are upgraded as they
  // arrive. The build's shell leaves this out: a prerendered page has them all.
  const observer =
    !BUILT && typeof MutationObserver === 'function'
      ? new MutationObserver(() => {
          upgradeAccordions(doc);
          markPopoverButtons(doc);
        })
      : null;
  const start = () => {
    if (withAccordions) upgradeAccordions(doc);
    markPopoverButtons(doc);
    // The dropdown panels' anchor positioning (./no-script.css) serves browsers with scripts too.
    const anchors = doc.querySelector<HTMLLinkElement>(`link[media="${NO_SCRIPT_MEDIA}"]`);
    if (anchors) anchors.media = '';
    // Only a page drawn in the browser (the dev server) gains its header and accordions later; a prerendered page
    // has them all, and watching its every change would cost for nothing.
    if (!BUILT && !doc.querySelector(`${HEADER}`)) observer?.observe(doc.body, { childList: true, subtree: true });
  };

  doc.addEventListener('beforetoggle', onPopoverToggle, true);
  doc.addEventListener('toggle', onPopoverToggle, true);
  doc.addEventListener('click', onClick);
  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('focusout', onFocusOut);
  query?.addEventListener('change', onBreakpoint);
  // The build's shell is a module script, which runs once the page is parsed.
  if (!BUILT && doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });
  else start();

  // Only the editor's preview and the tests unwire: the build's shell lives as long as its page.
  if (BUILT) return () => undefined;
  return () => {
    doc.removeEventListener('beforetoggle', onPopoverToggle, true);
    doc.removeEventListener('toggle', onPopoverToggle, true);
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('keydown', onKeyDown);
    doc.removeEventListener('focusout', onFocusOut);
    doc.removeEventListener('DOMContentLoaded', start);
    query?.removeEventListener('change', onBreakpoint);
    observer?.disconnect();
    release?.();
  };
}
