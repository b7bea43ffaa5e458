import { useId } from 'react';
import type { ComparisonGroup, PlanComparisonBlock } from '../../renderer/generated/config-types.ts';
import { DISCLOSURE_ATTR } from '../../renderer/shell/markup.ts';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

function Cell({ value }: { value: boolean | string | undefined }) {
  if (value === true) return <Icon name="check" size={20} label="Included" className={styles.yes} />;
  // A missing entry (a row shorter than the plan list) reads as "not included" rather than leaving a hole.
  if (value === false || value === undefined) return <Icon name="x" size={20} label="Not included" className={styles.no} />;
  return <span>{value}</span>;
}

function Group({ group, plans, idBase }: { group: ComparisonGroup; plans: string[]; idBase: string }) {
  const alwaysOpen = group.heading.trim() === '';
  const open = group.expanded ?? false;
  const shown = alwaysOpen || open;
  const rowIds = group.rows.map((_, i) => `${idBase}-row-${i}`);
  return (
    <tbody>
      {!alwaysOpen && (
        <tr className={styles.groupRow}>
          <th scope="rowgroup" colSpan={plans.length + 1}>
            <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={rowIds.join(' ')} {...{ [DISCLOSURE_ATTR]: '' }}>
              <span>{group.heading}</span>
              <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </th>
        </tr>
      )}
      {group.rows.map((row, i) => (
        <tr key={row.label} id={rowIds[i]} hidden={!shown}>
          <th scope="row" className={styles.feature}>
            {row.label}
          </th>
          {plans.map((plan, col) => (
            <td key={plan} data-col={col}>
              <Cell value={row.values[col]} />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

export default function PlanComparison({ id, heading, intro, pickerLabel = 'Show plan', plans, groups }: PlanComparisonBlock) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const pickerId = `${baseId}-picker`;

  return (
    <section id={id} className={styles.section} aria-labelledby={heading ? headingId : undefined}>
      <div className="container">
        {(heading || intro) && (
          <div className={styles.head}>
            <SectionHead heading={heading} intro={intro} headingId={headingId} classes={{ heading: styles.heading, intro: styles.intro }} />
          </div>
        )}
        <div className={styles.picker}>
          <label htmlFor={pickerId}>{pickerLabel}</label>
          {/* Phones show the feature column and the plan chosen here (the stylesheet reads the checked option); wider screens show every plan. */}
          <select id={pickerId} defaultValue="0">
            {plans.map((plan, i) => (
              <option key={plan} value={i}>
                {plan}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.frame}>
          <table className={styles.table}>
            <caption className="visually-hidden">{heading ?? 'Plan comparison'}: features included in each plan</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.feature}>
                  Features
                </th>
                {plans.map((plan, col) => (
                  <th key={plan} scope="col" data-col={col}>
                    {plan}
                  </th>
                ))}
              </tr>
            </thead>
            {groups.map((group, i) => (
              <Group key={`${i}-${group.heading}`} group={group} plans={plans} idBase={`${baseId}-g${i}`} />
            ))}
          </table>
        </div>
      </div>
    </section>
  );
}
