import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SchedulerBlock } from '../../renderer/generated/config-types.ts';
import { readStore, saveStore } from '../../renderer/forms/store.ts';
import { useAnswer } from '../../renderer/forms/answer-context.ts';
import { ChunkCache } from '../../renderer/lib/chunk-cache.ts';
import { resolveHref } from '../../renderer/lib/href.ts';
import { navigateTo } from '../../renderer/lib/navigate.ts';
import { useSite } from '../../renderer/lib/site-context.tsx';
import { buttonClass } from '../../renderer/ui/Button.tsx';
import { NEW_TAB_NOTE_ID, SmartLink } from '../../renderer/ui/SmartLink.tsx';
import { Spinner } from '../../renderer/ui/Spinner.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { hostOf, isSchedulerMessage, schedulingPageUrl } from './scheduling-page.ts';
import styles from './styles.module.css';

type Calendly = typeof import('./calendly.ts');
type Details = { name: string; email: string; firstName: string; lastName: string };

/** The scheduler widget's module, fetched only in the browser once the step is on screen. */
export const calendlyChunks = new ChunkCache<Calendly>(() => import('./calendly.ts'), { source: () => 'blocks/Scheduler/calendly.ts' });

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The scheduler's prefill from the stored details, or null without an e-mail address to book with. */
function detailsOf(saved: Record<string, unknown> | null | undefined): Details | null {
  const email = text(saved?.email);
  const firstName = text(saved?.firstName);
  const lastName = text(saved?.lastName);
  return email ? { firstName, lastName, email, name: [firstName, lastName].filter(Boolean).join(' ') } : null;
}

/** Fires `onScheduled` for the scheduler's "event scheduled" message, and only from the scheduler's own origin. */
function ScheduledListener({ calendly, origin, onScheduled }: { calendly: Calendly; origin: string; onScheduled: () => void }) {
  const handlers = useMemo(
    () => ({
      onEventScheduled: (e: MessageEvent) => {
        if (e.origin === origin) onScheduled();
      },
    }),
    [origin, onScheduled],
  );
  calendly.useCalendlyEventListener(handlers);
  return null;
}

/**
 * Spinner for `loadingMs` (3 s), then the inline scheduler prefilled from the stored details; once it
 * reports a booking, the next page `nextDelayMs` later (4 s). Server and first client render show the
 * spinner only: the widget and its iframe exist only in the browser. A visitor who arrives without stored details
 * (a bookmark, a shared link, another tab) still gets the scheduler, empty, plus a link to the form that fills it.
 * A scheduler that has not said it is up `fallbackAfterMs` (10 s) after it should have shown (its site cannot be
 * reached, or its chunk did not arrive) gives way to a fallback: the scheduling page in a new tab, prefilled, and
 * the next page, so the visitor is never left at a dead end.
 */
