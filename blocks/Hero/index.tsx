import type { HeroBlock } from '../../renderer/generated/config-types.ts';
import { ActionButtons } from '../../renderer/ui/ActionButtons.tsx';
import styles from './styles.module.css';

export default function Hero({ id, eyebrow, heading, headingLevel = 1, text, actions = [], image, tone = 'light' }: HeroBlock) {
  // A second hero lower on a page opts out of being the page's one main heading (blocks/registry.ts).
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section id={id} className={`${styles.hero} ${styles[tone]}`}>
      <div className={`container ${styles.inner} ${image ? styles.split : ''}`}>
        <div className={styles.copy}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <Heading className={styles.heading}>{heading}</Heading>
          {text && <p className={styles.text}>{text}</p>}
          <ActionButtons actions={actions} className={styles.actions} />
        </div>
        {image && (
          <img className={styles.image} src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" decoding="async" />
        )}
      </div>
    </section>
  );
}
