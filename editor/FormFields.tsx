/**
 * The fields of a form, managed by a marketer: add, remove and reorder them, and set each one's kind, label, whether
 * it must be filled in, its limits, its choices and the message of each rule. Every change is an edit of the form file
 * through the editor store (undo, live checks, save); the file's shapes come from ./form-fields.ts.
 */
import { useEffect, useState } from 'react';
import type { FormConfig } from '../renderer/generated/config-types.ts';
import { api } from './api.ts';
import { useEditorData } from './context.ts';
import {
  addField,
  exampleMessage,
  fieldOrder,
  KINDS,
  kindOf,
  moveField,
  nameFromLabel,
  removeField,
  renameSent,
  rulesOf,
  sentNameProblem,
  sentNames,
  setChoices,
  setKind,
  setLabel,
  setLimit,
  setMessage,
  setRequired,
  TEXT_KINDS,
  uniqueName,
  type FieldKind,
  type PageInfo,
  type Removal,
  type Rule,
} from './form-fields.ts';
import { Dialog } from './Panes.tsx';
import { configPath } from './pointer.ts';
import { editorStore, useEditor } from './store.ts';
import './form-fields.css';

/** Fields set up in another way than the six kinds, by how they look. */
const SPECIAL: Record<string, string> = { country: 'Country list', hidden: 'Hidden value', phone: 'Phone with a country code picker' };
const kindLabel = (form: FormConfig, name: string) => {
  const kind = kindOf(form, name);
  return KINDS.find((x) => x.kind === kind)?.label ?? SPECIAL[form.uiSchema?.[name]?.['ui:widget'] ?? ''] ?? 'Special field';
};

/** Every page, from the editor's copy when it has one, else from disk: the removal check looks for pages that use a field. */
async function allPages(pages: { path: string; title: string; route: string }[]): Promise<PageInfo[]> {
  const { working } = editorStore.getState();
  return Promise.all(
    pages.map(async (p) => {
      const path = configPath(p.path);
      const data =
        path in working
          ? working[path]
          : await api.file(path).then(
              (f) => f.data,
              () => null,
            );
      return { title: p.title, route: p.route, data };
    }),
  );
}

