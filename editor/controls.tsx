/**
 * The side panel's controls in the shape a marketer expects: yes/no settings as switches with a sentence, choices by
 * their labels with the default one shown, long help folded behind "More", lists and groups folded to one line each,
 * and every button with a visible icon or text and a name that says what it acts on. Used by FieldsForm (fields.tsx).
 */
import {
  canExpand,
  deepEquals,
  descriptionId,
  getSchemaType,
  isFormDataAvailable,
  titleId,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type DescriptionFieldProps,
  type ErrorSchema,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type OptionalDataControlsTemplateProps,
  type RJSFSchema,
  type WidgetProps,
} from '@rjsf/utils';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { EditorDataContext } from './context.ts';
import { humanise } from './pointer.ts';

type Schema = Record<string, unknown>;

// ---- words -------------------------------------------------------------------------------------------------------

/** Help up to this many characters fits on about one line of the panel and is shown whole. */
const SHORT_HELP = 90;

/** Where sentences end: a stop and a capital or a quote, not the stop of "e.g." or "i.e.". */
function sentenceEnds(text: string, next: RegExp = /[A-Z0-9"“'‘(]/): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/[.!?;]["”’']?(?=\s+(\S))/g)) {
    if (!next.test(m[1]) || /\b(e\.g|i\.e|etc|vs|approx)$/i.test(text.slice(0, m.index))) continue;
    out.push(m.index + m[0].length);
  }
  return out;
}

/** The first sentence of a help text, and the rest (empty when the text is short enough to show whole). */
export function splitHelp(text: string): [string, string] {
  const t = text.trim();
  if (t.length <= SHORT_HELP) return [t, ''];
  let cut = sentenceEnds(t).filter((i) => !t.slice(0, i).endsWith(';'))[0] ?? t.length;
  // A first sentence that is itself long is cut at a word, so the visible part stays about one line.
  if (cut > SHORT_HELP * 1.6) {
    const space = t.lastIndexOf(' ', SHORT_HELP);
    return [`${t.slice(0, space > 0 ? space : SHORT_HELP)}…`, `…${t.slice(space > 0 ? space + 1 : SHORT_HELP)}`];
  }
  if (cut >= t.length) cut = t.length;
  return [t.slice(0, cut), t.slice(cut).trim()];
}

const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'its', 'it', 'every', 'each', 'only', 'what', 'all']);

/** "makes" → "make", "empties" → "empty", "closes" → "close": the command form of a verb in the third person. */
function imperative(verb: string): string {
  const w = verb.toLowerCase();
  if (w === 'does' || w === 'goes') return w.slice(0, -2);
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2);
  return w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The sentence beside a yes/no switch, and the help under it, from the setting's title and description: "true makes
 * this card stand out …, e.g. for … Default false." → "Make this card stand out …" with "E.g. for …" as help. The
 * default is not written out: the switch shows it. Without a description that says what "on" does, the title.
 */
