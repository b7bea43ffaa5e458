/**
 * The shared flag of the hidden login screen: once set, the under-construction gate lets this browser through.
 * A preview convenience, not security: anyone can set a localStorage key. No React here: the shell script reads it.
 */
const KEY = 'sitewright:preview-pass';

export function hasPreviewPass(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Sets the flag; false when storage is disabled (the pass then lasts for this page view only). */
export function storePreviewPass(): boolean {
  try {
    window.localStorage.setItem(KEY, '1');
    return true;
  } catch {
    return false;
  }
}
