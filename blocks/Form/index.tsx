import type { FormBlock, FormConfig } from '../../renderer/generated/config-types.ts';
import { FormEngine } from '../../renderer/forms/FormEngine.tsx';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

export default function FormSection({ id, eyebrow, heading, headingLevel = 2, intro, points = [], formHeading, form }: FormBlock) {
  const config = useFragment<FormConfig>('forms', form);
  const hasCopy = Boolean(eyebrow || heading || intro || points.length);
  return (
    <section id={id} className={styles.section}>
      <div className={`container ${styles.inner} ${hasCopy ? styles.split : ''}`}>
        {hasCopy && (
          <div className={styles.intro}>
            <SectionHead
              eyebrow={eyebrow}
              heading={heading}
              intro={intro}
              level={headingLevel}
              classes={{ eyebrow: styles.eyebrow, heading: styles.heading, intro: styles.text }}
            />
            {points.length > 0 && (
              <ul className={styles.points}>
                {points.map((p) => (
                  <li key={p}>
                    <span className={styles.tick} aria-hidden="true">
                      <Icon name="check" size={16} />
                    </span>
                    {p}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className={styles.card}>
          {formHeading && <h2 className={styles['card-title']}>{formHeading}</h2>}
          <FormEngine formId={form} config={config} />
        </div>
      </div>
    </section>
  );
}