export function switchWords(title: string, description?: string): { label: string; help: string } {
  const text = (description ?? '')
    .replace(/\s*\(?\bDefaults? (?:is |to )?(?:true|false|on|off)\b[^.]*\.?\)?/gi, '')
    .replace(/\s*\b(?:Off|On) unless switched (?:on|off)\.?/gi, '')
    .replace(/,?\s*e\.g\.\s*(?:true|false)\b[^.;]*[.;]?/gi, '.')
    .replace(/\.\s*\./g, '.')
    .trim();
  const end = sentenceEnds(text, /[A-Za-z"“']/)[0] ?? text.length;
  const first = text.slice(0, end);
  const rest = text.slice(end).trim();
  const split = (s: string) => {
    const at = s.search(/,?\s*e\.g\.\s/);
    const main = (at >= 0 ? s.slice(0, at) : s).replace(/[.;:,\s]+$/, '');
    const example = at >= 0 ? capital(s.slice(at).replace(/^,?\s*/, '')) : '';
    return { main, help: [example, rest].filter(Boolean).join(' ') };
  };
  const onTrue = /^(?:(?:when|if)\s+(?:it is\s+|set to\s+|switched\s+)?(?:true|on)|true)\b,?\s*(.+)$/i.exec(first ?? '');
  const sentence = onTrue ? onTrue[1] : (first ?? '');
  const words = sentence.split(/\s+/);
  const verbFirst = words.length > 2 && /^[a-z]+s$/i.test(words[0]) && DETERMINERS.has(words[1].toLowerCase());
  if (sentence && (verbFirst || (onTrue && !/^(for|false)\b/i.test(sentence))) && !/^false\b/i.test(first ?? '')) {
    const { main, help } = split(sentence);
    const label = verbFirst ? `${capital(imperative(words[0]))} ${main.slice(words[0].length).trim()}` : capital(main);
    if (label.length > 2) return { label, help };
  }
  return { label: title, help: text };
}

/** The value a setting has when it is left out: the schema's default, else the one its help names as the default. */
export function shownDefault(schema: Schema, values: unknown[]): unknown {
  if (schema.default !== undefined) return schema.default;
  const text = typeof schema.description === 'string' ? schema.description : '';
  const patterns = [
    /\bDefaults? (?:is |to |:)?\s*["“]([^"”]+)["”]/i,
    /["“]([^"”]+)["”]\s*\([^)]*\bdefault\b/i,
    /\bDefaults? (?:is |to |:)?\s*([A-Z][\w-]* [a-z][\w-]*)\b/,
    /\bDefaults? (?:is |to |:)?\s*([\w.-]+)/i,
    /([\w.-]+)\s*\([^)]*\bdefault\b/i,
  ];
  for (const p of patterns) {
    const m = p.exec(text);
    if (!m) continue;
    const word = m[1].replace(/\.$/, '');
    // Help in plain words names a choice by its label ("Grid (default)", "Default Top right"), not its stored value.
    const plain = (v: string) => v.toLowerCase().replace(/[-_\s]+/g, ' ');
    const hit = values.find((v) => String(v) === word) ?? values.find((v) => plain(String(v)) === plain(word) || plain(humanise(String(v))) === plain(word));
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** A yes/no setting's value when left out: its default, else off. */
export function switchDefault(schema: Schema): boolean {
  const d = shownDefault(schema, [true, false]);
  return d === true;
}

/** A choice in words: its title when it has one, else its value made readable ("top-right" → "Top right"). */
export function choiceLabel(label: string, value: unknown): string {
  if (label !== String(value)) return label;
  if (typeof value !== 'string' || /^[A-Z0-9 ]+$/.test(value)) return label;
  return humanise(value);
}

const NAME_KEYS = ['label', 'title', 'heading', 'question', 'name', 'text', 'eyebrow', 'quote', 'alt'];

/** An item of a list by its first words ("Pricing" for a link labelled Pricing), or '' when it has none yet. */
/** A value written like a setting's name or a stored code ("residentCountry", "primary"): not words to name an item by. */
const CODE = /^[a-z][a-zA-Z0-9_-]*$/;

export function itemName(data: unknown): string {
  const short = (s: string) => {
    const t = s.replace(/\s+/g, ' ').trim();
    return t.length > 40 ? `${t.slice(0, 39)}…` : t;
  };
  if (typeof data === 'string') return CODE.test(data) ? '' : short(data);
  if (typeof data === 'number') return String(data);
  if (!data || typeof data !== 'object' || Array.isArray(data)) return '';
  const obj = data as Record<string, unknown>;
  for (const k of NAME_KEYS) if (typeof obj[k] === 'string' && (obj[k] as string).trim()) return short(obj[k] as string);
  // Words, not codes: a value written like a setting's name ("residentCountry", "primary") does not name the item.
  const texts = Object.entries(obj).filter(([k, v]) => k !== 'type' && typeof v === 'string' && v.trim() && !CODE.test(v)) as [string, string][];
  // Words first; an item with nothing but addresses (a redirect) is named by its first address.
  const words = texts.find(([, v]) => !/^[/@#]|^https?:/.test(v)) ?? texts[0];
  return words ? short(words[1]) : '';
}

/** The label of a choice (a form's field named by its label, not its key), when the item is one of a list of choices. */
export function optionTitle(schema: Schema | undefined, value: unknown): string | undefined {
  const options = (schema?.oneOf ?? schema?.anyOf) as Schema[] | undefined;
  const hit = Array.isArray(options) ? options.find((o) => o && 'const' in o && o.const === value) : undefined;
  if (hit && typeof hit.title === 'string') return hit.title;
  return typeof value === 'string' && Array.isArray(schema?.enum) && schema.enum.includes(value) ? choiceLabel(value, value) : undefined;
}

/** True when an item has nothing filled in yet (a new one): it is shown open. */
export function isBlank(data: unknown): boolean {
  if (data === undefined || data === null || data === '') return true;
  if (Array.isArray(data)) return data.every(isBlank);
  if (typeof data === 'object') return Object.entries(data as Record<string, unknown>).every(([k, v]) => k === 'type' || isBlank(v));
  return false;
}

/** A group inside a section (a link, a button) by its words; a larger group (the footer, with lists of its own) by its title only. */
function groupName(data: unknown): string {
  const values = data && typeof data === 'object' ? Object.values(data) : [];
  return values.some((v) => v && typeof v === 'object') ? '' : itemName(data);
}

/** True when a problem is reported anywhere inside this part of the form. */
export function hasErrors(errors: unknown): boolean {
  if (!errors || typeof errors !== 'object') return false;
  return Object.entries(errors as Record<string, unknown>).some(([k, v]) => (k === '__errors' ? Array.isArray(v) && v.length > 0 : hasErrors(v)));
}

/** Opens every folded group around an element, so that a problem's field can be shown and focused. */
export function reveal(el: Element | null | undefined) {
  for (let d = el?.closest('details'); d; d = d.parentElement?.closest('details')) d.open = true;
}

// ---- icons -------------------------------------------------------------------------------------------------------

const PATHS = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M5 12l7 7 7-7',
  remove: 'M6 6l12 12M18 6L6 18',
  add: 'M12 5v14M5 12h14',
  copy: 'M9 9h10v10H9zM5 15V5h10',
};

/** Drawn inline, so it shows without any icon font or file to load. */
export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="sw-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

// ---- help --------------------------------------------------------------------------------------------------------

/** A help text: the first sentence shown, the rest behind "More". The id (for aria-describedby) names the shown part. */
export function HelpText({ id, text, topic }: { id: string; text: string; topic?: string }) {
  const [first, rest] = splitHelp(text);
  if (!first) return null;
  return (
    <div className="field-description sw-help">
      <span id={id}>{first}</span>
      {rest && (
        <details className="sw-more">
          <summary>More{topic ? <span className="visually-hidden"> about {topic}</span> : null}</summary>
          <p>{rest}</p>
        </details>
      )}
    </div>
  );
}

function DescriptionFieldTemplate({ id, description, schema }: DescriptionFieldProps) {
  if (!description) return null;
  if (typeof description !== 'string') return <div id={id}>{description}</div>;
  return <HelpText id={id} text={description} topic={typeof schema.title === 'string' ? schema.title : undefined} />;
}

// ---- folding -----------------------------------------------------------------------------------------------------

/**
 * A group folded to one line ("Link: Pricing") until opened. The buttons that act on the whole group sit on that line,
 * outside the summary (a button inside a summary would be a control inside a control).
 */
function Fold({
  id,
  summaryId,
  title,
  name,
  open,
  tools,
  children,
  focus,
}: {
  id?: string;
  summaryId: string;
  title: string;
  name: string;
  open: boolean;
  tools?: ReactNode;
  children: ReactNode;
  /** Put the focus in its first field when it first shows (it was just added). */
  focus?: boolean;
}) {
  // Only the first value is given to the element: after that the person opens and closes it.
  const [initial] = useState(open);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    justAddedGroup = '';
    body.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the group first shows
  }, []);
  return (
    <div className={tools ? 'sw-fold sw-fold--tools' : 'sw-fold'} id={id}>
      <details className="sw-fold__details" open={initial}>
        <summary className="sw-fold__summary">
          <span id={summaryId} className="sw-fold__title">
            {title}
          </span>
          {name && <span className="sw-fold__name">: {name}</span>}
        </summary>
        <div className="sw-fold__body" role="group" aria-labelledby={summaryId} ref={body}>
          {children}
        </div>
      </details>
      {tools && <div className="sw-fold__tools">{tools}</div>}
    </div>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { fieldPathId, title, description, properties, optionalDataControl, formData, schema, uiSchema, registry, errorSchema, onAddProperty, className } =
    props;
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const { AddButton } = registry.templates.ButtonTemplates;
  const desc = description ? (
    <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />
  ) : null;
  const content = (
    <>
      {properties.map((p) => p.content)}
      {canExpand(schema, uiSchema, formData) && (
        <AddButton id={`${fieldPathId.$id}__add`} className="rjsf-object-property-expand" onClick={onAddProperty} uiSchema={uiSchema} registry={registry} />
      )}
    </>
  );
  const path = fieldPathId.path;
  // The whole form, and an item of a list (its line names it already): not folded again.
  if (path.length === 0 || typeof path[path.length - 1] === 'number') {
    return (
      <fieldset className={className} id={fieldPathId.$id}>
        {desc}
        {content}
      </fieldset>
    );
  }
  const label = title || humanise(String(path[path.length - 1]));
  if (optionalDataControl && !isFormDataAvailable(formData)) {
    return (
      <div className="sw-fold sw-fold--absent" id={fieldPathId.$id}>
        <span className="sw-fold__title" id={titleId(fieldPathId)}>
          {label}
        </span>
        {optionalDataControl}
        {desc}
      </div>
    );
  }
  return (
    <Fold
      id={fieldPathId.$id}
      summaryId={titleId(fieldPathId)}
      title={label}
      name={groupName(formData)}
      // A group at the top of the form is what the screen is about (the Footer screen's footer): shown open.
      open={path.length === 1 || hasErrors(errorSchema) || isBlank(formData)}
      focus={justAddedGroup === fieldPathId.$id}
      tools={optionalDataControl}
    >
      {desc}
      {content}
    </Fold>
  );
}

/** The group whose "Add" button was just pressed (by its id): its first field gets the focus once it shows. */
let justAddedGroup = '';

/** "Add link" while the group is left out; "Remove" (named "Remove link") once it is there, which clears it whole. */
function OptionalDataControlsTemplate({ id, onAddClick, onRemoveClick, schema, label }: OptionalDataControlsTemplateProps) {
  const word = (typeof schema.title === 'string' && schema.title ? schema.title : 'group').toLowerCase();
  if (onAddClick)
    return (
      <button
        type="button"
        id={id}
        className="sw-button sw-button--small"
        onClick={() => {
          justAddedGroup = id.replace(/__optionalAdd$/, '');
          onAddClick();
        }}
      >
        <Icon name="add" /> Add {word}
      </button>
    );
  if (onRemoveClick)
    return (
      <button type="button" id={id} className="sw-button sw-button--small" aria-label={`Remove ${word}`} onClick={onRemoveClick}>
        <Icon name="remove" /> Remove
      </button>
    );
  return <em id={id}>{label}</em>;
}

interface ListInfo {
  data: unknown[];
  errors: ErrorSchema | undefined;
  word: string;
  addId: string;
  added: { current: number | null };
}
const ListContext = createContext<ListInfo | null>(null);

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, fieldPathId, items, onAddClick, schema, title, uiSchema, registry, formData, errorSchema, disabled, readonly } = props;
  const added = useRef<number | null>(null);
  // A new item is opened once, when it first shows; later renders leave folding to the person.
  useEffect(() => {
    added.current = null;
  });
  const itemSchema = (schema.items && !Array.isArray(schema.items) ? schema.items : {}) as Schema;
  const word = typeof itemSchema.title === 'string' && itemSchema.title ? itemSchema.title : 'Item';
  const data = Array.isArray(formData) ? (formData as unknown[]) : [];
  const addId = `${fieldPathId.$id}__add`;
  const description = (uiSchema?.['ui:description'] as string | undefined) ?? schema.description;
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      <legend id={titleId(fieldPathId)}>{title || humanise(String(fieldPathId.path.at(-1) ?? ''))}</legend>
      {description && (
        <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      <ListContext.Provider value={{ data, errors: errorSchema, word, addId, added }}>
        <div className="sw-items">{items}</div>
      </ListContext.Provider>
      {canAdd && (
        <button
          type="button"
          id={addId}
          className="sw-button sw-button--small"
          disabled={disabled || readonly}
          onClick={(e) => {
            added.current = data.length;
            onAddClick(e);
          }}
        >
          <Icon name="add" /> Add {word.toLowerCase()}
        </button>
      )}
    </fieldset>
  );
}

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, schema } = props;
  const list = useContext(ListContext);
  const announce = useContext(EditorDataContext)?.announce;
  const data = list?.data[index];
  const name = itemName(optionTitle(schema as Schema, data) ?? data);
  const word = list?.word ?? 'Item';
  const justAdded = list?.added.current === index;
  // Shown open: a new or blank item, one with a problem, and the only item of a list (folding it saves nothing).
  const [open] = useState(() => justAdded || hasErrors(list?.errors?.[index]) || isBlank(data) || props.totalItems === 1);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // "Add" puts the person in the new item's first field.
    if (justAdded) body.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the item first shows
  }, []);
  const named = name ? `“${name}”` : `${word.toLowerCase()} ${index + 1}`;
  const b = buttonsProps;
  const tools = hasToolbar ? (
    <div className="sw-tools">
      <button
        type="button"
        className="sw-icon-button"
        title="Move up"
        aria-label={`Move ${named} up`}
        disabled={!b.hasMoveUp}
        onClick={(e) => {
          b.onMoveUpItem(e);
          announce?.(`Moved ${named} up, to position ${index} of ${b.totalItems}.`);
        }}
      >
        <Icon name="up" />
      </button>
      <button
        type="button"
        className="sw-icon-button"
        title="Move down"
        aria-label={`Move ${named} down`}
        disabled={!b.hasMoveDown}
        onClick={(e) => {
          b.onMoveDownItem(e);
          announce?.(`Moved ${named} down, to position ${index + 2} of ${b.totalItems}.`);
        }}
      >
        <Icon name="down" />
      </button>
      {b.hasRemove && (
        <button
          type="button"
          className="sw-icon-button sw-icon-button--danger"
          title="Remove"
          aria-label={`Remove ${named}`}
          onClick={(e) => {
            b.onRemoveItem(e);
            announce?.(`Removed ${named}. Undo brings it back.`);
            // The button is gone with its item: the list's Add button keeps the keyboard in the list.
            setTimeout(() => document.getElementById(list?.addId ?? '')?.focus(), 0);
          }}
        >
          <Icon name="remove" />
        </button>
      )}
    </div>
  ) : null;
  const type = getSchemaType(schema as RJSFSchema);
  // A list of single values (words, a choice of fields) stays one line per item; items with fields of their own fold.
  const kinds = (schema.oneOf ?? schema.anyOf ?? []) as Schema[];
  const folded = type === 'object' || kinds.some((k) => k.const === undefined) || (data !== null && typeof data === 'object');
  if (!folded) {
    return (
      <div className="sw-item sw-item--inline" ref={body}>
        <div className="sw-item__field">{children}</div>
        {tools}
      </div>
    );
  }
  return (
    <div className="sw-item" ref={body}>
      <Fold summaryId={`${b.fieldPathId.$id}__summary`} title={word} name={name} open={open} tools={tools}>
        {children}
      </Fold>
    </div>
  );
}

