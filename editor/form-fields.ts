/**
 * Pure edits of a form file's fields: add, remove, move, send under another name, and the kind, label, rules, choices
 * and messages of one field. Each returns a new form and leaves the old one untouched, so every edit goes through the
 * editor store (undo, live checks, save) like any other. The shapes written are the ones the renderer and the lead
 * service already read: "enum" with radio buttons for a choice, "format" for e-mail and phone, a textarea for long
 * text, a boolean with a checkbox.
 */
import type { FormConfig, FormField, FormFieldMessages, FormFieldUi, FormPayloadValue } from '../renderer/generated/config-types.ts';

export type FieldKind = 'text' | 'email' | 'phone' | 'longText' | 'choice' | 'checkbox';

/** The kinds a marketer chooses from, with their names on screen. */
export const KINDS: { kind: FieldKind; label: string }[] = [
  { kind: 'text', label: 'Short text' },
  { kind: 'email', label: 'Email' },
  { kind: 'phone', label: 'Phone' },
  { kind: 'longText', label: 'Long text' },
  { kind: 'choice', label: 'Choice' },
  { kind: 'checkbox', label: 'Checkbox' },
];

/** Kinds that take a shortest and a longest length. */
export const TEXT_KINDS: ReadonlySet<FieldKind> = new Set(['text', 'longText']);

export type Rule = 'required' | 'minLength' | 'maxLength' | 'format' | 'enum' | 'pattern';

/** What the Scheduler section fills in from the details a form kept for it (blocks/Scheduler), by the names they were sent under. */
export const SCHEDULER_READS = ['firstName', 'lastName', 'email'];

const NAME = /^[a-zA-Z][a-zA-Z0-9_]*$/;
/** The honeypot's key (renderer/forms/honeypot.ts): a value sent under it makes the lead service drop the lead. */
const RESERVED = new Set(['website']);

/** The field's kind, or undefined for one set up in another way (a country list, a hidden value, a phone with a country picker). */
export function kindOf(form: FormConfig, name: string): FieldKind | undefined {
  const def = form.schema.properties[name];
  const widget = form.uiSchema?.[name]?.['ui:widget'];
  if (!def) return undefined;
  if (widget === 'country' || widget === 'hidden' || widget === 'phone') return undefined;
  if (def.type === 'boolean') return 'checkbox';
  if (def.type !== 'string') return undefined;
  if (def.enum) return 'choice';
  if (def.format === 'email' || widget === 'email') return 'email';
  if (def.format === 'phone' || widget === 'tel') return 'phone';
  if (widget === 'textarea') return 'longText';
  return 'text';
}

/** The fields in the order the form shows them: the listed order first, then the rest as the file lists them. */
export function fieldOrder(form: FormConfig): string[] {
  const names = Object.keys(form.schema.properties);
  const listed = (form.order ?? []).filter((n) => names.includes(n));
  return [...listed, ...names.filter((n) => !listed.includes(n))];
}

/** "Company size" → "companySize": lower camel case from the label's letters and digits; "field" when none is left. */
export function nameFromLabel(label: string): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  let name = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!/^[a-zA-Z]/.test(name)) name = `field${name}`;
  return name;
}

/** `wanted`, or with 2, 3… after it, so that it is neither a field nor a value the form already sends. */
export function uniqueName(form: FormConfig, wanted: string): string {
  const taken = new Set([...Object.keys(form.schema.properties), ...Object.keys(form.submit.payload), ...RESERVED]);
  if (!taken.has(wanted)) return wanted;
  let i = 2;
  while (taken.has(`${wanted}${i}`)) i++;
  return `${wanted}${i}`;
}

/** Why a name cannot be used to send a field, in plain words; undefined when it can. */
export function sentNameProblem(form: FormConfig, name: string, field?: string): string | undefined {
  if (!NAME.test(name)) return 'Use letters and digits only, starting with a letter, e.g. companySize.';
  if (RESERVED.has(name)) return `“${name}” is kept for catching spam. Choose another name.`;
  const owner = form.submit.payload[name];
  if (owner !== undefined && fieldOfValue(owner) !== field) return `This form already sends a value named “${name}”. Choose another name.`;
  if (field === undefined && name in form.schema.properties) return `This form already has a field named “${name}”. Choose another name.`;
  return undefined;
}

/** The field a sent value comes from, or undefined for a value made when sending (the moment of sending). */
export function fieldOfValue(spec: FormPayloadValue): string | undefined {
  if (typeof spec === 'string') return spec;
  return 'field' in spec ? spec.field : undefined;
}

