import { navigateTo } from '../../renderer/lib/navigate.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { build } from 'virtual:sitewright/config';
import type { AdminLoginBlock } from '../../renderer/generated/config-types.ts';
import { passPreviewGate } from '../../renderer/lib/preview-gate.ts';
import { Button } from '../../renderer/ui/Button.tsx';
import { matchesPreviewGate } from './credentials.ts';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

export const WRONG_CREDENTIALS = 'email or password is wrong';

/** On a match the shared preview flag is set and the visitor goes to /. */
export default function AdminLogin({ id, heading = 'Preview login', intro }: AdminLoginBlock) {
  const uid = useId();
  const [status, setStatus] = useState<'idle' | 'checking' | 'wrong'>('idle');
  // Prerendered disabled, so that without script nothing is sent; the block script (./script.ts) enables it before
  // React, whose submit the deferral primitive holds and replays once this is live.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // The password field has no name: no submission the browser makes itself (without script, or should this block's
  // code not arrive) can carry it in a request or an address.
  const password = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status === 'checking') return;
    const data = new FormData(e.currentTarget);
    setStatus('checking');
    let ok: boolean;
    try {
      ok = await matchesPreviewGate(String(data.get('email') ?? ''), password.current?.value ?? '', build.previewGate);
    } catch {
      ok = false;
    }
    if (!ok) {
      setStatus('wrong');
      return;
    }
    passPreviewGate();
    navigateTo('/');
  }

  const wrong = status === 'wrong';
  const errorId = `${uid}-error`;
  return (
    <section id={id} className={styles.section}>
      <div className={styles.card}>
        <SectionHead heading={heading} intro={intro} level={1} classes={{ heading: styles.heading, intro: styles.text }} />
        <form className={styles.form} onSubmit={onSubmit} noValidate method="post" aria-label={heading}>
          <div className={styles.field}>
            <label htmlFor={`${uid}-email`}>Email</label>
            <input
              id={`${uid}-email`}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
              aria-invalid={wrong || undefined}
              aria-describedby={wrong ? errorId : undefined}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${uid}-password`}>Password</label>
            <input
              ref={password}
              id={`${uid}-password`}
              type="password"
              autoComplete="current-password"
              aria-invalid={wrong || undefined}
              aria-describedby={wrong ? errorId : undefined}
            />
          </div>
          {wrong && (
            <p id={errorId} className={styles.error} role="alert">
              {WRONG_CREDENTIALS}
            </p>
          )}
          <Button type="submit" size="lg" className={styles.submit} state={!ready ? 'disabled' : status === 'checking' ? 'loading' : 'normal'}>
            Submit
          </Button>
        </form>
      </div>
    </section>
  );
}
