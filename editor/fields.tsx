/**
 * The side panel's forms, generated from the schemas by rjsf, with widgets for people who do not write JSON:
 * character counts, pickers for links, pictures and FAQ sets/forms, and every schema description as help.
 */
import Form, { getDefaultRegistry } from '@rjsf/core';
import { englishStringTranslator, TranslatableString, type FieldProps, type RJSFSchema, type UiSchema, type WidgetProps } from '@rjsf/utils';
import { interpretedValidator } from './interpreted-validator.ts';
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useEditorData } from './context.ts';
import { entryTemplates } from './entry-label.tsx';
import { ChoiceSelect, controlTemplates, controlWidgets } from './controls.tsx';
import { humanise, type ErrorSchema } from './pointer.ts';
import { PriceRuleNote } from './PriceNote.tsx';
import { isPriceRuleSchema } from './prices.ts';
import { PictureLibraryButton } from './Pictures.tsx';

type Schema = Record<string, unknown>;
const defaults = getDefaultRegistry();

/** Strings that hold sentences rather than a few words get a multi-line box. */
const LONG = new Set(['text', 'intro', 'answer', 'description', 'lead', 'body', 'quote', 'summary', 'note', 'message', 'subheading', 'bio']);

/** What one entry of a map is called, by the map's name, when the entries are not known (see EntryTitle). */
const MAP_ENTRY: Record<string, string> = { properties: 'Field', uiSchema: 'How this field looks', payload: 'Value sent' };

/**
 * Keys whose humanised name would still be technical, in plain words. A form file holds a JSON Schema of its own, so
 * its keys ("schema", "properties", "uiSchema", "payload", "enum", "ui:widget") say how the file is built, not what
 * the person is changing. No other file has settings with these names.
 */
const WORDS: Record<string, string> = {
  schema: 'Fields and rules',
  properties: 'Fields',
  uiSchema: 'How the fields look',
  payload: 'What is sent',
  enum: 'Choices',
  'ui:widget': 'Kind of input',
  'ui:autocomplete': 'Browser autofill',
  'ui:options': 'Layout',
};

/** An item of these lists is a field of the form (by its name), not "a required" or "an order". */
const ITEM_WORDS: Record<string, string> = { required: 'Field', order: 'Field', enum: 'Choice' };

/** The kinds of an entry that the schema leaves untitled, by the entry's schema title, in order. */
const BRANCH_WORDS: Record<string, string[]> = { FormPayloadValue: ['A field, as typed', 'A field, changed', 'Made when sending'] };

/**
 * The kinds of a setting whose choice has no title in the schema, by the setting's name; without these both of an
 * office's kinds were called "Location", and a header entry given by its name was called "Items".
 */
const UNTITLED_BRANCH_WORDS: Record<string, (string | undefined)[]> = {
  location: ['One address', 'A list of addresses'],
  items: ['One of the header’s entries, by its name'],
  secondary: ['One of the header’s entries, by its name'],
  actions: ['One of the header’s entries, by its name'],
};

const words = (key: string) => WORDS[key] ?? humanise(key);

/**
 * The title of one entry of a map (a form's field, how it looks, a value sent), given the map's key ("properties",
 * "uiSchema", "payload"), the entry's key ("firstname") and its data.
 */
export type EntryTitle = (map: string, key: string, value: unknown) => string;

/** One field of a form file, for a setting that names one: its name in the file and its title in words. */
export interface FieldChoice {
  key: string;
  title: string;
}