/** The names a field is sent under, in the order of what is sent. */
export function sentNames(form: FormConfig, field: string): string[] {
  return Object.entries(form.submit.payload)
    .filter(([, spec]) => fieldOfValue(spec) === field)
    .map(([key]) => key);
}

/** The spec's own messages as examples, worded for this field. */
export function exampleMessage(rule: Rule, label: string, kind?: FieldKind, limit?: number): string {
  const title = label.trim() || 'This field';
  switch (rule) {
    case 'required':
      return kind === 'choice' ? `Please choose your ${title.toLowerCase()}.` : kind === 'checkbox' ? `Please tick “${title}”.` : `${title} is required.`;
    case 'format':
      return kind === 'phone' ? 'Please enter a valid phone number, e.g. +1 306 555 0100.' : 'Please enter a valid email address.';
    case 'minLength':
      return `${title} cannot be less than ${limit ?? 2} characters.`;
    case 'maxLength':
      return `Please keep ${title.toLowerCase()} under ${limit ?? 2000} characters.`;
    case 'enum':
      return `Please choose one of the choices for ${title.toLowerCase()}.`;
    case 'pattern':
      return `${title} is required.`;
  }
}

/** The rules a field has, in the order their messages are listed (the first listed wins when several fail). */
export function rulesOf(form: FormConfig, name: string): Rule[] {
  const def = form.schema.properties[name];
  if (!def) return [];
  const out: Rule[] = [];
  if (form.schema.required?.includes(name)) out.push('required');
  if (def.minLength !== undefined) out.push('minLength');
  if (def.maxLength !== undefined) out.push('maxLength');
  if (def.pattern !== undefined) out.push('pattern');
  if (def.format !== undefined) out.push('format');
  if (def.enum !== undefined) out.push('enum');
  return out;
}

function withField(form: FormConfig, name: string, def: FormField): FormConfig {
  return { ...form, schema: { ...form.schema, properties: { ...form.schema.properties, [name]: def } } };
}

function withUi(form: FormConfig, name: string, ui: FormFieldUi | undefined): FormConfig {
  const { [name]: _old, ...rest } = form.uiSchema ?? {};
  const uiSchema = ui && Object.keys(ui).length ? { ...(form.uiSchema ?? {}), [name]: ui } : rest;
  if (Object.keys(uiSchema).length) return { ...form, uiSchema };
  const { uiSchema: _gone, ...without } = form;
  return without;
}

/** Messages without empty ones; the whole set left out when none is left (the file allows no empty set). */
function withMessages(def: FormField, messages: FormFieldMessages): FormField {
  const kept = Object.fromEntries(Object.entries(messages).filter(([, v]) => typeof v === 'string' && v !== '')) as FormFieldMessages;
  const { messages: _old, ...rest } = def;
  return Object.keys(kept).length ? { ...rest, messages: kept } : rest;
}

/** The schema and the look of a new field of this kind. */
function shapeOf(kind: FieldKind, label: string): { def: FormField; ui?: FormFieldUi } {
  switch (kind) {
    case 'text':
      return { def: { type: 'string', title: label } };
    case 'email':
      return {
        def: { type: 'string', title: label, format: 'email', messages: { format: exampleMessage('format', label, kind) } },
        ui: { 'ui:widget': 'email', 'ui:autocomplete': 'email', 'ui:placeholder': 'name@example.com' },
      };
    case 'phone':
      return {
        def: { type: 'string', title: label, format: 'phone', messages: { format: exampleMessage('format', label, kind) } },
        ui: { 'ui:widget': 'tel', 'ui:autocomplete': 'tel', 'ui:placeholder': '+1 306 555 0100' },
      };
    case 'longText':
      return {
        def: { type: 'string', title: label, maxLength: 2000, messages: { maxLength: exampleMessage('maxLength', label, kind, 2000) } },
        ui: { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } },
      };
    case 'choice':
      return {
        def: { type: 'string', title: label, enum: ['Option 1'], messages: { enum: exampleMessage('enum', label, kind) } },
        ui: { 'ui:widget': 'radio' },
      };
    case 'checkbox':
      return { def: { type: 'boolean', title: label }, ui: { 'ui:widget': 'checkbox' } };
  }
}

/**
 * A new field at the end of the form, sent under its own name. `name` is the field's name and the name it is sent
 * under (made from the label by the screen, changeable there).
 */
