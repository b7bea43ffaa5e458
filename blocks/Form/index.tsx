import type { FormBlock, FormConfig } from '../../renderer/generated/config-types.ts';
import { LazyFormRenderer } from '../../renderer/forms/LazyFormRenderer.tsx';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { Icon } from '../../renderer/ui/Icon.tsx';
import styles from './styles.module.css';

export default function FormSection({ id, eyebrow, heading, headingLevel = 2, text, points = [], formHeading, form }: FormBlock) {
  const config = useFragment<FormConfig>('forms', form);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const intro = Boolean(eyebrow || heading || text || points.length);
  return (
    <section id={id} className={styles.section}>
      <div className={`container ${styles.inner} ${intro ? styles.split : ''}`}>
        {intro && (
          <div className={styles.intro}>
            {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
            {heading && <Heading className={styles.heading}>{heading}</Heading>}
            {text && <p className={styles.text}>{text}</p>}
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
          <LazyFormRenderer formId={form} config={config} />
        </div>
      </div>
    </section>
  );
}
