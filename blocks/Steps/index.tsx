import { useId } from 'react';
import type { StepsBlock } from '../../renderer/generated/config-types.ts';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { ActionButtons } from '../../renderer/ui/ActionButtons.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { Picture } from '../../renderer/images/Picture.tsx';
import styles from './styles.module.css';

/** A numbered "How it works" sequence (referral steps with image, title and description). */
export default function Steps({ id, eyebrow, heading, intro, steps, actions = [], tone = 'light' }: StepsBlock) {
  const headingId = useId();
  return (
    <section id={id} className={`${styles.section} ${styles[tone]}`} aria-labelledby={headingId}>
      <div className="container">
        <div className={styles.head}>
          <SectionHead
            eyebrow={eyebrow}
            heading={heading}
            intro={intro}
            headingId={headingId}
            classes={{ eyebrow: styles.eyebrow, heading: styles.heading, intro: styles.intro }}
          />
        </div>
        <ol className={styles.list}>
          {steps.map((step, i) => (
            <li key={step.id} id={step.id} className={styles.step}>
              <div className={styles.media}>
                {step.image ? (
                  <Picture className={styles.image} image={step.image} display="steps" loading="lazy" decoding="async" />
                ) : (
                  <span className={styles.iconBadge}>
                    <Icon name={step.icon ?? 'check'} size={28} />
                  </span>
                )}
              </div>
              <div className={styles.body}>
                <p className={styles.number} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </p>
                {/* The ordered list already tells screen readers the step's position; the number is visual. */}
                <h3 className={styles.title}>{step.title}</h3>
                <p className={styles.desc}>{step.desc}</p>
              </div>
            </li>
          ))}
        </ol>
        <ActionButtons actions={actions} className={styles.actions} />
      </div>
    </section>
  );
}