export function addField(form: FormConfig, opts: { kind: FieldKind; label: string; name: string; required?: boolean }): FormConfig {
  const { def, ui } = shapeOf(opts.kind, opts.label);
  let next = withField(form, opts.name, def);
  if (ui) next = withUi(next, opts.name, ui);
  if (form.order) next = { ...next, order: [...fieldOrder(form), opts.name] };
  next = { ...next, submit: { ...next.submit, payload: { ...next.submit.payload, [opts.name]: opts.name } } };
  return opts.required ? setRequired(next, opts.name, true) : next;
}

/** Moves a field up (-1) or down (+1) in the order the form shows; the order is written in full. */
export function moveField(form: FormConfig, name: string, by: number): FormConfig {
  const order = fieldOrder(form);
  const from = order.indexOf(name);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return form;
  const next = order.slice();
  next.splice(from, 1);
  next.splice(to, 0, name);
  return { ...form, order: next };
}

export function setLabel(form: FormConfig, name: string, label: string): FormConfig {
  const def = form.schema.properties[name];
  return def ? withField(form, name, { ...def, title: label }) : form;
}

/** Required or not; a required field gets the example message first (its message shows before any other rule's). */
export function setRequired(form: FormConfig, name: string, on: boolean): FormConfig {
  const def = form.schema.properties[name];
  if (!def) return form;
  const list = form.schema.required ?? [];
  const required = on ? (list.includes(name) ? list : [...list, name]) : list.filter((n) => n !== name);
  const { required: oldMessage, ...others } = def.messages ?? {};
  const messages = on ? { required: oldMessage ?? exampleMessage('required', def.title, kindOf(form, name)), ...others } : others;
  const { required: _r, ...schemaRest } = form.schema;
  const schema = required.length ? { ...schemaRest, required } : schemaRest;
  return { ...form, schema: { ...schema, properties: { ...form.schema.properties, [name]: withMessages(def, messages) } } };
}

/** The shortest or longest length; undefined removes the rule and its message. */
export function setLimit(form: FormConfig, name: string, rule: 'minLength' | 'maxLength', value: number | undefined): FormConfig {
  const def = form.schema.properties[name];
  if (!def) return form;
  const { [rule]: _old, ...rest } = def;
  const { [rule]: oldMessage, ...messages } = def.messages ?? {};
  if (value === undefined) return withField(form, name, withMessages(rest, messages));
  const message = oldMessage ?? exampleMessage(rule, def.title, kindOf(form, name), value);
  return withField(form, name, withMessages({ ...rest, [rule]: value }, { ...def.messages, [rule]: message }));
}

/** The message of one rule; an empty one is left out of the file. */
export function setMessage(form: FormConfig, name: string, rule: Rule, message: string): FormConfig {
  const def = form.schema.properties[name];
  if (!def) return form;
  return withField(form, name, withMessages(def, { ...def.messages, [rule]: message }));
}

/** The choices of a choice field, as the visitor sees them and as they are sent. */
export function setChoices(form: FormConfig, name: string, choices: string[]): FormConfig {
  const def = form.schema.properties[name];
  if (!def) return form;
  return withField(form, name, { ...def, enum: choices as [string, ...string[]] });
}

/**
 * Another kind for a field: its label, whether it is required (with its message) and where it is sent stay; the
 * rules of the old kind go, and the new kind's come with their example messages.
 */
export function setKind(form: FormConfig, name: string, kind: FieldKind): FormConfig {
  const def = form.schema.properties[name];
  if (!def || kindOf(form, name) === kind) return form;
  const shape = shapeOf(kind, def.title);
  const keep = { description: def.description, ...(TEXT_KINDS.has(kind) && def.pattern !== undefined ? { pattern: def.pattern } : {}) };
  const messages: FormFieldMessages = { ...shape.def.messages };
  if (def.messages?.required) messages.required = def.messages.required;
  if (keep.pattern !== undefined && def.messages?.pattern) messages.pattern = def.messages.pattern;
  const fresh = JSON.parse(JSON.stringify({ ...shape.def, ...keep })) as FormField;
  const { required, ...rest } = messages;
  let next = withField(form, name, withMessages(fresh, required ? { required, ...rest } : rest));
  const oldUi = form.uiSchema?.[name] ?? {};
  const width = oldUi['ui:options']?.width;
  const ui: FormFieldUi = { ...shape.ui, ...(oldUi['ui:help'] ? { 'ui:help': oldUi['ui:help'] } : {}) };
  if (width) ui['ui:options'] = { ...ui['ui:options'], width };
  next = withUi(next, name, ui);
  return next;
}

