import { useEffect, useState } from 'react';
import { build } from 'virtual:sitewright/config';
import type { DoctorBlock } from '../../renderer/generated/config-types.ts';
import { useSite } from '../../renderer/lib/site-context.tsx';
import { Button } from '../../renderer/ui/Button.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { IAM_CHECK_TIMEOUT_MS, checkService, describeService, shownState, type ServiceState } from './service.ts';
import styles from './styles.module.css';

export { IAM_CHECK_TIMEOUT_MS, describeService, type ServiceState } from './service.ts';

const onOff = (v: boolean) => (v ? 'on' : 'off');

/**
 * Build facts come from the bundle, so server and client render them identically. The identity-service
 * check needs the network and is the visitor's view of it, so it only starts in the browser after mount.
 */
export default function Doctor({ id, heading = 'Diagnostics', intro }: DoctorBlock) {
  const site = useSite();
  const headingId = id ? `${id}-heading` : 'doctor-heading';
  // The block script (./script.ts) runs the check at load, before React: React starts from the state it shows.
  const [service, setService] = useState<ServiceState>(() =>
    typeof document === 'undefined' ? { state: 'checking' } : shownState(document.getElementById(headingId)?.closest('section')?.querySelector('[data-state]')),
  );
  // Only what is still checking is asked for on mount; a result already shown stands until "Check again".
  const [attempt, setAttempt] = useState(() => (service.state === 'checking' ? 0 : -1));
  // The button shows a check in progress only once React runs: the prerendered page shows it ready, so the block
  // script, which shows the first check's result before React, never has to change it (nor React's first render).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  useEffect(() => {
    if (attempt < 0) return;
    let current = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), IAM_CHECK_TIMEOUT_MS);
    setService({ state: 'checking' });
    void checkService(site.iamService, controller.signal).then((s) => current && setService(s));
    return () => {
      current = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [site.iamService, attempt]);

  const rows: [string, string][] = [
    ['Build time', build.time],
    ['Version', build.version],
    ['Config checksum', build.checksum],
    ['Routes', String(build.routes)],
    ['Hidden routes', build.hidden.length ? build.hidden.join(', ') : 'none'],
    ['Flag: hideLandingRoutes', onOff(site.flags.hideLandingRoutes)],
    ['Flag: underConstruction', onOff(site.flags.underConstruction)],
    ['Preview gate', build.previewGate ? 'configured' : 'not configured'],
    ['Identity service', site.iamService],
  ];

  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <SectionHead heading={heading} intro={intro} level={1} headingId={headingId} classes={{ heading: styles.heading, intro: styles.text }} />
        <dl className={styles.list}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <dt>{label}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
          <div className={styles.row}>
            <dt>Identity service status</dt>
            <dd className={styles.value}>
              <span
                className={styles.status}
                role="status"
                data-testid="iam-status"
                data-state={service.state}
                data-status={service.state === 'reachable' ? service.status : undefined}
                data-service={site.iamService}
              >
                {describeService(service)}
              </span>
              <Button
                variant="secondary"
                className={styles.again}
                state={live && service.state === 'checking' ? 'loading' : 'normal'}
                onClick={() => setAttempt((n) => Math.max(n, 0) + 1)}
              >
                Check again
              </Button>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
