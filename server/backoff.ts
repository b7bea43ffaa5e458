/** Webhook retry delay after `attempts` failures: 10 s, 20 s, 40 s … capped at one hour. */
export function backoffMs(attempts: number, baseMs = 10_000, maxMs = 3_600_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