export interface PrepareOptions {
  /** The file's data at this point (for the item of a list: the whole list). */
  data?: unknown;
  /**
   * With it, every entry of a map in `data` becomes a field of its own titled in words ("First Name", not the key
   * "firstname"), and entries cannot be added, renamed or removed here (that is a change to the file's structure).
   */
  entryTitle?: EntryTitle;
  /**
   * The form's fields. With them, a setting that names a field of the form (the schema marks it "x-form-field": an
   * item of Required or Order, a Country field, a field of What is sent) is a choice of the fields by their titles,
   * and stores the field's name.
   */
  fields?: FieldChoice[];
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const nonEmpty = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * A form file's entries in words: each field by its own title ("First Name"), how it looks and each value sent by
 * the title of the field it is about, anything else (e.g. a time stamp that is sent) by its humanised key.
 */
export function formEntryTitles(form: unknown): EntryTitle {
  const fields = record(record(record(form).schema).properties);
  const label = (name: string) => nonEmpty(record(fields[name]).title) ?? humanise(name);
  return (map, key, value) => {
    if (map === 'properties') return nonEmpty(record(value).title) ?? humanise(key);
    if (map === 'uiSchema') return Object.hasOwn(fields, key) ? label(key) : humanise(key);
    if (map === 'payload') {
      const field = typeof value === 'string' ? value : nonEmpty(record(value).field);
      return field && Object.hasOwn(fields, field) ? label(field) : humanise(key);
    }
    return humanise(key);
  };
}

/** A form file's fields in the order of the file, each by its own title ("First Name"), else its humanised name. */
export function formFields(form: unknown): FieldChoice[] {
  const fields = record(record(record(form).schema).properties);
  const seen = new Set<string>();
  return Object.entries(fields).map(([key, field]) => {
    let title = nonEmpty(record(field).title) ?? humanise(key);
    // Two fields with the same title are told apart by their names.
    if (seen.has(title)) title = `${title} (${key})`;
    seen.add(title);
    return { key, title };
  });
}

/** Everything prepare needs to show a form file in words: its entries by title, and its fields to choose from. */
export function formOptions(form: unknown): PrepareOptions {
  return { data: form, entryTitle: formEntryTitles(form), fields: formFields(form) };
}

/**
 * The choices for a setting that names a field of the form: every field by its title, and any value already there
 * that is not a field of the form (a typo in the file) so that nothing is lost; the checker says what is wrong with it.
 */
function fieldChoices(fields: FieldChoice[], data: unknown): Schema[] {
  const known = new Set(fields.map((f) => f.key));
  const unknown = [...new Set((Array.isArray(data) ? data : [data]).filter((v): v is string => typeof v === 'string' && v !== '' && !known.has(v)))];
  return [...fields.map((f) => ({ const: f.key, title: f.title })), ...unknown.map((v) => ({ const: v, title: `${v} (not a field of this form)` }))];
}

/**
 * Titles in plain words for every property ("askLink" → "Ask link"), and the uiSchema: the block's "type" and the
 * "$schema" line are hidden, sentences get a multi-line box.
 */
export function prepare(schema: Schema, key = '', opts: PrepareOptions = {}): { schema: Schema; ui: UiSchema } {
  const ui: UiSchema = {};
  const out: Schema = { ...schema };
  const data = record(opts.data);
  // The form's own heading is the panel's ("Section 2: Feature grid"); JSON examples are left out of help texts.
  out.title = key ? words(key) : '';
  if (typeof schema.description === 'string') out.description = plainHelp(schema.description);
  if (schema.type === 'string' && LONG.has(key) && !(typeof schema.maxLength === 'number' && schema.maxLength <= 80) && !schema.enum)
    ui['ui:widget'] = 'textarea';
  const props: Record<string, Schema> = {};
  if (schema.properties) {
    for (const [k, v] of Object.entries(schema.properties as Record<string, Schema>)) {
      const p = prepare(v, k, { ...opts, data: data[k] });
      if (k.startsWith('ui:')) {
        // A form file's own "ui:widget", "ui:options", …: under that key rjsf would read the panel's uiSchema as an
        // option of the object holding it, so what it says goes into the setting's schema instead.
        props[k] = withoutUi(p.schema, p.ui);
        continue;
      }
      props[k] = p.schema;
      if (Object.keys(p.ui).length) ui[k] = p.ui;
      if (k === 'type' && ('const' in v || v.enum)) ui[k] = { 'ui:widget': 'hidden' };
    }
    out.properties = props;
  }
  if (schema.items && !Array.isArray(schema.items)) {
    // One schema serves every item, so the item is given the whole list (a choice of fields keeps every value in it).
    const p = prepare(schema.items as Schema, key, { fields: opts.fields, data: opts.data });
    // An item of "actions" is "Action"-ish; rjsf numbers them itself, so the item keeps the schema's own title.
    p.schema.title = (schema.items as Schema).title === 'Link' ? (key === 'actions' ? 'Button' : 'Link') : (ITEM_WORDS[key] ?? humanise(key).replace(/s$/, ''));
    out.items = p.schema;
    if (Object.keys(p.ui).length) ui.items = p.ui;
    // A list of choices that may not repeat would be one multiple-choice box, which loses the list's order (Order is
    // nothing else) and each item's own problem: it stays a list of single choices; the checker still reports a repeat.
    if (p.schema.oneOf && (p.schema as Schema)['x-form-field']) delete out.uniqueItems;
  }
  // Maps by name (a form's fields, their looks, the request body): each entry gets plain words too.
  const entry = schema.additionalProperties;
  if (entry && typeof entry === 'object' && opts.entryTitle) {
    // Each entry in the data is a field of its own, titled by what it is about; two alike are told apart by key.
    const seen = new Set<string>();
    for (const k of Object.keys(data).filter((k) => !Object.hasOwn(props, k))) {
      const p = prepare(entry as Schema, key, { ...opts, data: data[k] });
      let title = opts.entryTitle(key, k, data[k]);
      if (seen.has(title)) title = `${title} (${humanise(k).toLowerCase()})`;
      seen.add(title);
      p.schema.title = title;
      props[k] = p.schema;
      if (Object.keys(p.ui).length) ui[k] = p.ui;
    }
    out.properties = props;
    delete out.additionalProperties;
  } else if (entry && typeof entry === 'object') {
    const p = prepare(entry as Schema, key);
    p.schema.title = MAP_ENTRY[key] ?? humanise(key).replace(/s$/, '');
    out.additionalProperties = p.schema;
    if (Object.keys(p.ui).length) ui.additionalProperties = p.ui;
  }
  // Entries that can be one of several kinds (a header item is a link or a menu): each kind in plain words too.
  for (const which of ['oneOf', 'anyOf'] as const) {
    const branches = schema[which];
    if (!Array.isArray(branches)) continue;
    const named = typeof schema.title === 'string' ? BRANCH_WORDS[schema.title] : undefined;
    out[which] = branches.map((branch: Schema, i) => {
      const p = prepare(branch, key, opts);
      // rjsf draws the chosen kind with this setting's uiSchema: the kinds' choices and boxes are described there.
      for (const [k, v] of Object.entries(p.ui)) ui[k] ??= v;
      p.schema.title = named?.[i] ?? (typeof branch.title === 'string' ? humanise(branch.title) : (UNTITLED_BRANCH_WORDS[key]?.[i] ?? humanise(key)));
      return p.schema;
    });
  }
  // Parts merged into this schema when the form is drawn (a plan's rules, a required setting that depends on another):
  // in words too, without a title of their own so the setting keeps its own.
  for (const which of ['allOf', 'then', 'else'] as const) {
    const part = schema[which];
    const plain = (s: unknown) => {
      if (!s || typeof s !== 'object') return s;
      const p = prepare(s as Schema, key, opts);
      for (const [k, v] of Object.entries(p.ui)) ui[k] ??= v;
      const { title: _t, ...rest } = p.schema;
      return rest;
    };
    if (Array.isArray(part)) out[which] = part.map(plain);
    else if (part) out[which] = plain(part);
  }
  // A choice shows its label, not how the file writes it ("bottom-center" → "Bottom center").
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) ui['ui:enumNames'] = (schema.enum as string[]).map(choiceLabel);
  if (schema.const !== undefined && key !== 'type') ui['ui:widget'] = 'hidden';
  // A setting that names a field of the form: a choice of the form's fields by their titles (rjsf shows a list).
  if (schema['x-form-field'] && opts.fields) {
    out.oneOf = fieldChoices(opts.fields, opts.data);
    ui['ui:placeholder'] = 'Choose a field…';
  }
  return { schema: out, ui };
}

