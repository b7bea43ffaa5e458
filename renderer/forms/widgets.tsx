import type { ChangeEvent } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { CountryCombobox } from './Combobox.tsx';
import { countryForNumber, findCountry, type Country } from './countries.ts';
import { composePhone } from './phone-text.ts';
import styles from './forms.module.css';

/** What widgets need from the form beyond their own value (the phone widget also sets its country field). */
export interface FormContext {
  data: Record<string, unknown>;
  setFields: (values: Record<string, unknown>) => void;
}

export const errorId = (id: string) => `${id}__error`;
export const descriptionId = (id: string) => `${id}__description`;
export const helpId = (id: string) => `${id}__help`;

/** aria-describedby of a field: only ids of elements that are actually on the page. */
export function describedBy(p: Pick<WidgetProps, 'id' | 'rawErrors' | 'schema' | 'uiSchema'>): string | undefined {
  const ids = [p.rawErrors?.length ? errorId(p.id) : '', p.schema.description ? descriptionId(p.id) : '', p.uiSchema?.['ui:help'] ? helpId(p.id) : ''].filter(
    Boolean,
  );
  return ids.length ? ids.join(' ') : undefined;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const emptyToUndefined = (v: string) => (v === '' ? undefined : v);

function common(p: WidgetProps) {
  const invalid = Boolean(p.rawErrors?.length);
  return {
    id: p.id,
    name: p.htmlName ?? p.id,
    required: p.required,
    disabled: p.disabled || p.readonly,
    placeholder: p.placeholder || undefined,
    autoComplete: typeof p.options.autocomplete === 'string' ? p.options.autocomplete : undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(p),
    className: `${styles.input} ${invalid ? styles.invalid : ''}`,
    onBlur: (e: { target: { value: string } }) => p.onBlur(p.id, e.target.value),
    onFocus: (e: { target: { value: string } }) => p.onFocus(p.id, e.target.value),
  };
}

function inputWidget(type: 'text' | 'email' | 'tel' | 'number') {
  return function InputWidget(p: WidgetProps) {
    const numeric = type === 'number' || p.schema.type === 'number' || p.schema.type === 'integer';
    return (
      <input
        {...common(p)}
        type={numeric ? 'number' : type}
        inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
        value={text(p.value)}
        onChange={(e: ChangeEvent<HTMLInputElement>) => p.onChange(emptyToUndefined(e.target.value))}
      />
    );
  };
}

function TextareaWidget(p: WidgetProps) {
  const rows = typeof p.options.rows === 'number' ? p.options.rows : 4;
  return <textarea {...common(p)} rows={rows} value={text(p.value)} onChange={(e) => p.onChange(emptyToUndefined(e.target.value))} />;
}

/** Radio buttons in a fieldset whose legend is the field's label (the label template leaves it to us). */
function RadioWidget(p: WidgetProps) {
  const options = p.options.enumOptions ?? [];
  const invalid = Boolean(p.rawErrors?.length);
  const described = describedBy(p);
  return (
    <fieldset id={p.id} className={styles.choices} aria-describedby={described}>
      <legend className={styles.label}>{p.label}</legend>
      <div className={styles['choice-row']}>
        {options.map((o, i) => (
          <label key={String(o.value)} className={`${styles.choice} ${invalid ? styles.invalid : ''}`}>
            <input
              type="radio"
              id={`${p.id}-${i}`}
              name={p.htmlName ?? p.id}
              value={String(o.value)}
              checked={p.value === o.value}
              required={p.required}
              disabled={p.disabled || p.readonly}
              aria-invalid={invalid || undefined}
              aria-describedby={described}
              onChange={() => p.onChange(o.value)}
              onBlur={() => p.onBlur(p.id, p.value)}
              onFocus={() => p.onFocus(p.id, p.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CheckboxWidget(p: WidgetProps) {
  const invalid = Boolean(p.rawErrors?.length);
  return (
    <label className={`${styles.choice} ${invalid ? styles.invalid : ''}`}>
      <input
        type="checkbox"
        id={p.id}
        name={p.htmlName ?? p.id}
        checked={p.value === true}
        required={p.required}
        disabled={p.disabled || p.readonly}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(p)}
        // An unticked box is no answer, so a box that must be ticked is refused once unticked again, as before it was ever ticked.
        onChange={(e) => p.onChange(e.target.checked ? true : undefined)}
        onBlur={() => p.onBlur(p.id, p.value)}
        onFocus={() => p.onFocus(p.id, p.value)}
      />
      <span>{p.label}</span>
    </label>
  );
}

function CountryWidget(p: WidgetProps) {
  return (
    <CountryCombobox
      id={p.id}
      value={typeof p.value === 'string' ? p.value : undefined}
      onChange={(code) => p.onChange(code)}
      onBlur={() => p.onBlur(p.id, p.value)}
      onFocus={() => p.onFocus(p.id, p.value)}
      display={(c) => c.name}
      placeholder={p.placeholder || undefined}
      required={p.required}
      invalid={Boolean(p.rawErrors?.length)}
      describedBy={describedBy(p)}
      disabled={p.disabled || p.readonly}
      listLabel="Countries"
      prefix={
        <span className={styles.flag} aria-hidden="true">
          {findCountry(p.value)?.flag ?? '🌍'}
        </span>
      }
    />
  );
}

/** The national part of a stored "+<dial> <number>" value. */
export function nationalPart(value: unknown, dialCode: string | undefined): string {
  const v = text(value);
  if (dialCode && v.startsWith(`+${dialCode} `)) return v.slice(dialCode.length + 2);
  return v.replace(/^\+\d+\s/, '');
}

/**
 * The field values that typing `typed` into a phone widget gives: the number, plus the country field when the
 * number's own "+<dial code>" names another country.
 */
export function phoneFields(typed: string, field: string, countryField: string | undefined, country: Country | undefined): Record<string, unknown> {
  const value = composePhone(country?.dialCode, typed);
  const match = typed.trim().startsWith('+') && countryField ? countryForNumber(typed, country?.code) : undefined;
  return match && countryField && match.code !== country?.code ? { [countryField]: match.code, [field]: value } : { [field]: value };
}

export const phoneCountryField = (options: WidgetProps['options'] | Record<string, unknown> | undefined) =>
  typeof options?.countryField === 'string' ? options.countryField : undefined;

/**
 * A phone number with a dial-code picker. The field's value is the international number ("+1 306 555 0100");
 * the picker's country is kept in a sibling field (ui:options.countryField) so it can be sent on its own.
 */
function PhoneWidget(p: WidgetProps) {
  const ctx = p.registry.formContext as FormContext;
  const countryField = phoneCountryField(p.options);
  const country = findCountry(countryField ? ctx.data[countryField] : undefined);
  const national = nationalPart(p.value, country?.dialCode);
  const onNumber = (typed: string) => {
    const fields = phoneFields(typed, p.name, countryField, country);
    if (Object.keys(fields).length > 1) ctx.setFields(fields);
    else p.onChange(fields[p.name]);
  };
  const invalid = Boolean(p.rawErrors?.length);
  return (
    <div className={styles.phone}>
      <label className="visually-hidden" htmlFor={`${p.id}-country`}>
        Country code
      </label>
      <CountryCombobox
        id={`${p.id}-country`}
        className={styles['phone-country']}
        value={country?.code}
        dial
        display={(c) => `${c.code} +${c.dialCode}`}
        onChange={(code) => {
          const next = findCountry(code);
          // Keep the last country if the picker is cleared: a phone number always has one.
          if (!next || !countryField) return;
          ctx.setFields({ [countryField]: next.code, [p.name]: composePhone(next.dialCode, national) });
        }}
        listLabel="Country calling codes"
        disabled={p.disabled || p.readonly}
        prefix={
          <span className={styles.flag} aria-hidden="true">
            {country?.flag ?? '🌍'}
          </span>
        }
      />
      <input
        {...common(p)}
        className={`${styles.input} ${styles['phone-number']} ${invalid ? styles.invalid : ''}`}
        // Only the national part is typed here (the picker holds the dial code), and HTML lets the national-number
        // autofill token sit on text inputs only: type="tel" is for whole numbers. inputMode keeps the phone keypad.
        type="text"
        inputMode="tel"
        value={national}
        onChange={(e) => onNumber(e.target.value)}
      />
    </div>
  );
}

function HiddenWidget(p: WidgetProps) {
  return <input type="hidden" id={p.id} name={p.htmlName ?? p.id} value={text(p.value)} />;
}

/** Widget names a form file may use in "ui:widget", plus rjsf's defaults mapped to the same components. */
const TextWidget = inputWidget('text');
const EmailWidget = inputWidget('email');
const TelWidget = inputWidget('tel');
const NumberWidget = inputWidget('number');

export const widgets: RegistryWidgetsType = {
  text: TextWidget,
  email: EmailWidget,
  tel: TelWidget,
  textarea: TextareaWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  country: CountryWidget,
  phone: PhoneWidget,
  hidden: HiddenWidget,
  TextWidget,
  EmailWidget,
  UpDownWidget: NumberWidget,
  TextareaWidget,
  RadioWidget,
  SelectWidget: RadioWidget,
  CheckboxWidget,
  HiddenWidget,
};

/** Widgets that draw their own label (a legend or a label around the box). */
export const SELF_LABELLED = new Set(['radio', 'checkbox', 'hidden']);
