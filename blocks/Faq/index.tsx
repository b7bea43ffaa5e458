import { useId } from 'react';
import type { FaqBlock, FaqSet } from '../../renderer/generated/config-types.ts';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { ACCORDION_ATTR } from '../../renderer/shell/markup.ts';
import { ButtonLink } from '../../renderer/ui/Button.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

/** Answers are plain text: a blank line starts a new paragraph. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

interface ItemProps {
  question: string;
  answer: string;
  baseId: string;
}

/**
 * One row of the accordion as a native disclosure: <details> opens and closes with a click, Enter or Space and
 * hides a collapsed answer without any script. The shell script then gives the summary the button role,
 * aria-expanded and aria-controls of the WAI-ARIA accordion pattern; the answer is a region named by it.
 */
function FaqItem({ question, answer, baseId }: ItemProps) {
  const questionId = `${baseId}-q`;
  const panelId = `${baseId}-a`;
  return (
    <details className={styles.item} {...{ [ACCORDION_ATTR]: '' }}>
      <summary id={questionId} className={styles.trigger}>
        <h3 className={styles.question}>{question}</h3>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div id={panelId} role="region" aria-labelledby={questionId} className={styles.answer}>
        {paragraphs(answer).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </details>
  );
}

export default function Faq({ id, eyebrow, heading = 'Frequently asked questions', intro, set, askLink, tone = 'light' }: FaqBlock) {
  const { items } = useFragment<FaqSet>('faqs', set);
  // useId is identical on server and client, so the aria-labelledby pairs match wherever the block is rendered.
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  return (
    <section id={id} className={`${styles.faq} ${styles[tone]}`} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.intro}>
          <SectionHead
            eyebrow={eyebrow}
            heading={heading}
            intro={intro}
            headingId={headingId}
            classes={{ eyebrow: styles.eyebrow, heading: styles.heading, intro: styles.text }}
          />
          {askLink && (
            <ButtonLink to={askLink.href} variant={askLink.style ?? 'secondary'} className={styles.ask}>
              {askLink.label}
            </ButtonLink>
          )}
        </div>
        <div className={styles.list}>
          {items.map((item, i) => (
            <FaqItem key={i} question={item.question} answer={item.answer} baseId={`${baseId}-${i}`} />
          ))}
        </div>
      </div>
    </section>
  );
}
