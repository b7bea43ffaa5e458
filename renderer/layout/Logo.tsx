import { useSite } from '../lib/site-context.tsx';
import styles from './Logo.module.css';

/** The brand mark: a house on a foundation slab, drawn to sit on the baseline of the name. */
export function LogoMark({ className = '' }: { className?: string }) {
  return (
    <svg className={`${styles.mark} ${className}`} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect className={styles.tile} width="32" height="32" rx="8" />
      <path className={styles.house} d="M8 23.5V14l8-6.5 8 6.5v9.5h-5.5v-5.5h-5v5.5z" />
      <path className={styles.beam} d="M21 9.5h3.5V13" />
    </svg>
  );
}

/** Mark plus product name, linking home with a plain document load; `tone` picks the colours for light or dark backgrounds. */
export function Logo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const site = useSite();
  return (
    <a href="/" className={`${styles.logo} ${styles[tone]}`}>
      <LogoMark />
      <span className={styles.name}>{site.name}</span>
    </a>
  );
}
