import type { HeroBlock } from '../../renderer/generated/config-types.ts';
import { ActionButtons } from '../../renderer/ui/ActionButtons.tsx';
import styles from './styles.module.css';

export default function Hero({ id, eyebrow, heading, text, actions = [], image, tone = 'light' }: HeroBlock) {
  return (
    <section id={id} className={`${styles.hero} ${styles[tone]}`}>
      <div className={`container ${styles.inner} ${image ? styles.split : ''}`}>
        <div className={styles.copy}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.heading}>{heading}</h1>
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