/** Sends a field under another name (in place of `from`); the details kept for a next step follow the new name. */
export function renameSent(form: FormConfig, from: string, to: string): FormConfig {
  if (from === to || !(from in form.submit.payload)) return form;
  const payload = Object.fromEntries(Object.entries(form.submit.payload).map(([k, v]) => [k === from ? to : k, v]));
  let submit = { ...form.submit, payload };
  const store = submit.onSuccess.store;
  if (store?.fields.includes(from))
    submit = {
      ...submit,
      onSuccess: { ...submit.onSuccess, store: { ...store, fields: store.fields.map((f) => (f === from ? to : f)) as [string, ...string[]] } },
    };
  return { ...form, submit };
}

/** A page as the removal check needs it. */
export interface PageInfo {
  title: string;
  route: string;
  data: unknown;
}

export interface Removal {
  /** What depends on the field, one plain sentence each; the person is asked before it goes. */
  dependents: string[];
  /** Why it cannot be removed; the form is left as it is. */
  refused?: string;
  /** The form without the field and without every reference to it. */
  next?: FormConfig;
}

/**
 * What removing a field would change, and the form without it: what is sent, the details kept for a next step, another
 * field that keeps its country in it, and pages whose Scheduler section fills in details from it.
 */
export function removeField(form: FormConfig, name: string, pages: PageInfo[] = []): Removal {
  const def = form.schema.properties[name];
  if (!def) return { dependents: [], refused: 'This field is not in the form any more.' };
  const label = def.title;
  const fields = Object.keys(form.schema.properties);
  if (fields.length === 1) return { dependents: [], refused: `“${label}” is the only field of this form. Add another field before removing it.` };
  const sent = sentNames(form, name);
  const payloadLeft = Object.keys(form.submit.payload).filter((k) => !sent.includes(k));
  if (sent.length && payloadLeft.length === 0)
    return { dependents: [], refused: `“${label}” is the only value this form sends. Add another field before removing it.` };
  const dependents: string[] = [];
  for (const key of sent) dependents.push(`The form sends it as “${key}”; that value will no longer be sent.`);

  const store = form.submit.onSuccess.store;
  const kept = store ? store.fields.filter((k) => sent.includes(k)) : [];
  if (store && kept.length) {
    if (kept.length === store.fields.length)
      return {
        dependents,
        refused: `After sending, the form keeps only “${label}” for the next step; keep another value for the next step before removing it.`,
      };
    dependents.push(`After sending, the form keeps it for the next step; it will no longer be kept.`);
    for (const p of pages) {
      const blocks = (p.data as { blocks?: { type?: string; store?: string }[] } | null)?.blocks ?? [];
      if (blocks.some((b) => b.type === 'scheduler' && b.store === store.key) && kept.some((k) => SCHEDULER_READS.includes(k)))
        dependents.push(`The page “${p.title}” (${p.route}) fills in the visitor's details from it when they book a call; it will no longer be filled in.`);
    }
  }

  const uiSchema = Object.fromEntries(
    Object.entries(form.uiSchema ?? {})
      .filter(([field]) => field !== name)
      .map(([field, ui]) => {
        if (ui['ui:options']?.countryField !== name) return [field, ui];
        dependents.push(`The field “${form.schema.properties[field]?.title ?? field}” keeps its country in it; its country picker will start empty.`);
        const { countryField: _c, ...options } = ui['ui:options'];
        const { 'ui:options': _o, ...rest } = ui;
        return [field, Object.keys(options).length ? { ...rest, 'ui:options': options } : rest];
      }),
  );

  const { [name]: _gone, ...properties } = form.schema.properties;
  const required = form.schema.required?.filter((n) => n !== name);
  const { required: _r, ...schemaRest } = form.schema;
  let next: FormConfig = { ...form, schema: { ...schemaRest, ...(required?.length ? { required } : {}), properties } };
  if (Object.keys(uiSchema).length) next.uiSchema = uiSchema;
  else delete next.uiSchema;
  if (form.order) next.order = form.order.filter((n) => n !== name);
  const payload = Object.fromEntries(Object.entries(form.submit.payload).filter(([k]) => !sent.includes(k)));
  const onSuccess =
    store && kept.length
      ? { ...form.submit.onSuccess, store: { ...store, fields: store.fields.filter((k) => !kept.includes(k)) as [string, ...string[]] } }
      : form.submit.onSuccess;
  next = { ...next, submit: { ...form.submit, payload, onSuccess } };
  return { dependents, next };
}