// ---- buttons rjsf draws itself (entries of a map) ----------------------------------------------------------------

function AddButton({ id, className, onClick, disabled }: IconButtonProps) {
  return (
    <button type="button" id={id} className={`sw-button sw-button--small ${className ?? ''}`} onClick={onClick} disabled={disabled}>
      <Icon name="add" /> Add
    </button>
  );
}

function iconButton(icon: keyof typeof PATHS, name: string) {
  return function Button({ id, className, onClick, disabled, style }: IconButtonProps) {
    return (
      <button
        type="button"
        id={id}
        className={`sw-icon-button ${className ?? ''}`}
        style={style}
        title={name}
        aria-label={name}
        onClick={onClick}
        disabled={disabled}
      >
        <Icon name={icon} />
      </button>
    );
  };
}

// ---- widgets -----------------------------------------------------------------------------------------------------

const describedBy = (id: string) => `${id}__description ${id}__error`;

/** A yes/no setting: a switch with a sentence saying what "on" does; left out, it shows its default. */
function SwitchWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, schema, label }: WidgetProps) {
  const title = typeof schema.title === 'string' && schema.title ? schema.title : label;
  const words = switchWords(title, typeof schema.description === 'string' ? schema.description : undefined);
  const fallback = switchDefault(schema as Schema);
  const on = typeof value === 'boolean' ? value : fallback;
  return (
    <div className="sw-switch-row">
      <label className="sw-switch" htmlFor={id}>
        <input
          type="checkbox"
          role="switch"
          id={id}
          name={id}
          checked={on}
          disabled={disabled || readonly}
          aria-describedby={describedBy(id)}
          // Back to the default: the setting is left out of the file again, as before it was touched.
          onChange={(e) => onChange(e.target.checked === fallback ? undefined : e.target.checked)}
          onBlur={(e) => onBlur(id, e.target.checked)}
          onFocus={(e) => onFocus(id, e.target.checked)}
        />
        <span className="sw-switch__text">{words.label}</span>
      </label>
      {words.help && <HelpText id={`${id}__description`} text={words.help} topic={title} />}
    </div>
  );
}

