import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import type { EnquiryBlock, FormConfig } from '../../renderer/generated/config-types.ts';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { LoadingFormEngine } from '../../renderer/forms/FormEngine.tsx';
import { EXPANDS_ATTRIBUTE } from '../../renderer/islands/held.ts';
import { Button, buttonClass } from '../../renderer/ui/Button.tsx';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

/** Whether a click means "open elsewhere" (a new tab or window): the link keeps its own meaning then. */
const isModified = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * Disclosure pattern: "Get in touch" (aria-expanded) reveals the form in place and focus moves to its first
 * field; the close icon hides it and focus goes back to the button.
 *
 * With `page`, "Get in touch" is prerendered as a link to that page, which holds the same form, so it works without
 * JavaScript; it becomes the button once this component runs. The link is also what the first client render shows,
 * so hydration matches, and the switch follows in an effect. A click on the link before then (the island wakes on
 * it) is held and replayed (EXPANDS_ATTRIBUTE), and opens the form in place; the button takes over the link's id, so
 * a replay that finds the link gone reaches the button.
 */
export default function Enquiry({ id, heading, intro, buttonLabel = 'Get in touch', form, page }: EnquiryBlock) {
  const config = useFragment<FormConfig>('forms', form);
  const [open, setOpen] = useState(false);
  const [scripted, setScripted] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const triggerId = useId();
  const head = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  /** The link had focus when the button took its place. */
  const refocus = useRef(false);

  useEffect(() => {
    // Opening puts the cursor in the form (FormRenderer autoFocus); closing gives focus back to the button.
    if (moved.current && !open) head.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);

  useEffect(() => {
    if (!page) return;
    const swap = () => {
      refocus.current = document.activeElement?.id === triggerId;
      setScripted(true);
    };
    // A press that began on the link (a slow tap while this code arrived) must end on it: its click goes where the
    // press began and ended, and would land on no control if the button had taken the link's place in between.
    if (!document.getElementById(triggerId)?.matches(':active')) return swap();
    const press = new AbortController();
    const afterPress = () => {
      press.abort();
      // The next task: the press's click comes first, in the task of the pointerup.
      setTimeout(swap);
    };
    for (const type of ['pointerup', 'pointercancel']) window.addEventListener(type, afterPress, { capture: true, signal: press.signal });
    return () => press.abort();
  }, [page, triggerId]);

  useEffect(() => {
    // The button replaces the link: whoever was on the link stays on the control, rather than falling to the page.
    if (!scripted || !refocus.current) return;
    refocus.current = false;
    document.getElementById(triggerId)?.focus();
  }, [scripted, triggerId]);

  const toggle = (next: boolean) => {
    moved.current = true;
    setOpen(next);
  };

  const opener =
    page && !scripted ? (
      <a
        href={page}
        id={triggerId}
        className={buttonClass('primary', 'lg')}
        {...{ [EXPANDS_ATTRIBUTE]: '' }}
        onClick={(e) => {
          if (isModified(e)) return;
          e.preventDefault();
          toggle(true);
        }}
      >
        {buttonLabel}
      </a>
    ) : (
      <Button id={triggerId} variant="primary" size="lg" aria-expanded="false" aria-controls={panelId} onClick={() => toggle(true)}>
        {buttonLabel}
      </Button>
    );

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
              opener
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