export function FormFields({ path }: { path: string }) {
  const form = useEditor((s) => s.working[path]) as FormConfig | undefined;
  const { index, announce } = useEditorData();
  const [open, setOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ name: string; label: string; removal: Removal } | null>(null);
  const [focus, setFocus] = useState<{ id: string; alt: string } | null>(null);
  useEffect(() => {
    if (!focus) return;
    const el = document.getElementById(focus.id) as HTMLButtonElement | null;
    (el && !el.disabled ? el : document.getElementById(focus.alt))?.focus();
    setFocus(null);
  }, [focus]);
  if (!form?.schema?.properties) return null;
  const edit = (update: (f: FormConfig) => FormConfig, coalesce?: string) =>
    editorStore.getState().edit(path, (before) => update(before as FormConfig), coalesce ? `${path}#fields#${coalesce}` : undefined);
  const order = fieldOrder(form);
  const id = (name: string, part: string) => `sw-ff-${name}-${part}`;

  const move = (name: string, by: number) => {
    const label = form.schema.properties[name].title;
    edit((f) => moveField(f, name, by));
    const at = order.indexOf(name) + by + 1;
    announce(`Moved “${label}” to place ${at} of ${order.length}.`);
    setFocus({ id: id(name, by < 0 ? 'up' : 'down'), alt: id(name, by < 0 ? 'down' : 'up') });
  };

  const askRemove = async (name: string) => {
    const pages = await allPages(index.pages);
    const current = editorStore.getState().working[path] as FormConfig;
    setRemoving({ name, label: current.schema.properties[name]?.title ?? name, removal: removeField(current, name, pages) });
  };

  return (
    <section className="sw-ff" aria-labelledby="sw-ff-title">
      <h3 id="sw-ff-title" className="sw-ff__title" tabIndex={-1}>
        Form fields
      </h3>
      <p className="sw-help">
        The fields of this form, in the order visitors see them. Open a field to change it; the preview shows the form as you change it. The button’s words and
        the notices after sending are further down.
      </p>
      <ol className="sw-ff__list">
        {order.map((name, i) => {
          const def = form.schema.properties[name];
          const required = form.schema.required?.includes(name) ?? false;
          return (
            <li key={name} className="sw-ff__item">
              <div className="sw-ff__row">
                <span className="sw-ff__label">{def.title || 'Field without a label'}</span>
                <span className="sw-help sw-ff__kind">
                  {kindLabel(form, name)}
                  {required ? ', must be filled in' : ''}
                </span>
                <span className="sw-row">
                  <button
                    type="button"
                    id={id(name, 'up')}
                    className="sw-button"
                    disabled={i === 0}
                    aria-label={`Move “${def.title}” up`}
                    onClick={() => move(name, -1)}
                  >
                    <span aria-hidden="true">↑ </span>Up
                  </button>
                  <button
                    type="button"
                    id={id(name, 'down')}
                    className="sw-button"
                    disabled={i === order.length - 1}
                    aria-label={`Move “${def.title}” down`}
                    onClick={() => move(name, 1)}
                  >
                    <span aria-hidden="true">↓ </span>Down
                  </button>
                  <button type="button" className="sw-button sw-button--danger" aria-label={`Remove “${def.title}”`} onClick={() => void askRemove(name)}>
                    <span aria-hidden="true">✕ </span>Remove
                  </button>
                </span>
              </div>
              <details open={open === name} onToggle={(e) => (e.currentTarget.open ? setOpen(name) : open === name && setOpen(null))}>
                <summary>Change “{def.title}”</summary>
                <FieldSettings form={form} name={name} edit={edit} id={(part) => id(name, part)} />
              </details>
            </li>
          );
        })}
      </ol>
      <AddField
        form={form}
        onAdd={(opts) => {
          edit((f) => addField(f, opts));
          setOpen(opts.name);
          announce(`Added the field “${opts.label}”, sent as ${opts.name}.`);
        }}
      />
      {removing && (
        <RemoveDialog
          {...removing}
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            const { name, label } = removing;
            edit((f) => removeField(f, name, []).next ?? f);
            setRemoving(null);
            announce(`Removed the field “${label}”.`);
            // Its own buttons are gone with it: the focus goes back to the top of the list rather than to the page.
            requestAnimationFrame(() => document.getElementById('sw-ff-title')?.focus());
          }}
        />
      )}
    </section>
  );
}

type Edit = (update: (f: FormConfig) => FormConfig, coalesce?: string) => void;

const RULE_WORDS: Record<Rule, (limit?: number, kind?: FieldKind) => string> = {
  required: (_, kind) => (kind === 'checkbox' ? 'Message when it is not ticked' : 'Message when it is left empty'),
  minLength: (n) => `Message when it is shorter than ${n ?? ''} characters`,
  maxLength: (n) => `Message when it is longer than ${n ?? ''} characters`,
  format: (_, kind) => (kind === 'phone' ? 'Message when it is not a valid phone number' : 'Message when it is not a valid email address'),
  enum: () => 'Message when the answer is not one of the choices',
  pattern: () => 'Message when it holds only spaces or is not written as expected',
};