/**
 * A choice: options by their labels; left out, the default option is shown chosen and marked "(default)", and
 * choosing the default leaves the setting out of the file.
 */
export function ChoiceSelect(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, options, schema, placeholder } = props;
  const chooser = /__(one|any)of_select$/.test(props.name);
  const choices = options.enumOptions ?? [];
  const values = choices.map((o) => o.value as unknown);
  const def = chooser ? undefined : shownDefault(schema as Schema, values);
  const defIndex = def === undefined ? -1 : values.findIndex((v) => deepEquals(v, def));
  const set = value !== undefined && value !== null && value !== '';
  const current = set ? values.findIndex((v) => deepEquals(v, value)) : -1;
  const shown = current >= 0 ? current : set ? -1 : defIndex;
  const canClear = !required && defIndex < 0 && current >= 0 && !chooser;
  const toValue = (raw: string) => {
    if (raw === '') return options.emptyValue;
    const i = Number(raw);
    return i === defIndex && !required ? undefined : values[i];
  };
  return (
    <>
      {chooser && (
        <label htmlFor={id} className="visually-hidden">
          Kind of {props.label || 'entry'}
        </label>
      )}
      <select
        id={id}
        name={id}
        className="sw-input"
        value={shown >= 0 ? String(shown) : ''}
        required={required}
        disabled={disabled || readonly}
        aria-describedby={describedBy(id)}
        onChange={(e) => onChange(toValue(e.target.value))}
        onBlur={(e) => onBlur(id, toValue(e.target.value))}
        onFocus={(e) => onFocus(id, toValue(e.target.value))}
      >
        {shown < 0 && <option value="">{set ? `${String(value)} (not one of the choices)` : placeholder || 'Choose…'}</option>}
        {canClear && <option value="">None</option>}
        {choices.map((o, i) => (
          <option key={i} value={String(i)} disabled={Array.isArray(options.enumDisabled) && options.enumDisabled.includes(o.value)}>
            {choiceLabel(o.label, o.value)}
            {i === defIndex ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </>
  );
}

export const controlWidgets = { CheckboxWidget: SwitchWidget };

export const controlTemplates = {
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ObjectFieldTemplate,
  OptionalDataControlsTemplate,
  DescriptionFieldTemplate,
  ButtonTemplates: {
    AddButton,
    RemoveButton: iconButton('remove', 'Remove'),
    MoveUpButton: iconButton('up', 'Move up'),
    MoveDownButton: iconButton('down', 'Move down'),
    CopyButton: iconButton('copy', 'Copy'),
  },
};
