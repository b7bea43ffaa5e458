import type { ContactInfoBlock, FormConfig } from '../../renderer/generated/config-types.ts';
import { FormEngine } from '../../renderer/forms/FormEngine.tsx';
import { useFragment } from '../../renderer/lib/site-context.tsx';
import { ButtonLink } from '../../renderer/ui/Button.tsx';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

function ContactForm({ form, heading }: { form: string; heading?: string }) {
  const config = useFragment<FormConfig>('forms', form);
  return (
    <div className={styles.card}>
      {heading && <h2 className={styles['card-title']}>{heading}</h2>}
      <FormEngine formId={form} config={config} />
    </div>
  );
}

export default function ContactInfo({ id, eyebrow, heading, intro, offices, support, formHeading, form }: ContactInfoBlock) {
  return (
    <section id={id} className={styles.section}>
      <div className={`container ${styles.inner} ${form ? styles.split : ''}`}>
        <div className={styles.info}>
          <SectionHead
            eyebrow={eyebrow}
            heading={heading}
            intro={intro}
            level={1}
            classes={{ eyebrow: styles.badge, heading: styles.heading, intro: styles.text }}
          />
          <h2 className={styles.subheading}>Our offices</h2>
          <ul className={styles.offices}>
            {offices.map((o) => {
              const lines = Array.isArray(o.location) ? o.location : [o.location];
              return (
                <li key={o.id} className={styles.office}>
                  <span className={styles.icon} aria-hidden="true">
                    <Icon name="pin" size={20} />
                  </span>
                  <div>
                    <h3 className={styles['office-name']}>{o.name}</h3>
                    {lines.map((l, i) => (
                      <p key={i} className={styles.address}>
                        {l}
                      </p>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
          {support && (
            <div className={styles.support}>
              <span className={`${styles.icon} ${styles['icon-green']}`} aria-hidden="true">
                <Icon name="whatsapp" size={20} />
              </span>
              <div>
                <h2 className={styles['office-name']}>{support.heading}</h2>
                <p className={styles.address}>
                  {support.channel ? `${support.channel}, ` : ''}
                  {support.hours}
                </p>
                {support.link && (
                  <ButtonLink to={support.link.href} variant={support.link.style ?? 'secondary'} className={styles['support-link']}>
                    {support.link.label}
                  </ButtonLink>
                )}
              </div>
            </div>
          )}
        </div>
        {form && <ContactForm form={form} heading={formHeading} />}
      </div>
    </section>
  );
}
