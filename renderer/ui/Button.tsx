import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import type { ButtonStyle } from '../generated/config-types.ts';
import { SmartLink } from './SmartLink.tsx';
import styles from './ui.module.css';

export type ButtonState = 'normal' | 'loading' | 'disabled' | 'success';

interface Common {
  variant?: ButtonStyle;
  state?: ButtonState;
  size?: 'md' | 'lg';
  children: ReactNode;
  className?: string;
}

export function buttonClass(variant: ButtonStyle = 'primary', size: 'md' | 'lg' = 'md', extra = ''): string {
  return [styles.button, styles[`button-${variant}`], size === 'lg' ? styles['button-lg'] : '', extra].filter(Boolean).join(' ');
}

/**
 * The one button of the site: loading hides the label behind a spinner and ignores clicks,
 * success shows a checkmark, "muted" is always disabled.
 */
export function Button({
  variant = 'primary',
  state = 'normal',
  size = 'md',
  children,
  className = '',
  onClick,
  disabled,
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement>) {
  const isDisabled = disabled || state === 'disabled' || variant === 'muted';
  const busy = state === 'loading';
  const labelId = useId();
  // The hidden label would drop out of the accessible name; aria-labelledby keeps it (hidden referenced text still counts).
  const naming = busy && !rest['aria-label'] && !rest['aria-labelledby'] ? { 'aria-labelledby': labelId } : {};
  return (
    <button
      {...rest}
      {...naming}
      className={buttonClass(variant, size, className)}
      disabled={isDisabled}
      aria-busy={busy || undefined}
      data-state={state}
      onClick={(e) => {
        if (busy) {
          // Also stops a submit button from submitting its form a second time.
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    >
      <span id={labelId} className={busy ? styles['label-hidden'] : styles.label}>
        {children}
      </span>
      {busy && <span className={styles['button-spinner']} data-testid="button-spinner" aria-hidden="true" />}
      {state === 'success' && (
        <svg className={styles.check} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" data-testid="button-check">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
    </button>
  );
}

/** A link that looks like a button. */
export function ButtonLink({ to, variant = 'primary', size = 'md', children, className = '' }: Common & { to: string }) {
  return (
    <SmartLink to={to} className={buttonClass(variant, size, className)}>
      {children}
    </SmartLink>
  );
}
