import { useSite } from '../lib/site-context.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';

/** Placeholder footer; the full one replaces it. */
export function Footer() {
  const site = useSite();
  return (
    <footer>
      <p>{site.footer.mission}</p>
      {site.footer.columns.map((c) => (
        <nav key={c.heading} aria-label={c.heading}>
          <h2>{c.heading}</h2>
          <ul>
            {c.links.map((l) => (
              <li key={l.label}>
                <SmartLink to={l.href}>{l.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <p>© {new Date().getFullYear()} {site.name}</p>
    </footer>
  );
}
