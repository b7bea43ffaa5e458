/**
 * A row's state in the left column (not saved, problems), drawn in room the row keeps for it. Text that came and went
 * beside a name wrapped it onto a second line, so the rows below moved under the pointer as the live check answered
 * and a click meant for one entry opened the next.
 */
export function RowMark({ badge, text, kind }: { badge: string; text: string; kind: 'unsaved' | 'problems' }) {
  return (
    <span className={`sw-row-mark sw-row-mark--${kind}`}>
      <span className="sw-row-mark__badge" aria-hidden="true" title={text}>
        {badge}
      </span>
      <span className="visually-hidden"> ({text})</span>
    </span>
  );
}
