import { useId } from 'react';
import type { FeatureCard, FeatureGridBlock } from '../../renderer/generated/config-types.ts';
import { buttonClass } from '../../renderer/ui/Button.tsx';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { SmartLink } from '../../renderer/ui/SmartLink.tsx';
import { ActionButtons } from '../../renderer/ui/ActionButtons.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import { Picture } from '../../renderer/images/Picture.tsx';
import styles from './styles.module.css';

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Buttons are designed for light backgrounds; on the solid card colours they swap to light variants to keep contrast. */
function onColor(color: string, style: string): string {
  if (color !== 'dark' && color !== 'brand') return '';
  if (style === 'primary') return color === 'brand' ? styles['invert-solid'] : '';
  return styles.invert;
}

function Card({ card, titleLevel, titleId, reverse }: { card: FeatureCard; titleLevel: 'h2' | 'h3'; titleId: string; reverse: boolean }) {
  const { badgeTitle, badgeIcon, cardTitle, cardBody, points = [], image, link, highlight = false } = card;
  const color = card.color ?? (highlight ? 'dark' : 'white');
  const Title = titleLevel;
  const classes = [styles.card, styles[`color-${color}`], highlight ? styles.highlight : '', image ? styles['has-image'] : '', reverse ? styles.reverse : '']
    .filter(Boolean)
    .join(' ');
  return (
    <article className={classes} aria-labelledby={titleId}>
      <div className={styles.body}>
        {badgeTitle && (
          <p className={styles.badge}>
            {badgeIcon && <Icon name={badgeIcon} size={18} />}
            <span>{badgeTitle}</span>
          </p>
        )}
        <Title id={titleId} className={styles.title}>
          {cardTitle}
        </Title>
        {paragraphs(cardBody).map((p, i) => (
          <p key={i} className={styles.text}>
            {p}
          </p>
        ))}
        {points.length > 0 && (
          <ul className={styles.points}>
            {points.map((p) => (
              <li key={p}>
                <Icon name="check" size={18} className={styles.tick} />
                <span>{p}</span>
              </li>
            ))}
          </ul>
        )}
        {link && (
          // Several cards may share a label such as "Create a project"; the card title describes which one.
          <div className={styles.action}>
            {link.style ? (
              <SmartLink to={link.href} className={buttonClass(link.style, 'md', onColor(color, link.style))} aria-describedby={titleId}>
                {link.label}
              </SmartLink>
            ) : (
              <SmartLink to={link.href} className={styles.link} aria-describedby={titleId}>
                {link.label}
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.arrow}>
                  <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </SmartLink>
            )}
          </div>
        )}
      </div>
      {image ? (
        <div className={styles.media}>
          <Picture image={image} display="featureGrid" loading="lazy" decoding="async" />
        </div>
      ) : (
        highlight && (
          <div className={styles.seal} aria-hidden="true">
            <Icon name="shield" size={56} />
          </div>
        )
      )}
    </article>
  );
}

export default function FeatureGrid({ id, eyebrow, heading, intro, layout = 'grid', columns = 2, tone = 'light', cards, actions = [] }: FeatureGridBlock) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const listClass = layout === 'alternating' ? styles.rows : `${styles.grid} ${styles[`cols-${columns}`]}`;
  let imageRow = 0;
  return (
    <section id={id} className={`${styles.section} ${styles[`tone-${tone}`]}`} aria-labelledby={heading ? headingId : undefined}>
      <div className="container">
        {(eyebrow || heading || intro) && (
          <div className={styles.head}>
            <SectionHead
              eyebrow={eyebrow}
              heading={heading}
              intro={intro}
              headingId={headingId}
              classes={{ eyebrow: styles.eyebrow, heading: styles.heading, intro: styles.intro }}
            />
          </div>
        )}
        <div className={listClass}>
          {cards.map((card, i) => {
            // Alternate sides only among cards that have a picture, so a text-only card does not break the rhythm.
            const reverse = layout === 'alternating' && !!card.image && imageRow++ % 2 === 1;
            return <Card key={i} card={card} titleLevel={heading ? 'h3' : 'h2'} titleId={`${baseId}-card-${i}`} reverse={reverse} />;
          })}
        </div>
        <ActionButtons actions={actions} className={styles.actions} />
      </div>
    </section>
  );
}
