/**
 * The consent script: asks before anything third-party loads, and loads it only after "Accept". Bundled into a file
 * of its own (scripts/lib/page-scripts.ts) that only builds with an analytics or chat id ask for; it reads the ids
 * from the banner's data attributes, as the CSP allows no inline script but the hashed shell.
 */
import { CONSENT_BANNER_ATTR, CONSENT_CHOICE_ATTR, CONSENT_SETTINGS_ATTR, CONSENT_STORAGE_KEY, type ConsentChoice } from './markup.ts';
import styles from './consent.css?inline';

export const GTAG_ORIGIN = 'https://www.googletagmanager.com';
export const TAWK_ORIGIN = 'https://embed.tawk.to';

/** The chat widget's address: "<property>" or "<property>/<widget>", the widget "default" when not given. */
export function tawkSource(chatId: string): string {
  const [property, widget = 'default'] = chatId.split('/');
  return `${TAWK_ORIGIN}/${encodeURIComponent(property)}/${encodeURIComponent(widget)}`;
}

interface ConsentWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  Tawk_API?: Record<string, unknown>;
  Tawk_LoadStart?: Date;
}

function addScript(doc: Document, src: string, attributes: Record<string, string> = {}) {
  const s = doc.createElement('script');
  s.async = true;
  s.src = src;
  for (const [k, v] of Object.entries(attributes)) s.setAttribute(k, v);
  doc.head.append(s);
}

/**
 * Google's tag with Consent Mode: every kind of storage denied by default, pushed before the tag is requested, then
 * only analytics storage granted (the site runs no ads).
 */
export function loadAnalytics(doc: Document, win: ConsentWindow, id: string) {
  const dataLayer = (win.dataLayer ??= []);
  // gtag.js reads each entry as an Arguments object, so the standard snippet's shape is kept.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js expects the Arguments object itself, not an array
    dataLayer.push(arguments);
  };
  win.gtag('consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
  win.gtag('consent', 'update', { analytics_storage: 'granted' });
  win.gtag('js', new Date());
  win.gtag('config', id);
  addScript(doc, `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`);
}

/** Tawk.to's embed, as its own snippet adds it. */
export function loadChat(doc: Document, win: ConsentWindow, chatId: string) {
  win.Tawk_API ??= {};
  win.Tawk_LoadStart = new Date();
  addScript(doc, tawkSource(chatId), { charset: 'UTF-8', crossorigin: '*' });
}

function readChoice(storage: Storage | null): ConsentChoice | null {
  try {
    const v = storage?.getItem(CONSENT_STORAGE_KEY);
    return v === 'granted' || v === 'denied' ? v : null;
  } catch {
    return null; // storage switched off: ask on every page, as for a first visit
  }
}

function saveChoice(storage: Storage | null, choice: ConsentChoice) {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Not remembered: the choice still holds on this page.
  }
}

/**
 * Wires the banner and the footer's settings button. A remembered "Accept" loads at once; a remembered "Reject" or
 * Global Privacy Control loads nothing and shows no banner; otherwise the banner asks. What has loaded cannot be
 * unloaded, so a change from Accept to Reject applies from the next page (the banner's text says so).
 */
export function startConsent(doc: Document, win: Window & ConsentWindow) {
  const banner = doc.querySelector<HTMLElement>(`[${CONSENT_BANNER_ATTR}]`);
  if (!banner) return;
  // The banner's looks travel with this script, not in the layout's style sheet (see consent.css).
  const style = doc.createElement('style');
  style.textContent = styles;
  doc.head.append(style);
  const { analyticsId, chatId } = banner.dataset;
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    storage = null;
  }
  const gpc = (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    if (analyticsId) loadAnalytics(doc, win, analyticsId);
    if (chatId) loadChat(doc, win, chatId);
  };
  const settings = [...doc.querySelectorAll<HTMLElement>(`[${CONSENT_SETTINGS_ATTR}]`)];
  let returnTo: HTMLElement | null = null;

  // While the banner shows, the browser scrolls a focused element clear of it rather than under it.
  const show = (focus: boolean) => {
    banner.hidden = false;
    doc.documentElement.style.scrollPaddingBottom = `${banner.offsetHeight}px`;
    if (focus) banner.focus();
  };
  const hide = () => {
    banner.hidden = true;
    doc.documentElement.style.scrollPaddingBottom = '';
    returnTo?.focus();
    returnTo = null;
  };

  for (const button of banner.querySelectorAll<HTMLElement>(`[${CONSENT_CHOICE_ATTR}]`)) {
    button.addEventListener('click', () => {
      const choice = button.getAttribute(CONSENT_CHOICE_ATTR) === 'granted' ? 'granted' : 'denied';
      saveChoice(storage, choice);
      hide();
      if (choice === 'granted') load();
    });
  }
  for (const button of settings) {
    button.hidden = false;
    button.addEventListener('click', () => {
      returnTo = button;
      show(true);
    });
  }

  const choice = readChoice(storage);
  if (choice === 'granted') load();
  // Global Privacy Control is a standing "Reject": nothing to ask until the visitor opens the settings.
  else if (choice === null && !gpc) show(false);
}
