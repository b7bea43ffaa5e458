/** The Stats page, rendered on the server to static HTML: a GET form for the days, then totals, a chart and tables. No script. */
import { Page } from '../layout.tsx';
import type { SignedIn } from '../sessions.ts';
import type { StatsReport } from '../../stats/types.ts';
import { ChartLegend, DaysChart, dayWords } from './chart.tsx';
import { CHOICE_WORDS, RANGE_CHOICES, rangeParams, type RangeQuery } from './range.ts';
import { rate, type Cell, type StatsTable } from './tables.ts';

export const CURRENT = '/admin/stats';
const STYLES = ['stats.css'];
/** Rows shown per list on the page; the CSV file always has every row. */
export const LIST_LIMIT = 100;

const count = (n: number) => n.toLocaleString('en-US');

export interface StatsProps {
  signedIn: SignedIn;
  query: RangeQuery;
  report?: StatsReport;
  tables?: StatsTable[];
}

function RangeForm({ query }: { query: RangeQuery }) {
  const p = query.problem;
  const invalid = (field: 'from' | 'to') => (p?.field === field ? true : undefined);
  const described = (field: 'from' | 'to') => (invalid(field) ? 'range-problem range-help' : 'range-help');
  return (
    <form method="get" action="/admin/stats" className="range" aria-label="Days to show">
      <fieldset>
        <legend>Days</legend>
        <div className="choices">
          {RANGE_CHOICES.map((c) => (
            <label key={c} className="choice">
              <input type="radio" name="range" value={c} defaultChecked={query.choice === c} aria-invalid={p?.field === 'range' ? true : undefined} />
              {CHOICE_WORDS[c]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="dates">
        <div>
          <label htmlFor="s-from">From</label>
          <input id="s-from" name="from" type="date" defaultValue={query.from} aria-invalid={invalid('from')} aria-describedby={described('from')} />
        </div>
        <div>
          <label htmlFor="s-to">To</label>
          <input id="s-to" name="to" type="date" defaultValue={query.to} aria-invalid={invalid('to')} aria-describedby={described('to')} />
        </div>
        <div className="go">
          <button type="submit">Show</button>
        </div>
      </div>
      <p id="range-help" className="help">
        From and To are used when Custom is chosen: any days up to a year apart. Days run midnight to midnight UTC.
      </p>
      {p && (
        <p id="range-problem" role="alert" className="problem">
          {p.message}
        </p>
      )}
    </form>
  );
}

function Totals({ report }: { report: StatsReport }) {
  const t = report.totals;
  const items: [string, string][] = [
    ['Visitors', count(t.visitors)],
    ['Page views', count(t.views)],
    ['Form starts', count(t.starts)],
    ['Leads', count(t.leads)],
    ['Conversion rate', rate(t.leads, t.visitors)],
  ];
  return (
    <section aria-labelledby="totals-h">
      <h2 id="totals-h">Totals</h2>
      <dl className="totals">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="help">
        A visitor is counted once a day: someone who comes back on another day counts again. Conversion rate is leads per visitor. Nothing here can tell who
        anyone is: the site keeps counts, not visits.
      </p>
    </section>
  );
}

function cellText(table: StatsTable, column: number, value: Cell) {
  if (table.id === 'days' && column === 0) return <time dateTime={String(value)}>{dayWords(String(value))}</time>;
  return typeof value === 'number' ? count(value) : value;
}

function TableSection({ table, params, days }: { table: StatsTable; params: string; days: number }) {
  const shown = table.id === 'days' ? table.rows : table.rows.slice(0, LIST_LIMIT);
  const head = `${table.id}-h`;
  const dayFigures = table.rows.map(([day, visitors, views]) => ({ day: String(day), visitors: Number(visitors), views: Number(views) }));
  return (
    <section aria-labelledby={head} className="stats-section">
      <div className="section-head">
        <h2 id={head}>{table.title}</h2>
        {table.rows.length > 0 && (
          <a className="button secondary csv" href={`/admin/stats/${table.id}.csv?${params}`} download>
            Download CSV<span className="visually-hidden"> of {table.name}</span>
          </a>
        )}
      </div>
      <p className="about">{table.about}</p>
      {table.rows.length === 0 ? (
        <p className="empty">{table.empty}</p>
      ) : (
        <>
          {table.id === 'days' && (
            <figure className="chart-box">
              <DaysChart days={dayFigures} W={640} id="chart-wide" />
              <DaysChart days={dayFigures} W={360} id="chart-narrow" />
              <figcaption>
                <ChartLegend days={days} />
              </figcaption>
            </figure>
          )}
          {shown.length < table.rows.length && (
            <p className="help">
              The first {count(shown.length)} of {count(table.rows.length)} are shown. The CSV file has them all.
            </p>
          )}
          <div className="table-scroll" role="region" aria-label={`${table.title}, table`} tabIndex={0}>
            <table className="stats">
              <thead>
                <tr>
                  {table.columns.map((c, i) => (
                    <th key={c} scope="col" className={i ? 'num' : undefined}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row, r) => (
                  <tr key={r}>
                    {row.map((v, i) =>
                      i === 0 ? (
                        <th key={i} scope="row">
                          {cellText(table, i, v)}
                        </th>
                      ) : (
                        <td key={i} className="num">
                          {cellText(table, i, v)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export function StatsPage({ signedIn, query, report, tables }: StatsProps) {
  const range = report?.range;
  return (
    <Page title="Stats" signedIn={signedIn} styles={STYLES} current={CURRENT}>
      <p>
        Visits to the site and the forms they lead to, counted by the site itself, without cookies. Pick the days to see; each table can be downloaded as a CSV
        file.
      </p>
      <RangeForm query={query} />
      {report && range && tables && (
        <>
          <p role="status" className="showing">
            {range.from === range.to ? `Showing ${dayWords(range.from)}` : `Showing ${dayWords(range.from)} to ${dayWords(range.to)}`} (UTC).
          </p>
          <Totals report={report} />
          {tables.map((t) => (
            <TableSection key={t.id} table={t} params={rangeParams(range)} days={report.days.length} />
          ))}
        </>
      )}
    </Page>
  );
}
