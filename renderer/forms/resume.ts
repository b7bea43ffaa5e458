import type { UiSchema } from '@rjsf/utils';
import type { FormConfig } from '../generated/config-types.ts';
import { isEdited, type MissedInteraction } from '../lib/hydrate-on-interaction.ts';
import { exactCountry, findCountry, searchCountries } from './countries.ts';
import type { FormValues } from './payload.ts';
import { phoneCountryField, phoneFields } from './widgets.tsx';

export interface TakenOver {
  /** The form's values with what the visitor entered into the server markup. */
  data: FormValues;
  /** Fields whose message should show, as if the form had seen the visitor leave or change them. */
  shown: string[];
}

type Mode = NonNullable<FormConfig['validateOn']>;

const emptyToUndefined = (v: string) => (v === '' ? undefined : v);

/**
 * What the server-rendered form shows after the visitor used it before it hydrated, read the way each widget
 * reads its own input (so the hydrated form renders exactly what is on screen and sends it). Only fields
 * whose controls differ from their markup are read; the others keep `data`.
 */
export function takeOverScreen(
  root: HTMLElement,
  config: FormConfig,
  uiSchema: UiSchema,
  idPrefix: string,
  data: FormValues,
  missed: MissedInteraction,
  mode: Mode,
): TakenOver {
  const next: FormValues = { ...data };
  const changed: string[] = [];
  const active = document.activeElement;
  const control = (id: string) => {
    const el = document.getElementById(id);
    return el && root.contains(el) ? el : null;
  };

  const boxes = new Map([...root.querySelectorAll('[data-field]')].map((el) => [el.getAttribute('data-field'), el]));
  for (const [name, def] of Object.entries(config.schema.properties)) {
    const box = boxes.get(name);
    if (!box || !isEdited(box)) continue;
    const id = `${idPrefix}-${name}`;
    const widget = (uiSchema[name] as UiSchema | undefined)?.['ui:widget'];
    const before = { ...next };
    if (widget === 'radio' || widget === 'SelectWidget') {
      const picked = box.querySelector<HTMLInputElement>('input[type="radio"]:checked');
      next[name] = picked ? def.enum?.find((o) => String(o) === picked.value) : undefined;
    } else if (widget === 'checkbox') {
      const input = control(id);
      if (input instanceof HTMLInputElement) next[name] = input.checked;
    } else if (widget === 'country') {
      const input = control(id);
      if (input instanceof HTMLInputElement) {
        const text = input.value;
        // As the combobox does when left: a country typed exactly, or the only one matching; while the
        // visitor is still in it, only an exact name (the combobox keeps the rest as its search text).
        const matches = input === active ? [] : searchCountries(text);
        const country = exactCountry(text) ?? (matches.length === 1 ? matches[0] : undefined);
        if (text.trim() === '') next[name] = undefined;
        else if (country) next[name] = country.code;
      }
    } else if (widget === 'phone') {
      const input = control(id);
      const countryField = phoneCountryField((uiSchema[name] as UiSchema | undefined)?.['ui:options']);
      if (input instanceof HTMLInputElement)
        Object.assign(next, phoneFields(input.value, name, countryField, findCountry(countryField ? next[countryField] : undefined)));
    } else if (widget !== 'hidden') {
      const input = control(id);
      if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) next[name] = emptyToUndefined(input.value);
    }
    for (const k of Object.keys(next)) if (next[k] !== before[k] && !changed.includes(k)) changed.push(k);
  }

  const fieldOf = (el: Element) => el.closest('[data-field]')?.getAttribute('data-field') ?? undefined;
  const left = [...new Set(missed.left.map(fieldOf).filter((f): f is string => Boolean(f)))];
  const current = active && root.contains(active) ? fieldOf(active) : undefined;
  // The same rules as the live form: "touched" keeps a left field's message, "blur" hides it again while
  // the visitor is back in the field, "change" shows a message as soon as a field changes.
  const shown = mode === 'change' ? changed : mode === 'blur' ? left.filter((f) => f !== current) : left;
  return { data: next, shown };
}
