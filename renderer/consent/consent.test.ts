// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { startConsent, tawkSource } from './consent.ts';
import { CONSENT_STORAGE_KEY } from './markup.ts';

type TestWindow = Window & { dataLayer?: IArguments[]; gtag?: unknown; Tawk_API?: unknown };
const w = window as TestWindow;

function page(ids: { analytics?: string; chat?: string } = { analytics: 'G-TEST12345', chat: 'abcdef123456' }) {
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <section data-consent-banner hidden tabindex="-1" ${ids.analytics ? `data-analytics-id="${ids.analytics}"` : ''} ${ids.chat ? `data-chat-id="${ids.chat}"` : ''}>
      <button type="button" data-consent-choice="granted">Accept</button>
      <button type="button" data-consent-choice="denied">Reject</button>
    </section>
    <footer><button type="button" hidden data-consent-settings>Cookie settings</button></footer>`;
}
const banner = () => document.querySelector<HTMLElement>('[data-consent-banner]')!;
const settings = () => document.querySelector<HTMLButtonElement>('[data-consent-settings]')!;
const choose = (choice: 'granted' | 'denied') => document.querySelector<HTMLButtonElement>(`[data-consent-choice="${choice}"]`)!.click();
const requested = () => [...document.querySelectorAll('script')].map((s) => s.src);
const setGpc = (on: boolean) => Object.defineProperty(navigator, 'globalPrivacyControl', { value: on, configurable: true });

beforeEach(() => {
  localStorage.clear();
  delete w.dataLayer;
  delete w.gtag;
  delete w.Tawk_API;
  setGpc(false);
  document.documentElement.style.scrollPaddingBottom = '';
});

describe('before a choice', () => {
  test('the banner shows, the settings button appears, and nothing third-party is requested', () => {
    page();
    startConsent(document, window);
    expect(banner().hidden).toBe(false);
    expect(settings().hidden).toBe(false);
    expect(requested()).toEqual([]);
    expect(w.dataLayer).toBeUndefined();
  });

  test('a page without the banner (no id) is left alone', () => {
    document.body.innerHTML = '<footer></footer>';
    startConsent(document, window);
    expect(requested()).toEqual([]);
    expect(w.dataLayer).toBeUndefined();
  });
});

describe('Accept', () => {
  test('records the choice, hides the banner, sets the Consent Mode defaults before the tag and then loads the tag and the chat', () => {
    page();
    startConsent(document, window);
    choose('granted');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(banner().hidden).toBe(true);
    expect(requested()).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST12345', 'https://embed.tawk.to/abcdef123456/default']);
    const entries = w.dataLayer!.map((a) => [...a]);
    expect(entries[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
    expect(entries[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(entries[2][0]).toBe('js');
    expect(entries[3]).toEqual(['config', 'G-TEST12345']);
    // gtag.js reads Arguments objects, not arrays.
    expect(Object.prototype.toString.call(w.dataLayer![0])).toBe('[object Arguments]');
  });

  test('a remembered Accept loads on the next page without asking, once', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, 'granted');
    page();
    startConsent(document, window);
    expect(banner().hidden).toBe(true);
    expect(requested()).toHaveLength(2);
    settings().click();
    choose('granted');
    expect(requested()).toHaveLength(2);
  });

  test('only what is set loads: a chat id alone, with its widget', () => {
    page({ chat: 'abcdef123456/widget1' });
    startConsent(document, window);
    choose('granted');
    expect(requested()).toEqual(['https://embed.tawk.to/abcdef123456/widget1']);
    expect(w.dataLayer).toBeUndefined();
  });
});

describe('Reject and Global Privacy Control', () => {
  test('Reject records the choice and loads nothing, on this page and the next', () => {
    page();
    startConsent(document, window);
    choose('denied');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('denied');
    expect(banner().hidden).toBe(true);
    page();
    startConsent(document, window);
    expect(banner().hidden).toBe(true);
    expect(requested()).toEqual([]);
    expect(w.dataLayer).toBeUndefined();
  });

  test('Global Privacy Control counts as Reject: no banner, nothing loads, nothing is recorded', () => {
    setGpc(true);
    page();
    startConsent(document, window);
    expect(banner().hidden).toBe(true);
    expect(requested()).toEqual([]);
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });

  test('with Global Privacy Control, Accept chosen from Cookie settings loads, and is remembered over the signal', () => {
    setGpc(true);
    page();
    startConsent(document, window);
    settings().click();
    expect(banner().hidden).toBe(false);
    expect(document.activeElement).toBe(banner());
    choose('granted');
    expect(document.activeElement).toBe(settings());
    expect(requested()).toHaveLength(2);
    page();
    startConsent(document, window);
    expect(requested()).toHaveLength(2);
  });

  test('a browser that refuses storage is asked on each page, and Accept still loads on this one', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      page();
      startConsent(document, window);
      expect(banner().hidden).toBe(false);
      choose('granted');
      expect(requested()).toHaveLength(2);
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});

test('the chat address takes the widget "default" when none is given', () => {
  expect(tawkSource('abc123')).toBe('https://embed.tawk.to/abc123/default');
  expect(tawkSource('abc123/1h2j3')).toBe('https://embed.tawk.to/abc123/1h2j3');
});
