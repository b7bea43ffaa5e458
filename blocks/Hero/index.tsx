import type { HeroBlock } from '../../renderer/generated/config-types.ts';
import { ActionButtons } from '../../renderer/ui/ActionButtons.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
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
        {image && (
          <img className={styles.image} src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" decoding="async" />
        )}
      </div>
    </section>
  );
}
