import { useId } from 'react';
import { build } from 'virtual:sitewright/config';
import type { AdminLoginBlock } from '../../renderer/generated/config-types.ts';
import { Button } from '../../renderer/ui/Button.tsx';
import { WRONG_CREDENTIALS } from './credentials.ts';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

export { WRONG_CREDENTIALS };

/**
 * The hidden login: email, password and Submit. What it does is its block script's (./script.ts), here and in the
 * built page alike: the check is a digest by Web Crypto and the outcome a message, or the shared preview flag and a
 * page load of /, nothing a framework is needed for, so the block is static and no React comes to this page.
 */
export default function AdminLogin({ id, heading = 'Preview login', intro }: AdminLoginBlock) {
  const uid = useId();
  const errorId = `${uid}-error`;
  return (
    <section id={id} className={styles.section}>
      <div className={styles.card}>
        <SectionHead heading={heading} intro={intro} level={1} classes={{ heading: styles.heading, intro: styles.text }} />
        {/* The build's salted hash (never the credentials) is on the form for the script to check an entry against. */}
        <form className={styles.form} noValidate method="post" aria-label={heading} data-salt={build.previewGate?.salt} data-hash={build.previewGate?.hash}>
          <div className={styles.field}>
            <label htmlFor={`${uid}-email`}>Email</label>
            <input id={`${uid}-email`} name="email" type="email" autoComplete="username" inputMode="email" spellCheck={false} aria-describedby={errorId} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${uid}-password`}>Password</label>
            {/* No name: no submission the browser makes itself (without script) can carry it in a request or an address. */}
            <input id={`${uid}-password`} type="password" autoComplete="current-password" aria-describedby={errorId} />
          </div>
          {/* Empty and hidden until the script finds an entry wrong; always there, so that it is announced when it shows. */}
          <p id={errorId} className={styles.error} role="alert" hidden />
          {/* Disabled until the script runs: without script nothing is sent. */}
          <Button type="submit" size="lg" className={styles.submit} disabled>
            Submit
          </Button>
        </form>
      </div>
    </section>
  );
}
