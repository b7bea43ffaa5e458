import { useId } from 'react';
import type { LiveProjectsBlock } from '../../renderer/generated/config-types.ts';
import { CAROUSEL_MIN_WIDTH, Carousel } from '../../renderer/ui/Carousel.tsx';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { Picture } from '../../renderer/images/Picture.tsx';
import styles from './styles.module.css';

export default function LiveProjects({ id, eyebrow, heading = 'Live Projects', intro, stepPercent = 35, projects }: LiveProjectsBlock) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <Carousel
          label={heading}
          stepPercent={stepPercent}
          previousLabel="Previous project"
          nextLabel="Next project"
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
          {projects.map((p) => (
            <article key={p.id} className={styles.card} aria-labelledby={`${baseId}-${p.id}`}>
              <div className={styles.media}>
                <Picture
                  image={p.image}
                  display="liveProjects"
                  art={{ media: `(max-width: ${CAROUSEL_MIN_WIDTH - 0.02}px)`, image: p.mobileImage, display: 'liveProjects.mobileImage' }}
                  loading="lazy"
                  decoding="async"
                />
                {p.status && <span className={styles.status}>{p.status}</span>}
              </div>
              <div className={styles.meta}>
                <h3 id={`${baseId}-${p.id}`} className={styles.name}>
                  {p.name}
                </h3>
                <p className={styles.location}>
                  <Icon name="pin" size={18} />
                  <span>{p.location}</span>
                </p>
              </div>
            </article>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
