import { useId, useState, type MouseEvent } from 'react';
import type { PricingPlan, PricingPlansBlock } from '../../renderer/generated/config-types.ts';
import { ButtonLink, buttonClass } from '../../renderer/ui/Button.tsx';
import { useHrefWithoutScript } from '../../renderer/ui/SmartLink.tsx';
import { Icon } from '../../renderer/ui/Icon.tsx';
import { useSite } from '../../renderer/lib/site-context.tsx';
import { clampUserCount, formatPrice, priceFor, userCountOptions, withoutCurrency, type BillingPeriod } from '../lib/pricing.ts';
import { SectionHead } from '../../renderer/ui/SectionHead.tsx';
import styles from './styles.module.css';

const PERIOD_TEXT: Record<BillingPeriod, string> = { monthly: 'per month', annually: 'per year' };
const PERIODS: BillingPeriod[] = ['monthly', 'annually'];
/**
 * A user-count dropdown with at most this many choices has every count's price in the page, shown by the styles
 * (styles.module.css has a rule for each position up to it); a longer one waits for React to reprice.
 */
const PRERENDERED_COUNTS = 12;

/** Starting user count of every plan with a dropdown: its configured default, kept inside its range. */
function initialUsers(plans: PricingPlan[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of plans) {
    if (p.hasDropdown && p.users) counts[p.id] = clampUserCount(p.users.default ?? p.users.min, p.users);
  }
  return counts;
}

interface CardProps {
  plan: PricingPlan;
  period: BillingPeriod;
  users: number | undefined;
  selected: boolean;
  groupName: string;
  idBase: string;
  contactAction: PricingPlansBlock['contactAction'];
  onUsers: (count: number) => void;
  onSelect: () => void;
}

function PlanCard({ plan, period, users, selected, groupName, idBase, contactAction, onUsers, onSelect }: CardProps) {
  const titleId = `${idBase}-title`;
  const selectId = `${idBase}-users`;
  const prices = useSite().pricing;
  const withoutScript = useHrefWithoutScript(contactAction.href);
  const count = users ?? plan.users?.min ?? 1;
  const priceText = (p: BillingPeriod, n: number) => formatPrice(priceFor(plan.price, n, p, prices) ?? 0, prices.currency);
  const options = plan.hasDropdown && plan.users ? userCountOptions(plan.users) : undefined;
  const counts = options && options.length <= PRERENDERED_COUNTS ? options : undefined;
  const figure = (p: BillingPeriod, n: number) =>
    p === period && n === count ? (
      <span key={n} className={styles.amount} data-testid="plan-amount">
        {priceText(p, n)}
      </span>
    ) : (
      <span key={n} className={styles.sum}>
        {prices.currency} <span>{withoutCurrency(priceText(p, n))}</span>
      </span>
    );

  // A click anywhere on the card chooses it, as visitors expect; keyboard users have the radio button.
  const onCardClick = (e: MouseEvent<HTMLElement>) => {
    if ((e.target as Element).closest('a, button, select, input, label')) return;
    onSelect();
  };

  return (
    <article className={selected ? `${styles.card} ${styles.selected}` : styles.card} aria-labelledby={titleId} data-plan={plan.id} onClick={onCardClick}>
      {plan.badge && <p className={styles.badge}>{plan.badge}</p>}
      <h3 id={titleId} className={styles.title}>
        {plan.title}
      </h3>
      {plan.description && <p className={styles.description}>{plan.description}</p>}
      <p className={styles.price}>
        {plan.price === 'contact' ? (
          <span className={styles.amount}>{plan.amountLabel}</span>
        ) : (
          // Both periods are in the page, and with a dropdown of a few choices every user count's figure too; the
          // styles show the one whose radio and option are checked, so the visitor's first switch or count needs no
          // script. The one React's state holds is "the" amount; the others keep their currency apart (so they read
          // the same but are not mistaken for it).
          PERIODS.map((p) => (
            <span key={p} className={styles.figure} data-period={p}>
              {counts ? <span className={styles.counts}>{counts.map((n) => figure(p, n))}</span> : figure(p, count)}{' '}
              <span className={styles.period}>{PERIOD_TEXT[p]}</span>
            </span>
          ))
        )}
      </p>
      <p className={styles.userLabel}>{plan.userLabel}</p>
      {options && (
        <div className={styles.users}>
          <label htmlFor={selectId}>
            Users <span className="visually-hidden">on the {plan.title} plan</span>
          </label>
          <select id={selectId} value={users} onChange={(e) => onUsers(Number(e.target.value))}>
            {options.map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'user' : 'users'}
              </option>
            ))}
          </select>
        </div>
      )}
      <ul className={styles.benefits}>
        {plan.benefits.map((b) => (
          <li key={b}>
            <Icon name="check" size={18} className={styles.tick} />
            <span>{b}</span>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <label className={styles.choose}>
          <input type="radio" name={groupName} value={plan.id} checked={selected} onChange={onSelect} />
          <span>{plan.buttonTitle}</span>
        </label>
        {selected ? (
          <ButtonLink to={contactAction.href} variant={contactAction.style ?? 'primary'} className={styles.contact}>
            {contactAction.label}
          </ButtonLink>
        ) : (
          // Without script no plan is ever selected here: the radio is checked by the browser alone, and the styles show
          // this copy of the link in the checked plan's card. React renders no noscript content, so hydration matches.
          withoutScript && (
            <noscript>
              <a href={withoutScript} className={buttonClass(contactAction.style ?? 'primary', 'md', `${styles.contact} ${styles.unscripted}`)}>
                {contactAction.label}
              </a>
            </noscript>
          )
        )}
      </div>
    </article>
  );
}

export default function PricingPlans({
  id,
  heading,
  intro,
  monthlyLabel = 'Monthly',
  annualLabel = 'Annually - save 15%',
  plans,
  contactAction,
}: PricingPlansBlock) {
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [users, setUsers] = useState(() => initialUsers(plans));
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const periods: [BillingPeriod, string][] = [
    ['monthly', monthlyLabel],
    ['annually', annualLabel],
  ];

  return (
    <section id={id} className={styles.section} aria-labelledby={heading ? headingId : undefined}>
      <div className="container">
        {(heading || intro) && (
          <div className={styles.head}>
            <SectionHead heading={heading} intro={intro} headingId={headingId} classes={{ heading: styles.heading, intro: styles.intro }} />
          </div>
        )}
        <fieldset className={styles.toggle}>
          <legend className="visually-hidden">Billing period</legend>
          {periods.map(([value, label]) => (
            <label key={value} className={styles.option}>
              <input type="radio" name={`${baseId}-period`} value={value} checked={period === value} onChange={() => setPeriod(value)} />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.grid}>
          <legend className="visually-hidden">Choose a plan</legend>
          {plans.map((plan, i) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              users={users[plan.id]}
              selected={selectedId === plan.id}
              groupName={`${baseId}-plan`}
              idBase={`${baseId}-${i}`}
              contactAction={contactAction}
              onUsers={(n) => {
                const range = plan.users;
                if (range) setUsers((prev) => ({ ...prev, [plan.id]: clampUserCount(n, range) }));
              }}
              onSelect={() => setSelectedId(plan.id)}
            />
          ))}
        </fieldset>
      </div>
    </section>
  );
}
