import { useEffect, useId, useRef, useState } from 'react';
import type { EnquiryBlock, FormConfig } from '../../renderer/generated/config-types.ts';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { LoadingFormEngine } from '../../renderer/forms/FormEngine.tsx';
import { Button } from '../../renderer/ui/Button.tsx';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

/**
 * Disclosure pattern: "Get in touch" (aria-expanded) reveals the form in place and focus moves to its first
 * field; the close icon hides it and focus goes back to the button.
 */
export default function Enquiry({ id, heading, intro, buttonLabel = 'Get in touch', form }: EnquiryBlock) {
  const config = useFragment<FormConfig>('forms', form);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const head = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // Opening puts the cursor in the form (FormRenderer autoFocus); closing gives focus back to the button.
    if (moved.current && !open) head.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);

  const toggle = (next: boolean) => {
    moved.current = true;
    setOpen(next);
  };

  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.card}>
          <div ref={head} className={styles.head}>
            <div>
              <SectionHead heading={heading} intro={intro} headingId={headingId} classes={{ heading: styles.heading, intro: styles.text }} />
            </div>
            {open ? (
              <button type="button" className={styles.close} aria-label="Close" aria-controls={panelId} aria-expanded="true" onClick={() => toggle(false)}>
                <Icon name="x" size={22} />
              </button>
            ) : (
              <Button variant="primary" size="lg" aria-expanded="false" aria-controls={panelId} onClick={() => toggle(true)}>
                {buttonLabel}
              </Button>
            )}
          </div>
          <div id={panelId} hidden={!open} className={styles.panel}>
            {/* The form engine is fetched when the panel first opens: the page itself stays light. */}
            {open && <LoadingFormEngine loadingClassName={styles.loading} formId={form} config={config} autoFocus />}
          </div>
        </div>
      </div>
    </section>
  );
}
