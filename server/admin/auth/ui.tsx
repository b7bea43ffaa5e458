/** Small pieces the sign-in, invite, account and staff pages share: a labelled field with its hint and error. */
import type { ReactNode } from 'react';

export interface FieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  defaultValue?: string;
  hint?: ReactNode;
  /** The field's own error, shown under its label and announced with it. */
  error?: string;
  /** The id of a message about the whole form that this field should be read with. */
  describedBy?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
}

export function Field({ name, label, type = 'text', autoComplete, defaultValue, hint, error, describedBy, required = true, minLength, maxLength }: FieldProps) {
  const id = `f-${name}`;
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', describedBy ?? ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        minLength={minLength}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids || undefined}
      />
    </div>
  );
}

/** A sentence about what just happened (role="status") or what went wrong (role="alert"). */
export function Message({ kind, id, children }: { kind: 'notice' | 'error'; id?: string; children: ReactNode }) {
  return kind === 'notice' ? (
    <p className="notice" role="status" id={id}>
      {children}
    </p>
  ) : (
    <p className="error" role="alert" id={id}>
      {children}
    </p>
  );
}

/** A string field of a posted form ('' when absent or a file). */
export function formText(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  return typeof v === 'string' ? v : '';
}

/** Dates as the staff read them: day, month, year and time, in UTC (the server's clock), never the browser's locale. */
export function formatWhen(d: Date): string {
  const day = d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}
