import { useId } from 'react';
import type { LogoStripBlock } from '../../renderer/generated/config-types.ts';
import { SmartLink } from '../../renderer/ui/SmartLink.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { Picture } from '../../renderer/images/Picture.tsx';
import styles from './styles.module.css';

export default function LogoStrip({ id, heading = 'Trusted by', logos }: LogoStripBlock) {
  const headingId = `${useId()}-heading`;
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <div className={`container ${styles.inner}`}>
        <SectionHead heading={heading} headingId={headingId} classes={{ heading: styles.heading }} />
        <ul className={styles.logos}>
          {logos.map(({ image, href }) => {
            const img = <Picture className={styles.logo} image={image} display="logoStrip" loading="lazy" decoding="async" />;
            return (
              <li key={image.src} className={styles.item}>
                {href ? (
                  <SmartLink to={href} className={styles.link}>
                    {img}
                  </SmartLink>
                ) : (
                  img
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
