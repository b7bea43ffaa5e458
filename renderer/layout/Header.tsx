import { Link } from 'react-router';
import type { PageHeader } from '../generated/config-types.ts';
import { useSite } from '../lib/site-context.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';

/** Placeholder header; the full one (dropdowns, variants, mobile menu) replaces it. */
export function Header({ config }: { config?: PageHeader }) {
  const site = useSite();
  const h = site.header;
  const signUp = config?.signUp ?? h.signUp;
  return (
    <header>
      <nav aria-label="Main">
        <Link to="/">{site.name}</Link>
        <SmartLink to={h.calculator.href}>{h.calculator.label}</SmartLink>
        <SmartLink to={h.referral.href}>{h.referral.label}</SmartLink>
        {config?.contact !== false && <SmartLink to={h.contact.href}>{h.contact.label}</SmartLink>}
        {config?.login !== false && <SmartLink to={h.login.href}>{h.login.label}</SmartLink>}
        <ButtonLink to={signUp.href}>{signUp.label}</ButtonLink>
      </nav>
    </header>
  );
}
