import type { IconName } from '../generated/config-types.ts';

// Placeholder set: every name draws a simple shape until the full icon set lands.
const PATHS: Partial<Record<IconName, string>> = {
  x: 'M6 6l12 12M18 6L6 18',
  check: 'M5 12.5l4.5 4.5L19 7.5',
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
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path d={PATHS[name] ?? 'M4 12a8 8 0 1016 0 8 8 0 10-16 0'} />
    </svg>
  );
}