function FieldSettings({ form, name, edit, id }: { form: FormConfig; name: string; edit: Edit; id: (part: string) => string }) {
  const def = form.schema.properties[name];
  const kind = kindOf(form, name);
  const required = form.schema.required?.includes(name) ?? false;
  const sent = sentNames(form, name);
  const limit = (rule: 'minLength' | 'maxLength', text: string) => {
    const n = text.trim() === '' ? undefined : Number(text);
    if (n !== undefined && (!Number.isInteger(n) || n < (rule === 'minLength' ? 0 : 1))) return;
    edit((f) => setLimit(f, name, rule, n), `${name}#${rule}`);
  };
  return (
    <div className="sw-ff__settings">
      <label htmlFor={id('label')}>Label</label>
      <input
        id={id('label')}
        className="sw-input"
        value={def.title}
        onChange={(e) => edit((f) => setLabel(f, name, e.target.value), `${name}#label`)}
        aria-describedby={id('label-help')}
      />
      <p id={id('label-help')} className="sw-help">
        Shown above the field, e.g. Company size.
      </p>

      <label htmlFor={id('kind')}>Kind</label>
      {kind ? (
        <select id={id('kind')} className="sw-input" value={kind} onChange={(e) => edit((f) => setKind(f, name, e.target.value as FieldKind))}>
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      ) : (
        <p id={id('kind')} className="sw-help">
          This field is set up in a special way (a country list, a hidden value or a phone number with a country picker), so its kind is not changed here.
        </p>
      )}

      <label className="sw-ff__switch">
        <input type="checkbox" role="switch" checked={required} onChange={(e) => edit((f) => setRequired(f, name, e.target.checked))} />
        {kind === 'checkbox' ? 'Must be ticked' : 'Must be filled in'}
      </label>

      {kind && TEXT_KINDS.has(kind) && (
        <div className="sw-ff__limits">
          <div>
            <label htmlFor={id('min')}>Shortest (characters)</label>
            <input id={id('min')} className="sw-input" type="number" min={0} value={def.minLength ?? ''} onChange={(e) => limit('minLength', e.target.value)} />
          </div>
          <div>
            <label htmlFor={id('max')}>Longest (characters)</label>
            <input id={id('max')} className="sw-input" type="number" min={1} value={def.maxLength ?? ''} onChange={(e) => limit('maxLength', e.target.value)} />
          </div>
          <p className="sw-help">Leave empty for no limit.</p>
        </div>
      )}

      {kind === 'choice' && <Choices form={form} name={name} edit={edit} id={id} />}

      {rulesOf(form, name).map((rule) => {
        const limitOf = rule === 'minLength' ? def.minLength : rule === 'maxLength' ? def.maxLength : undefined;
        return (
          <div key={rule}>
            <label htmlFor={id(`message-${rule}`)}>{RULE_WORDS[rule](limitOf, kind)}</label>
            <input
              id={id(`message-${rule}`)}
              className="sw-input"
              value={def.messages?.[rule] ?? ''}
              placeholder={`e.g. ${exampleMessage(rule, def.title, kind, limitOf)}`}
              onChange={(e) => edit((f) => setMessage(f, name, rule, e.target.value), `${name}#message#${rule}`)}
            />
          </div>
        );
      })}

      {sent.length > 0 ? (
        <SentName form={form} field={name} sent={sent[0]} edit={edit} id={id('sent')} />
      ) : (
        <p className="sw-help">This field is not sent with the form.</p>
      )}
    </div>
  );
}

function Choices({ form, name, edit, id }: { form: FormConfig; name: string; edit: Edit; id: (part: string) => string }) {
  const choices: string[] = form.schema.properties[name].enum ?? [];
  const twice = choices.filter((c, i) => choices.indexOf(c) !== i);
  const set = (next: string[], coalesce?: string) => edit((f) => setChoices(f, name, next), coalesce);
  return (
    <fieldset className="sw-ff__choices">
      <legend>Choices</legend>
      <ol>
        {choices.map((c, i) => (
          <li key={i} className="sw-row">
            <label className="visually-hidden" htmlFor={id(`choice-${i}`)}>
              Choice {i + 1}
            </label>
            <input
              id={id(`choice-${i}`)}
              className="sw-input"
              value={c}
              onChange={(e) =>
                set(
                  choices.map((x, j) => (j === i ? e.target.value : x)),
                  `${name}#choice#${i}`,
                )
              }
            />
            <button
              type="button"
              className="sw-button"
              disabled={choices.length === 1}
              aria-label={`Remove choice ${i + 1}${c ? ` (${c})` : ''}`}
              onClick={() => set(choices.filter((_, j) => j !== i))}
            >
              <span aria-hidden="true">✕ </span>Remove
            </button>
          </li>
        ))}
      </ol>
      {twice.length > 0 && (
        <p className="sw-error" role="alert">
          Each choice must be different: “{twice[0]}” is there twice.
        </p>
      )}
      <button
        type="button"
        className="sw-button"
        onClick={() => {
          set([...choices, '']);
          requestAnimationFrame(() => document.getElementById(id(`choice-${choices.length}`))?.focus());
        }}
      >
        <span aria-hidden="true">+ </span>Add choice
      </button>
      <p className="sw-help">Visitors pick one; it is sent as written here.</p>
    </fieldset>
  );
}

