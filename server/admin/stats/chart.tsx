/**
 * Visitors and page views per day as a line chart in plain SVG, drawn on the server: no script and no library in the
 * page. The two lines differ by more than colour (solid with circles, dashed with squares, and a legend in words),
 * and the table beside it holds every number the chart shows.
 */
import type { DayFigures } from '../../stats/types.ts';

const H = 240;
const LEFT = 52;
const RIGHT = 16;
const TOP = 16;
const BOTTOM = 36;
/** Above this many days the markers would touch: the lines alone remain, still solid against dashed. */
const MARKERS_UP_TO = 45;

/** Dark enough for 3:1 against white and against each other's lightness; see the legend for the shapes. */
export const VIEWS_COLOUR = '#0b57d0';
export const VISITORS_COLOUR = '#9a3412';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Nov 2026" from "2026-11-03"; `year` false gives "3 Nov". */
export function dayWords(day: string, year = true): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]}${year ? ` ${y}` : ''}`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The smallest of 1, 2, 5 × a power of ten (and at least 4, so the middle line is a whole number) not below `max`. */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((f) => f * p).find((v) => v >= max) ?? 10 * p) as number;
}

/** The chart's text alternative: the range, the totals and the busiest day, then where every day's figures are. */
export function chartSummary(days: readonly DayFigures[]): string {
  const views = days.reduce((s, d) => s + d.views, 0);
  const visitors = days.reduce((s, d) => s + d.visitors, 0);
  const busiest = days.reduce((best, d) => (d.views > best.views ? d : best), days[0]);
  const span = days.length === 1 ? `on ${dayWords(days[0].day)}` : `from ${dayWords(days[0].day)} to ${dayWords(days[days.length - 1].day)}`;
  const most = days.length > 1 && busiest.views > 0 ? ` The most page views were on ${dayWords(busiest.day)}: ${count(busiest.views)}.` : '';
  return `Page views and visitors per day ${span}: ${count(views)} page view${views === 1 ? '' : 's'} and ${count(visitors)} visitor${visitors === 1 ? '' : 's'} in all.${most} The table below gives every day’s figures.`;
}

/**
 * The chart `W` units wide: the page draws a wide one and a narrow one and shows one of them by the screen's width
 * (the other is display: none, so a screen reader meets one), so its words stay readable on a phone.
 */
export function DaysChart({ days, W, id }: { days: readonly DayFigures[]; W: number; id: string }) {
  const top = niceMax(Math.max(...days.map((d) => Math.max(d.views, d.visitors))));
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const x = (i: number) => LEFT + (days.length === 1 ? plotW / 2 : (i * plotW) / (days.length - 1));
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const points = (pick: (d: DayFigures) => number) => days.map((d, i) => `${x(i).toFixed(1)},${y(pick(d)).toFixed(1)}`).join(' ');
  const xLabels = days.length === 1 ? [0] : days.length > 2 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : [0, 1];
  return (
    <svg className={`chart ${id}`} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} focusable="false">
      <title id={`${id}-title`}>Visitors and page views per day</title>
      <desc id={`${id}-desc`}>{chartSummary(days)}</desc>
      <g fontSize="13" fill="#555d66">
        {[0, top / 2, top].map((v) => (
          <g key={v}>
            <line x1={LEFT} x2={W - RIGHT} y1={y(v)} y2={y(v)} stroke="#c9ced4" strokeWidth="1" />
            <text x={LEFT - 8} y={y(v) + 4} textAnchor="end">
              {count(v)}
            </text>
          </g>
        ))}
        {xLabels.map((i) => (
          <text key={i} x={x(i)} y={H - 12} textAnchor={days.length === 1 ? 'middle' : i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}>
            {dayWords(days[i].day, false)}
          </text>
        ))}
      </g>
      <polyline points={points((d) => d.views)} fill="none" stroke={VIEWS_COLOUR} strokeWidth="2.5" strokeLinejoin="round" />
      <polyline points={points((d) => d.visitors)} fill="none" stroke={VISITORS_COLOUR} strokeWidth="2.5" strokeDasharray="7 5" strokeLinejoin="round" />
      {days.length <= MARKERS_UP_TO &&
        days.map((d, i) => (
          <g key={d.day}>
            <circle cx={x(i)} cy={y(d.views)} r="4" fill={VIEWS_COLOUR} />
            <rect x={x(i) - 3.5} y={y(d.visitors) - 3.5} width="7" height="7" fill="#fff" stroke={VISITORS_COLOUR} strokeWidth="2" />
          </g>
        ))}
    </svg>
  );
}

/** The legend in words, with each line's look drawn beside it; hidden from screen readers' graphics, not its words. */
export function ChartLegend({ days }: { days: number }) {
  const markers = days <= MARKERS_UP_TO;
  return (
    <ul className="legend">
      <li>
        <svg width="40" height="12" viewBox="0 0 40 12" aria-hidden="true" focusable="false">
          <line x1="0" x2="40" y1="6" y2="6" stroke={VIEWS_COLOUR} strokeWidth="2.5" />
          {markers && <circle cx="20" cy="6" r="4" fill={VIEWS_COLOUR} />}
        </svg>
        {markers ? 'Page views (solid line, dots)' : 'Page views (solid line)'}
      </li>
      <li>
        <svg width="40" height="12" viewBox="0 0 40 12" aria-hidden="true" focusable="false">
          <line x1="0" x2="40" y1="6" y2="6" stroke={VISITORS_COLOUR} strokeWidth="2.5" strokeDasharray="7 5" />
          {markers && <rect x="16.5" y="2.5" width="7" height="7" fill="#fff" stroke={VISITORS_COLOUR} strokeWidth="2" />}
        </svg>
        {markers ? 'Visitors (dashed line, squares)' : 'Visitors (dashed line)'}
      </li>
    </ul>
  );
}
