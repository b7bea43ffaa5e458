import { useId } from 'react';
import type { CtaBannerBlock } from '../../renderer/generated/config-types.ts';
import { buttonClass } from '../../renderer/ui/Button.tsx';
import { SmartLink } from '../../renderer/ui/SmartLink.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { Picture } from '../../renderer/images/Picture.tsx';
import styles from './styles.module.css';

type Style = NonNullable<CtaBannerBlock['actions'][number]['style']>;

/** On the solid tones the standard buttons lack contrast, so they swap to light versions of themselves. */
function actionClass(tone: string, style: Style): string {
  if (tone === 'light' || tone === 'alt') return buttonClass(style, 'lg');
  const extra = style === 'primary' ? styles['on-solid-primary'] : style === 'secondary' || style === 'transparent' ? styles['on-solid-outline'] : '';
  return buttonClass(style, 'lg', extra);
}

export default function CtaBanner({ id, eyebrow, heading, intro, actions, image, tone = 'brand' }: CtaBannerBlock) {
  const headingId = `${useId()}-heading`;
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <div className={`${styles.banner} ${styles[tone]} ${image ? styles.split : ''}`}>
          <div className={styles.copy}>
            <SectionHead
              eyebrow={eyebrow}
              heading={heading}
              intro={intro}
              headingId={headingId}
              classes={{ eyebrow: styles.eyebrow, heading: styles.heading, intro: styles.text }}
            />
            <div className={styles.actions}>
              {actions.map((a, i) => (
                <SmartLink key={a.label} to={a.href} className={actionClass(tone, a.style ?? (i === 0 ? 'primary' : 'secondary'))}>
                  {a.label}
                </SmartLink>
              ))}
            </div>
          </div>
          {image && <Picture className={styles.image} image={image} display="ctaBanner" loading="lazy" decoding="async" />}
        </div>
      </div>
    </section>
  );
}
