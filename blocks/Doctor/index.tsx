import { useEffect, useState } from 'react';
import { build } from 'virtual:sitewright/config';
import type { DoctorBlock } from '../../renderer/generated/config-types.ts';
import { useSite } from '../../renderer/lib/site-context.tsx';
import { Button } from '../../renderer/ui/Button.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

/** How long the identity-service check waits before calling it unreachable. */
export const IAM_CHECK_TIMEOUT_MS = 10_000;

export type ServiceState = { state: 'checking' } | { state: 'reachable'; status: number } | { state: 'unreachable' };

export function describeService(s: ServiceState): string {
  if (s.state === 'checking') return 'checking…';
  if (s.state === 'reachable') return `reachable (status ${s.status})`;
  return 'unreachable';
}

const onOff = (v: boolean) => (v ? 'on' : 'off');

/**
 * Build facts come from the bundle, so server and client render them identically. The identity-service
 * check needs the network and is the visitor's view of it, so it only starts in the browser after mount.
 */
export default function Doctor({ id, heading = 'Diagnostics', intro }: DoctorBlock) {
  const site = useSite();
  const [service, setService] = useState<ServiceState>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), IAM_CHECK_TIMEOUT_MS);
    setService({ state: 'checking' });
    // Any HTTP answer, even 404 or 500, proves the service is up; only a network failure or the time-out does not.
    fetch(site.iamService, { method: 'GET', cache: 'no-store', credentials: 'omit', signal: controller.signal }).then(
      (res) => current && setService({ state: 'reachable', status: res.status }),
      () => current && setService({ state: 'unreachable' }),
    );
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
    <section id={id} className={styles.section} aria-labelledby={id ? `${id}-heading` : 'doctor-heading'}>
      <div className={`container ${styles.inner}`}>
        <SectionHead
          heading={heading}
          intro={intro}
          level={1}
          headingId={id ? `${id}-heading` : 'doctor-heading'}
          classes={{ heading: styles.heading, intro: styles.text }}
        />
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
              <span className={`${styles.status} ${styles[service.state]}`} role="status" data-testid="iam-status">
                {describeService(service)}
              </span>
              <Button
                variant="secondary"
                className={styles.again}
                state={service.state === 'checking' ? 'loading' : 'normal'}
                onClick={() => setAttempt((n) => n + 1)}
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
