import { useId } from 'react';
import type { PersonasBlock } from '../../renderer/generated/config-types.ts';
import { SmartLink } from '../../renderer/ui/SmartLink.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { Picture } from '../../renderer/images/Picture.tsx';
import styles from './styles.module.css';

export default function Personas({ id, eyebrow, heading = 'Who is it for?', intro, personas }: PersonasBlock) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
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
        <ul className={styles.grid}>
          {personas.map((p) => (
            <li key={p.id} className={`${styles.card} ${styles[p.colorScheme]}`}>
              <Picture className={styles.image} image={p.image} display="personas" loading="lazy" decoding="async" />
              <div className={styles.body}>
                <h3 className={styles.persona}>{p.persona}</h3>
                <p className={styles.description}>{p.description}</p>
                <SmartLink to={p.link.href} className={styles.link}>
                  {p.link.label}
                  {/* Three "Learn more" links would sound alike out of context; the persona tells them apart. */}
                  <span className="visually-hidden"> about {p.persona}</span>
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </SmartLink>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
