/**
 * When a publish finds the same field changed in the person's draft and in what is live now, they choose per field
 * which to keep; nothing is published until they do. Escape or "Cancel" leaves everything as it was.
 */
import { useEffect, useRef, useState } from 'react';
import type { Choice, FieldConflict, Resolutions } from '../server/publish/types.ts';
import { conflictKey, showValue } from './draft.ts';

export function PublishConflictDialog({
  conflicts,
  initial,
  onPublish,
  onCancel,
}: {
  conflicts: FieldConflict[];
  /** Choices made before (a second conflict after someone published again keeps them). */
  initial?: Resolutions;
  onPublish: (resolutions: Resolutions) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Resolutions>(() =>
    Object.fromEntries(conflicts.map(conflictKey).flatMap((k) => (initial?.[k] ? [[k, initial[k]]] : []))),
  );
  const [missing, setMissing] = useState('');
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  const choose = (key: string, choice: Choice) => {
    setChoices((old) => ({ ...old, [key]: choice }));
    setMissing('');
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const open = conflicts.filter((c) => !choices[conflictKey(c)]);
    if (open.length) {
      setMissing(`Choose which version to keep for ${open.length === 1 ? `“${open[0].label}”` : `each of the ${open.length} changes left`}.`);
      ref.current?.querySelector<HTMLInputElement>(`input[name="${radioName(conflicts.indexOf(open[0]))}"]`)?.focus();
      return;
    }
    onPublish(Object.fromEntries(conflicts.map((c) => [conflictKey(c), choices[conflictKey(c)]])));
  };

  return (
    <dialog
      ref={ref}
      className="sw-dialog sw-dialog--wide"
      aria-labelledby="sw-conflict-title"
      aria-describedby="sw-conflict-help"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit}>
        <h2 id="sw-conflict-title">Someone else changed the same thing</h2>
        <p id="sw-conflict-help">
          While you worked on your draft, someone published a change to the same {conflicts.length === 1 ? 'field' : 'fields'}. Choose which version to keep for
          each. Nothing is published until you do.
        </p>
        {conflicts.map((c, i) => {
          const key = conflictKey(c);
          return (
            <fieldset key={key} className="sw-conflict">
              <legend>{c.label}</legend>
              <div className="sw-conflict__sides">
                <label className="sw-conflict__side">
                  <input type="radio" name={radioName(i)} checked={choices[key] === 'mine'} onChange={() => choose(key, 'mine')} /> Keep yours:{' '}
                  <span className="sw-conflict__value">{showValue(c.mine)}</span>
                </label>
                <label className="sw-conflict__side">
                  <input type="radio" name={radioName(i)} checked={choices[key] === 'theirs'} onChange={() => choose(key, 'theirs')} /> Keep the published
                  version: <span className="sw-conflict__value">{showValue(c.theirs)}</span>
                </label>
              </div>
            </fieldset>
          );
        })}
        {missing && (
          <p className="sw-error" role="alert">
            {missing}
          </p>
        )}
        <div className="sw-row">
          <button type="submit" className="sw-button sw-button--primary">
            Publish with these choices
          </button>
          <button type="button" className="sw-button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

const radioName = (i: number) => `sw-conflict-${i}`;
