import { useId } from 'react';
import type { TestimonialsBlock } from '../../renderer/generated/config-types.ts';
import { Carousel } from '../../renderer/ui/Carousel.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

/** "Adaeze Okafor" → "AO": a portrait stand-in that needs no photo. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? parts[parts.length - 1][0] : '';
  return (first + last).toUpperCase();
}

export default function Testimonials({ id, eyebrow, heading = 'What our customers say', intro, stepPercent = 70, testimonials }: TestimonialsBlock) {
  const headingId = `${useId()}-heading`;
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <Carousel
          label={heading}
          stepPercent={stepPercent}
          previousLabel="Previous testimonial"
          nextLabel="Next testimonial"
          header={
            <>
              <SectionHead
                eyebrow={eyebrow}
                heading={heading}
                intro={intro}
                headingId={headingId}
                classes={{ eyebrow: styles.eyebrow, heading: styles.heading, intro: styles.intro }}
              />
            </>
          }
        >
          {testimonials.map((t, i) => (
            <figure key={i} className={`${styles.card} ${styles[t.backgroundColor ?? 'blue']} ${t.showSecondColor ? styles.second : ''}`}>
              <svg className={styles.quote} viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
                <path d="M20 12c-7 2-12 8-12 16v8h12V24h-6c0-4 3-7 7-8zm20 0c-7 2-12 8-12 16v8h12V24h-6c0-4 3-7 7-8z" fill="currentColor" />
              </svg>
              <blockquote className={styles.message}>
                <p>{t.message}</p>
              </blockquote>
              <figcaption className={styles.author}>
                <span className={styles.avatar} aria-hidden="true">
                  {initials(t.name)}
                </span>
                <span>
                  <span className={styles.name}>{t.name}</span>
                  <span className={styles.title}>{t.title}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
