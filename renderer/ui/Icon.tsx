import type { ReactNode } from 'react';
import type { IconName } from '../generated/config-types.ts';

/**
 * One 24px line drawing per name of `iconName` in schemas/site.schema.json. Typed as a full Record so a
 * name added to the schema (and regenerated into IconName) fails the typecheck until it is drawn here.
 * Shapes are plain constants: identical on server and client, no inline styles.
 */
const ICONS: Record<IconName, ReactNode> = {
  home: (
    <>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9v11a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9" />
    </>
  ),
  building: (
    <>
      <path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16" />
      <path d="M16 9h2a2 2 0 0 1 2 2v10" />
      <path d="M2.5 21h19" />
      <path d="M8 7h4M8 11h4M8 15h4" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="8.5" cy="6" rx="5.5" ry="2.5" />
      <path d="M3 6v4c0 1.38 2.46 2.5 5.5 2.5S14 11.38 14 10V6" />
      <path d="M3 10v4c0 1.2 1.85 2.2 4.3 2.45" />
      <ellipse cx="15.5" cy="14" rx="5.5" ry="2.5" />
      <path d="M10 14v4c0 1.38 2.46 2.5 5.5 2.5S21 19.38 21 18v-4" />
    </>
  ),
  hammer: (
    <>
      <path d="M13.8 4.54 19.46 10.2l-2.26 2.26-5.66-5.66z" />
      <path d="M4 20 14.37 9.63" />
    </>
  ),
  compass: (
    <>
      <circle cx="12" cy="4.5" r="1.5" />
      <path d="M11.2 6 5 20.5M12.8 6 19 20.5" />
      <path d="M7.5 14.5c2.9 1.3 6.1 1.3 9 0" />
    </>
  ),
  chart: (
    <>
      <path d="M4 4v16h16" />
      <path d="M8.5 16v-4M12.5 16V8M16.5 16v-6" />
    </>
  ),
  gavel: (
    <>
      <path d="M6.5 8.5 11.5 3.5l4 4-5 5z" />
      <path d="M13 10l7 7" />
      <path d="M3 21h9" />
    </>
  ),
  boxes: (
    <>
      <rect x="8" y="3" width="8" height="8" rx="1" />
      <rect x="3" y="13" width="8" height="8" rx="1" />
      <rect x="13" y="13" width="8" height="8" rx="1" />
      <path d="M12 3v2.5M7 13v2.5M17 13v2.5" />
    </>
  ),
  wallet: (
    <>
      <path d="M17 7V4.5a1 1 0 0 0-1.3-.95L5 7" />
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M21 11h-4a2 2 0 0 0 0 4h4" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  bell: (
    <>
      <path d="M6 16v-5a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 21h4" />
    </>
  ),
  file: (
    <>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
      <path d="M9 13h6M9 17h4" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
      <path d="M8 14h.01M12 14h.01M16 14h.01M8 17.5h.01M12 17.5h.01" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M3 20a6 6 0 0 1 12 0" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7" />
      <path d="M18 14.5a6 6 0 0 1 3 5.5" />
    </>
  ),
  phone: <path d="M5 4h3.5L10 8l-2 1.5a11 11 0 0 0 6.5 6.5L16 14l4 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5 12 13l8.5-6.5" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  star: <path d="M12 3l2.78 5.63 6.22.9-4.5 4.39 1.06 6.19L12 17.2l-5.56 2.92 1.06-6.19L3 9.53l6.22-.9z" />,
  gift: (
    <>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8" />
      <path d="M12 8v13" />
      <path d="M12 8c-1.5-3-5-4-5.5-1.5C6.2 8 9 8 12 8zm0 0c1.5-3 5-4 5.5-1.5.3 1.5-2.5 1.5-5.5 1.5z" />
    </>
  ),
  link: (
    <>
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    </>
  ),
  share: (
    <>
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
    </>
  ),
  play: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 8.5v7l5.5-3.5z" />
    </>
  ),
  x: <path d="M6 6l12 12M18 6L6 18" />,
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V16M8 7.5v.01" />
      <path d="M11.5 16v-5.5M11.5 13a2.5 2.5 0 0 1 5 0v3" />
    </>
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17 6.8v.01" />
    </>
  ),
  facebook: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M15.5 8H14a2.5 2.5 0 0 0-2.5 2.5V21M9 13h5.5" />
    </>
  ),
  whatsapp: (
    <>
      <path d="M3.5 20.5l1.4-4.2a8.5 8.5 0 1 1 3 2.9z" />
      <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8a5 5 0 0 1-2.3-2.3l.8-1-1-2z" />
    </>
  ),
};

/** A built-in line icon; decorative (aria-hidden) unless given a label. */
export function Icon({ name, size = 24, label, className }: { name: IconName; size?: number; label?: string; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      data-icon={name}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {label && <title>{label}</title>}
      {ICONS[name]}
    </svg>
  );
}
