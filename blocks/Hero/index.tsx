import type { HeroBlock } from '../../renderer/generated/config-types.ts';
import { ActionButtons } from '../../renderer/ui/ActionButtons.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { Picture } from '../../renderer/images/Picture.tsx';
import styles from './styles.module.css';

export default function Hero({ id, eyebrow, heading, headingLevel = 1, intro, actions = [], image, tone = 'light' }: HeroBlock) {
  return (
    <section id={id} className={`${styles.hero} ${styles[tone]}`}>
      <div className={`container ${styles.inner} ${image ? styles.split : ''}`}>
        <div className={styles.copy}>
          {/* A second hero lower on a page opts out of being the page's one main heading (blocks/registry.ts). */}
          <SectionHead
            eyebrow={eyebrow}
            heading={heading}
            intro={intro}
            level={headingLevel}
            classes={{ eyebrow: styles.eyebrow, heading: styles.heading, intro: styles.text }}
          />
          <ActionButtons actions={actions} className={styles.actions} />
        </div>
        {image && <Picture className={styles.image} image={image} display="hero" fetchPriority="high" decoding="async" />}
      </div>
    </section>
  );
}
