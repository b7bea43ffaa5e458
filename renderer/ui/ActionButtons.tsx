import type { Link } from '../generated/config-types.ts';
import { ButtonLink } from './Button.tsx';

/** A row of large config buttons: the first is primary, the rest secondary, unless a link sets its own style. */
export function ActionButtons({ actions, className }: { actions: readonly Link[]; className?: string }) {
  if (actions.length === 0) return null;
  return (
    <div className={className}>
      {actions.map((a, i) => (
        <ButtonLink key={a.label} to={a.href} variant={a.style ?? (i === 0 ? 'primary' : 'secondary')} size="lg">
          {a.label}
        </ButtonLink>
      ))}
    </div>
  );
}