/** A choice in words: "bottom-center" → "Bottom center", "perUser" → "Per user"; "POST" stays as it is. */
/**
 * `schema` as it draws without its uiSchema `ui`: choices keep their labels as titled constants (rjsf shows those as
 * a list too); the rest of what `ui` says (a bigger box, a placeholder) is left out.
 */
function withoutUi(schema: Schema, ui: UiSchema): Schema {
  const out: Schema = { ...schema };
  const names = ui['ui:enumNames'] as unknown;
  if (Array.isArray(names) && Array.isArray(schema.enum)) {
    out.oneOf = schema.enum.map((value, i) => ({ const: value, title: String(names[i] ?? value) }));
    delete out.enum;
  }
  const child = (key: string) => (ui[key] && typeof ui[key] === 'object' ? (ui[key] as UiSchema) : {});
  if (schema.properties)
    out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([k, v]) => [k, withoutUi(v, child(k))]));
  if (schema.items && !Array.isArray(schema.items)) out.items = withoutUi(schema.items as Schema, child('items'));
  return out;
}

export function choiceLabel(value: string): string {
  return /^[A-Z0-9]+$/.test(value) ? value : humanise(value);
}

/**
 * The panel's titles along a path of its form, for a problem's place: ["schema", "properties", "email", "title"] →
 * "Fields and rules › Fields › Email › Title" (the humanised key where the form has no title of its own).
 */
