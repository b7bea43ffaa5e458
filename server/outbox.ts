/** Background delivery of stored leads to SITEWRIGHT_LEAD_WEBHOOK, from the outbox table. */
import type { Db } from './db.ts';
import { backoffMs } from './backoff.ts';
import { describeError } from './log.ts';
import { claimDeliveries, markDelivered, markFailed } from './store.ts';

export interface WorkerOptions {
  db: Db;
  url: string;
  /** How often to look for due deliveries. */
  intervalMs?: number;
  /** Retry delay after n failures; tests shorten it. */
  backoff?: (attempts: number) => number;
  fetchImpl?: typeof fetch;
}

/** One pass: POSTs every due delivery once; returns how many succeeded. */
export async function deliverDue({ db, url, backoff = backoffMs, fetchImpl = fetch }: WorkerOptions): Promise<number> {
  let ok = 0;
  for (const d of await claimDeliveries(db, 20, 'webhook')) {
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(d.body),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
      await markDelivered(db, d.id);
      ok++;
    } catch (e) {
      await markFailed(db, d.id, e instanceof Error ? e.message : String(e), backoff(d.attempts + 1));
    }
  }
  return ok;
}

/** Runs deliverDue every intervalMs until stopped; a pass never overlaps the previous one. */
export function startOutboxWorker(options: WorkerOptions): { stop: () => Promise<void>; kick: () => void } {
  return runEvery(
    () => deliverDue(options),
    options.intervalMs ?? 2000,
    (e) => console.error(`[leads] webhook delivery pass failed: ${describeError(e)}`),
  );
}

/** Runs `pass` every `intervalMs` until stopped; a pass never overlaps the previous one; `kick` runs one at once. */
export function runEvery(pass: () => Promise<unknown>, intervalMs: number, failed: (e: unknown) => void): { stop: () => Promise<void>; kick: () => void } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    clearTimeout(timer);
    running = pass()
      .catch(failed)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    // A new lead is delivered at once instead of waiting for the next interval.
    kick: () => {
      void running.then(() => {
        if (!stopped) {
          clearTimeout(timer);
          timer = setTimeout(tick, 0);
        }
      });
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