/** The name a field is sent under: changed as it is typed whenever the typed name can be used. */
function SentName({ form, field, sent, edit, id }: { form: FormConfig; field: string; sent: string; edit: Edit; id: string }) {
  const [draft, setDraft] = useState(sent);
  useEffect(() => setDraft(sent), [sent]);
  const problem = draft === sent ? undefined : sentNameProblem(form, draft, field);
  return (
    <div>
      <label htmlFor={id}>Sent as</label>
      <input
        id={id}
        className="sw-input"
        value={draft}
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          const v = e.target.value;
          setDraft(v);
          if (!sentNameProblem(form, v, field)) edit((f) => renameSent(f, sent, v), `${field}#sent`);
        }}
        onBlur={() => setDraft(sent)}
      />
      <p id={`${id}-help`} className={problem ? 'sw-error' : 'sw-help'}>
        {problem ?? 'The name the answer has in what the form sends; the service receiving the form must expect it.'}
      </p>
    </div>
  );
}

function AddField({ form, onAdd }: { form: FormConfig; onAdd: (opts: { kind: FieldKind; label: string; name: string }) => void }) {
  const [kind, setKindState] = useState<FieldKind>('text');
  const [label, setLabelState] = useState('');
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [problem, setProblem] = useState('');
  const shownName = nameTouched ? name : label.trim() ? uniqueName(form, nameFromLabel(label)) : '';
  const submit = () => {
    if (!label.trim()) return setProblem('Give the field a label, e.g. Company size.');
    const bad = sentNameProblem(form, shownName);
    if (bad) return setProblem(bad);
    onAdd({ kind, label: label.trim(), name: shownName });
    setLabelState('');
    setName('');
    setNameTouched(false);
    setProblem('');
  };
  return (
    <form
      className="sw-ff__add"
      aria-labelledby="sw-ff-add-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 id="sw-ff-add-title">Add a field</h4>
      <label htmlFor="sw-ff-add-kind">Kind</label>
      <select id="sw-ff-add-kind" className="sw-input" value={kind} onChange={(e) => setKindState(e.target.value as FieldKind)}>
        {KINDS.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </select>
      <label htmlFor="sw-ff-add-label">Label</label>
      <input id="sw-ff-add-label" className="sw-input" value={label} onChange={(e) => setLabelState(e.target.value)} aria-describedby="sw-ff-add-label-help" />
      <p id="sw-ff-add-label-help" className="sw-help">
        Shown above the field, e.g. Company size.
      </p>
      <label htmlFor="sw-ff-add-name">Sent as</label>
      <input
        id="sw-ff-add-name"
        className="sw-input"
        value={shownName}
        spellCheck={false}
        onChange={(e) => {
          setNameTouched(true);
          setName(e.target.value);
        }}
        aria-describedby="sw-ff-add-name-help"
      />
      <p id="sw-ff-add-name-help" className="sw-help">
        Made from the label; change it if the service receiving the form expects another name.
      </p>
      {problem && (
        <p className="sw-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="sw-button sw-button--primary">
        Add field
      </button>
    </form>
  );
}

function RemoveDialog({ label, removal, onClose, onConfirm }: { name: string; label: string; removal: Removal; onClose: () => void; onConfirm: () => void }) {
  if (removal.refused)
    return (
      <Dialog title={`“${label}” cannot be removed`} onClose={onClose}>
        <p role="alert">{removal.refused}</p>
        <button type="button" className="sw-button sw-button--primary" onClick={onClose}>
          OK
        </button>
      </Dialog>
    );
  return (
    <Dialog title={`Remove “${label}”?`} onClose={onClose}>
      {removal.dependents.length > 0 ? (
        <>
          <p>Other parts of the site depend on this field. Removing it changes them too:</p>
          <ul className="sw-ff__dependents">
            {removal.dependents.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nothing else uses this field.</p>
      )}
      <p className="sw-help">You can undo this with Undo until you save.</p>
      <div className="sw-row">
        <button type="button" className="sw-button sw-button--danger" onClick={onConfirm}>
          Remove the field
        </button>
        <button type="button" className="sw-button" onClick={onClose}>
          Keep it
        </button>
      </div>
    </Dialog>
  );
}