export default function Scheduler({
  id,
  heading,
  intro,
  store,
  next,
  back,
  loadingMs = 3000,
  nextDelayMs = 4000,
  fallbackAfterMs = 10000,
  fallback = {},
}: SchedulerBlock) {
  const site = useSite();
  // undefined until the browser has read the store (the server cannot); null when nothing usable was stored.
  const [details, setDetails] = useState<Details | null | undefined>(undefined);
  const [calendly, setCalendly] = useState<Calendly | null>(null);
  const [waited, setWaited] = useState(false);
  const [booked, setBooked] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const fallbackRef = useRef<HTMLDivElement>(null);
  /** Focus was in the scheduler when it gave way: it goes to the fallback's link rather than to the page's start. */
  const hadFocus = useRef(false);

  const go = (href: string) => navigateTo(resolveHref(href, site).href);

  // Arriving from the waitlist form sent without JavaScript (or before its code came), the lead service's answer
  // carries the details the form would have stored; they are stored now for the rest of the visit.
  const answered = useAnswer()?.store?.[store];

  useEffect(() => {
    if (answered) saveStore(store, answered);
    setDetails(detailsOf(answered ?? readStore(store)));
    let live = true;
    calendlyChunks.load('calendly').then(
      (m) => live && setCalendly(m),
      // The spinner stays; forgetting the failure lets the next visit to this step fetch the widget again.
      () => calendlyChunks.reset(),
    );
    const timer = setTimeout(() => setWaited(true), loadingMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Runs once per visit: the stored details and the timers belong to this arrival on the page.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Only a booking starts the move on: the next step and the delay are the block's config, fixed for the page.
  useEffect(() => {
    if (!booked) return;
    const timer = setTimeout(() => go(next), nextDelayMs);
    return () => clearTimeout(timer);
  }, [booked]); // eslint-disable-line react-hooks/exhaustive-deps

  const onScheduled = useCallback(() => setBooked(true), []);

  const origin = new URL(site.scheduler.url).origin;

  // From the moment the scheduler should show, it has `fallbackAfterMs` to post a message of its own; a chunk that
  // never arrives and a frame showing the browser's error page both end in the fallback.
  useEffect(() => {
    if (!waited || loaded || failed) return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin === origin && isSchedulerMessage(e.data)) setLoaded(true);
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => {
      hadFocus.current = Boolean(frameRef.current?.contains(document.activeElement));
      setFailed(true);
    }, fallbackAfterMs);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [waited, loaded, failed, origin, fallbackAfterMs]);

  useEffect(() => {
    if (failed && hadFocus.current) fallbackRef.current?.querySelector('a')?.focus();
  }, [failed]);

  const host = hostOf(site.scheduler.url);
  return (
    <section id={id} className={styles.section}>
      <div className={`container ${styles.inner}`}>
        {(heading || intro) && (
          <div className={styles.intro}>
            <SectionHead heading={heading} intro={intro} level={1} classes={{ heading: styles.heading, intro: styles.text }} />
          </div>
        )}
        {failed ? (
          <div ref={fallbackRef} className={styles.failed} role="status">
            <FallbackWays fallback={fallback} details={details ?? null} next={next} host={host} />
          </div>
        ) : (
          <div ref={frameRef} className={styles.frame}>
            {waited && calendly ? (
              <>
                <ScheduledListener calendly={calendly} origin={origin} onScheduled={onScheduled} />
                <calendly.InlineWidget
                  url={site.scheduler.url}
                  prefill={details ?? {}}
                  iframeTitle="Schedule a call"
                  LoadingSpinner={SchedulerSpinner}
                  className={styles.widget}
                />
              </>
            ) : (
              <div className={styles.loading}>
                <Spinner label="Loading the scheduler" size="lg" />
              </div>
            )}
            {/* Without JavaScript the widget never comes: the same way on as its fallback, from the server's render. */}
            <noscript>
              <div className={styles.failed}>
                <FallbackWays fallback={fallback} details={detailsOf(answered)} next={next} host={host} />
              </div>
            </noscript>
          </div>
        )}
        {details === null && (
          <p className={styles.note}>
            Not on the waitlist yet? <SmartLink to={back}>Join the waitlist</SmartLink> first and we will fill in your name and email for you.
          </p>
        )}
        <p className={styles.status} role="status">
          {booked ? 'Your call is booked. Taking you to the next step…' : ''}
        </p>
      </div>
    </section>
  );
}

/**
 * What the step offers when the widget cannot be used (it did not load, or there is no JavaScript): the scheduling
 * page in a tab of its own, filled in as the widget would have been, and with saved details the next page.
 */
function FallbackWays({
  fallback,
  details,
  next,
  host,
}: {
  fallback: NonNullable<SchedulerBlock['fallback']>;
  details: Details | null;
  next: string;
  host: string;
}) {
  const site = useSite();
  return (
    <>
      <p className={styles['failed-text']}>{fallback.text ?? 'The scheduler could not be loaded here.'}</p>
      {details && <p>{fallback.savedText ?? 'Your details are saved.'}</p>}
      <div className={styles.ways}>
        <SmartLink
          to={schedulingPageUrl(site.scheduler.url, details)}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={NEW_TAB_NOTE_ID}
          className={buttonClass('primary', 'lg')}
        >
          {fallback.linkLabel ?? `Book your call on ${host}`}
        </SmartLink>
        {details && (
          <SmartLink to={next} className={buttonClass('secondary', 'lg')}>
            {fallback.nextLabel ?? 'Continue without booking'}
          </SmartLink>
        )}
      </div>
    </>
  );
}

function SchedulerSpinner() {
  return (
    <div className={styles.loading}>
      <Spinner label="Loading the scheduler" size="lg" />
    </div>
  );
}
