/** The preview's width (phone, tablet, desktop) is kept in the browser, so a reload shows the page at the same width. */
import { useEffect, useRef } from 'react';

const KEY = 'sitewright-editor-preview-width';

export function storedDevice<T extends string>(choices: readonly T[], storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): T | null {
  try {
    const v = storage?.getItem(KEY);
    return choices.find((c) => c === v) ?? null;
  } catch {
    // Storage can be switched off in the browser: the width is then simply not remembered.
    return null;
  }
}

/** Restores the stored width once, then stores each width chosen. */
export function useRememberedDevice<T extends string>(device: T, onDevice: (d: T) => void, choices: readonly T[]): void {
  const restored = useRef(false);
  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      const stored = storedDevice(choices);
      if (stored && stored !== device) {
        onDevice(stored);
        return;
      }
    }
    try {
      localStorage.setItem(KEY, device);
    } catch {
      // As above: not remembered, nothing else changes.
    }
  }, [device, onDevice, choices]);
}
