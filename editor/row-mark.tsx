/**
 * A row's state in the left column (not saved, or its count of problems), drawn in room the row keeps for it. Text
 * that came and went beside a name wrapped it onto a second line, so the rows below moved under the pointer as the
 * live check answered and a click meant for one entry opened the next.
 */
import { plural } from './words.ts';

export function RowMark({ problems }: { problems?: number }) {
  const text = problems === undefined ? 'not saved' : plural(problems, 'problem');
  return (
    <span className={`sw-row-mark sw-row-mark--${problems === undefined ? 'unsaved' : 'problems'}`}>
      <span className="sw-row-mark__badge" aria-hidden="true" title={text}>
        {problems ?? '●'}
      </span>
      <span className="visually-hidden"> ({text})</span>
    </span>
  );
}
