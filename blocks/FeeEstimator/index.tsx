import { useId, useState } from 'react';
import type { FeeEstimatorBlock } from '../../renderer/generated/config-types.ts';
import { useSite } from '../../renderer/lib/site-context.tsx';
import { clampPercent, formatPrice, projectCost, projectFee } from '../lib/pricing.ts';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

/** "NGN 500M": scale ends under the slider, short so they never repeat the exact figures above. */
function short(amount: number, currency: string): string {
  return `${currency} ${amount / 1_000_000}M`;
}

export default function FeeEstimator({ id, eyebrow, heading, intro, sliderLabel, costLabel, feeLabel, note, defaultPercent = 0 }: FeeEstimatorBlock) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const sliderId = `${baseId}-slider`;
  const feeId = `${baseId}-fee`;
  const [percent, setPercent] = useState(() => clampPercent(defaultPercent));
  const prices = useSite().pricing;
  const cost = projectCost(percent, prices);
  const fee = projectFee(cost, prices);

  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <div className={styles.panel}>
          <div className={styles.copy}>
            <SectionHead
              eyebrow={eyebrow}
              heading={heading}
              intro={intro}
              headingId={headingId}
              classes={{ eyebrow: styles.eyebrow, heading: styles.heading, intro: styles.intro }}
            />
          </div>
          <div className={styles.estimator}>
            <label htmlFor={sliderId} className={styles.label}>
              {sliderLabel}
            </label>
            <input
              id={sliderId}
              className={styles.slider}
              type="range"
              min={0}
              max={100}
              step={1}
              value={percent}
              aria-valuetext={formatPrice(cost, prices.currency)}
              aria-describedby={feeId}
              // What ./script.ts needs to show the estimate in the built page, where no React runs.
              data-prices={JSON.stringify({ currency: prices.currency, estimator: prices.estimator })}
              onChange={(e) => setPercent(clampPercent(Number(e.target.value)))}
            />
            <div className={styles.scale} aria-hidden="true">
              <span>{short(projectCost(0, prices), prices.currency)}</span>
              <span>{short(projectCost(100, prices), prices.currency)}</span>
            </div>
            <dl className={styles.figures}>
              <div className={styles.figure}>
                <dt>{costLabel}</dt>
                <dd data-testid="project-cost">{formatPrice(cost, prices.currency)}</dd>
              </div>
              <div id={feeId} className={`${styles.figure} ${styles.fee}`}>
                <dt>{feeLabel}</dt>
                <dd data-testid="project-fee">{formatPrice(fee, prices.currency)}</dd>
              </div>
            </dl>
            {note && <p className={styles.note}>{note}</p>}
          </div>
        </div>
      </div>
    </section>
  );
}