export function titlesAt(prepared: Schema, field: string[]): string {
  const out: string[] = [];
  let node: Schema | undefined = prepared;
  for (const key of field) {
    if (/^\d+$/.test(key) && node?.items) {
      out.push(`item ${Number(key) + 1}`);
      node = node.items as Schema;
      continue;
    }
    let next: Schema | undefined;
    let titled = false;
    for (const kind of [node, ...((node?.anyOf ?? node?.oneOf ?? []) as Schema[])]) {
      const own = (kind?.properties as Record<string, Schema> | undefined)?.[key];
      if (own) {
        [next, titled] = [own, true];
        break;
      }
      if (kind?.additionalProperties && typeof kind.additionalProperties === 'object') next ??= kind.additionalProperties as Schema;
    }
    out.push(titled && typeof next?.title === 'string' && next.title ? next.title : humanise(key));
    node = next;
  }
  return out.join(' › ');
}

/** A description without its JSON example: 'Buttons under the text, e.g. [{ "label": … }].' → 'Buttons under the text.' */
export function plainHelp(text: string): string {
  const cut = text.search(/(,? e\.g\.|\s*Example:)\s*[[{]/);
  return cut >= 0 ? `${text.slice(0, cut).replace(/[\s,:;.]+$/, '')}.` : text;
}

function Counter({ id, value, max }: { id: string; value: string; max?: number }) {
  if (typeof max !== 'number') return null;
  const over = value.length > max;
  return (
    <p id={`${id}__count`} className={over ? 'sw-count sw-count--over' : 'sw-count'}>
      {value.length} of {max} characters{over ? ` — ${value.length - max} too many` : ''}
    </p>
  );
}

function describedBy(id: string, extra?: string) {
  return [`${id}__description`, `${id}__error`, extra].filter(Boolean).join(' ');
}

function TextWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, schema } = props;
  if (schema.type !== 'string' || schema.enum || schema.format === 'date') return <defaults.widgets.TextWidget {...props} />;
  if ((schema as Schema)['x-link']) return <LinkWidget {...props} />;
  if ((schema as Schema)['x-fragment']) return <FragmentWidget {...props} />;
  const text = typeof value === 'string' ? value : '';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  return (
    <>
      <input
        id={id}
        name={id}
        type="text"
        className="sw-input"
        value={text}
        required={required}
        disabled={disabled || readonly}
        aria-describedby={describedBy(id, max ? `${id}__count` : undefined)}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? props.options.emptyValue : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <Counter id={id} value={text} max={max} />
    </>
  );
}

function TextareaWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, schema } = props;
  const text = typeof value === 'string' ? value : '';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  return (
    <>
      <textarea
        id={id}
        name={id}
        className="sw-input"
        rows={3}
        value={text}
        required={required}
        disabled={disabled || readonly}
        aria-describedby={describedBy(id, max ? `${id}__count` : undefined)}
        onChange={(e) => onChange(e.target.value === '' ? props.options.emptyValue : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <Counter id={id} value={text} max={max} />
    </>
  );
}

/** A link: pick a page of the site or a named destination, or type an https:// or mailto: address. */
function LinkWidget({ id, value, required, onChange, onBlur, onFocus, schema }: WidgetProps) {
  const { index } = useEditorData();
  const listId = `${id}__choices`;
  const destinationsOnly = typeof schema.pattern === 'string' && schema.pattern.startsWith('^@');
  return (
    <>
      <input
        id={id}
        name={id}
        className="sw-input"
        type="text"
        list={listId}
        value={typeof value === 'string' ? value : ''}
        required={required}
        placeholder={destinationsOnly ? 'Choose a named link' : 'Choose a page, or type https://…'}
        aria-describedby={describedBy(id)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <datalist id={listId}>
        {!destinationsOnly && index.routes.filter((r) => !r.includes(':')).map((r) => <option key={r} value={r} label={`Page ${r}`} />)}
        {index.destinations.map((d) => (
          <option key={d} value={d} label={`Named link ${d.slice(1)} (from site settings)`} />
        ))}
      </datalist>
    </>
  );
}

const FRAGMENT_WORDS: Record<string, { one: string; kind: 'faq' | 'form' | null; dir: string }> = {
  faqs: { one: 'question set', kind: 'faq', dir: 'faqs' },
  forms: { one: 'form', kind: 'form', dir: 'forms' },
  content: { one: 'text file', kind: null, dir: 'content' },
};

/** A FAQ set or a form: pick an existing file, open it in this panel, or start a new one. */
function FragmentWidget({ id, value, required, onChange, schema }: WidgetProps) {
  const { index, openFile, createFragment } = useEditorData();
  const kind = String((schema as Schema)['x-fragment']);
  const words = FRAGMENT_WORDS[kind] ?? { one: 'file', kind: null, dir: kind };
  const ids = kind === 'faqs' ? index.faqs.map((f) => f.id) : kind === 'forms' ? index.forms.map((f) => f.id) : [];
  const current = typeof value === 'string' ? value : '';
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const nameId = useId();
  if (!words.kind) {
    return <input id={id} className="sw-input" value={current} aria-describedby={describedBy(id)} onChange={(e) => onChange(e.target.value || undefined)} />;
  }
  const create = async () => {
    const clean = name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '');
    if (!clean) return setProblem(`Give the new ${words.one} a name, e.g. “partners”.`);
    const created = await createFragment(words.kind!, clean);
    if (created) {
      onChange(created);
      setNaming(false);
      setName('');
      setProblem('');
    }
  };
  return (
    <div className="sw-fragment">
      <select
        id={id}
        className="sw-input"
        value={current}
        required={required}
        aria-describedby={describedBy(id)}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">Choose a {words.one}…</option>
        {ids.map((x) => (
          <option key={x} value={x}>
            {humanise(x)}
          </option>
        ))}
        {current && !ids.includes(current) && <option value={current}>{humanise(current)} (not found)</option>}
      </select>
      <div className="sw-row">
        {current && ids.includes(current) && (
          <button type="button" className="sw-button" onClick={() => openFile(`${words.dir}/${current}.json`)}>
            Edit this {words.one}
          </button>
        )}
        <button type="button" className="sw-button" aria-expanded={naming} onClick={() => setNaming(!naming)}>
          New {words.one}…
        </button>
      </div>
      {naming && (
        <div className="sw-row">
          <label htmlFor={nameId}>Name of the new {words.one}</label>
          <input
            id={nameId}
            className="sw-input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void create())}
          />
          <button type="button" className="sw-button sw-button--primary" onClick={() => void create()}>
            Create
          </button>
          {problem && <p className="sw-error">{problem}</p>}
        </div>
      )}
    </div>
  );
}

/** A picture: chosen from the site's images, shown, with its alt text required and its size read from the file. */
function ObjectField(props: FieldProps) {
  const { index } = useEditorData();
  if (!(props.schema as Schema)['x-image']) return <defaults.fields.ObjectField {...props} />;
  const id = props.fieldPathId.$id;
  const value = (props.formData ?? {}) as { src?: string; alt?: string; width?: number; height?: number };
  const path = props.fieldPathId.path;
  const set = (next: typeof value) => props.onChange(next as never, path, undefined, id);
  const errors = props.errorSchema as ErrorSchema | undefined;
  const errs = (k: string) => ((errors?.[k] as ErrorSchema | undefined)?.__errors ?? []).concat(k === 'src' ? (errors?.__errors ?? []) : []);
  const altMissing = value.src && (value.alt === undefined || value.alt === '');
  return (
    <fieldset className="sw-image" id={id}>
      <legend>{props.schema.title ?? humanise(props.name)}</legend>
      {props.schema.description && <p className="sw-help">{props.schema.description}</p>}
      <label htmlFor={`${id}_src`}>Picture</label>
      <select
        id={`${id}_src`}
        className="sw-input"
        value={value.src ?? ''}
        onChange={(e) => {
          const src = e.target.value;
          if (!src) return props.onChange(undefined, path, undefined, id);
          const img = new Image();
          img.onload = () => set({ ...value, src, width: img.naturalWidth || value.width, height: img.naturalHeight || value.height });
          img.onerror = () => set({ ...value, src });
          img.src = src;
        }}
      >
        <option value="">No picture</option>
        {index.assets.map((a) => (
          <option key={a} value={a}>
            {a.replace(/^\/images\//, '')}
          </option>
        ))}
      </select>
      <PictureLibraryButton current={value} onChoose={(p) => set({ ...value, ...p })} />
      {errs('src').map((m) => (
        <p key={m} className="sw-error">
          {m}
        </p>
      ))}
      {value.src && <img className="sw-thumb" src={value.src} alt="" width={160} />}
      <label htmlFor={`${id}_alt`}>
        Alt text <span className="sw-required">(required)</span>
      </label>
      <input
        id={`${id}_alt`}
        className="sw-input"
        value={value.alt ?? ''}
        aria-describedby={`${id}_alt__help`}
        aria-invalid={altMissing ? true : undefined}
        onChange={(e) => set({ ...value, alt: e.target.value })}
      />
      <p id={`${id}_alt__help`} className="sw-help">
        Describe the picture for people who cannot see it, e.g. “A house under construction”.
      </p>
      {altMissing && <p className="sw-error">Describe this picture: the alt text is empty.</p>}
      {errs('alt').map((m) => (
        <p key={m} className="sw-error">
          {m}
        </p>
      ))}
      {value.src && (
        <p className="sw-help">
          Size: {value.width ?? '?'} × {value.height ?? '?'} pixels (read from the file).
        </p>
      )}
    </fieldset>
  );
}

/**
 * A single choice: by its labels, with the default shown (controls.tsx); rjsf's chooser between the kinds of an entry
 * (e.g. a header link or a menu) gets a label of its own there. A multiple choice stays rjsf's list.
 */
function SelectWidget(props: WidgetProps) {
  if (props.multiple) return <defaults.widgets.SelectWidget {...props} />;
  return (
    <>
      <ChoiceSelect {...props} />
      {isPriceRuleSchema(props.schema) && <PriceRuleNote id={props.id} rule={props.value} />}
    </>
  );
}

const widgets = { TextWidget, TextareaWidget, SelectWidget, ...controlWidgets };
const fieldTemplates = { ...controlTemplates, ...entryTemplates };
const fields = { ObjectField };

/**
 * rjsf's own words, in the panel's: the box that renames an entry of a map by name (the sign-in site's paths, the
 * named links) is "Name of entry “signin”", not "signin Key".
 */
function translateString(text: TranslatableString, params?: string[]): string {
  if (text === TranslatableString.KeyLabel) return `Name of entry “${humanise(params?.[0] ?? '')}”`;
  return englishStringTranslator(text, params);
}

export interface FieldsFormProps {
  /** Unique per form on screen: the prefix of every field id. */
  idPrefix: string;
  schema: Schema;
  data: unknown;
  errors: ErrorSchema;
  onChange: (data: unknown, fieldId?: string) => void;
  /** What prepare needs to know from the file's data (a form file: formOptions); see PrepareOptions. */
  fileOptions?: (data: unknown) => PrepareOptions;
}

/**
 * The form for `schema`; with `fileOptions`, rebuilt when what it shows of the data changes (its entries, their
 * titles, the choices of fields), not on other edits.
 */
function usePrepared(schema: Schema, data: unknown, fileOptions?: (data: unknown) => PrepareOptions) {
  const [fixed] = useState(() => (fileOptions ? null : prepare(schema)));
  const next = useMemo(() => (fileOptions ? prepare(schema, '', { ...fileOptions(data), data }) : null), [schema, data, fileOptions]);
  const text = next ? JSON.stringify(next) : '';
  // The same form as before keeps its identity, so rjsf does not start over on every keystroke.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by value: `next` is new on every edit
  const stable = useMemo(() => next, [text]);
  return fixed ?? stable!;
}

export function FieldsForm({ idPrefix, schema, data, errors, onChange, fileOptions }: FieldsFormProps) {
  const prepared = usePrepared(schema, data, fileOptions);
  return (
    <Form
      schema={prepared.schema as RJSFSchema}
      // An optional group (a card's link) is added and removed whole, never left half filled (controls.tsx).
      uiSchema={{ ...prepared.ui, 'ui:submitButtonOptions': { norender: true }, 'ui:globalOptions': { enableOptionalDataFieldForType: ['object'] } }}
      formData={data}
      validator={interpretedValidator}
      idPrefix={idPrefix}
      noHtml5Validate
      noValidate
      showErrorList={false}
      extraErrors={errors as never}
      widgets={widgets}
      fields={fields}
      templates={fieldTemplates}
      translateString={translateString}
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' } }}
      onChange={(e, fieldId) => onChange(e.formData, fieldId)}
      onSubmit={() => undefined}
    />
  );
}
