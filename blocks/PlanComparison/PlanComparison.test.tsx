import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAjv } from '../../scripts/lib/project.ts';
import { initShell } from '../../renderer/shell/shell.ts';
import type { PageConfig, PlanComparisonBlock } from '../../renderer/generated/config-types.ts';
import enterprisePage from '../../site.config/pages/pricing-enterprise.json';
import example from './example.json';
import PlanComparison from './index.tsx';

const root = process.cwd();
const config = example as PlanComparisonBlock;
const pageBlock = (enterprisePage as PageConfig).blocks.find((b) => b.type === 'planComparison') as PlanComparisonBlock;

// hidden: true also finds the rows of closed groups, so tests can check that they are hidden.
const rowHeader = (name: string) => screen.getByRole('rowheader', { name, hidden: true });
const rowOf = (name: string) => rowHeader(name).closest('tr')!;
const isShown = (name: string) => !rowOf(name).hidden;

describe('planComparison block: config', () => {
  it('example.json matches the schema, and a cell must be a tick, a cross or a text', () => {
    const v = createAjv(root).getSchema('https://sitewright.dev/schemas/blocks/planComparison.schema.json')!;
    expect(v(example), JSON.stringify(v.errors)).toBe(true);
    expect(v({ ...config, groups: [{ heading: 'Bad', rows: [{ label: 'x', values: [1] }] }] })).toBe(false);
  });

  it('the enterprise pricing page compares Free, Basic, Pro and Enterprise over the spec feature groups, one cell per plan', () => {
    expect(pageBlock.plans).toEqual(['Free', 'Basic', 'Pro', 'Enterprise']);
    const named = pageBlock.groups.map((g) => g.heading).filter(Boolean);
    expect(named).toEqual([
      'Dashboard',
      'Cluster',
      'Communication',
      'Scheduling',
      'Team',
      'Procurement',
      'Finance',
      'Documents',
      'Photos & Videos',
      'Payment',
      'Notification',
      'Support',
    ]);
    const labels = (heading: string) => pageBlock.groups.find((g) => g.heading === heading)!.rows.map((r) => r.label);
    expect(labels('Procurement')).toEqual(['Bids', 'Inventory']);
    expect(labels('Payment')).toEqual(['Frequency', 'Type']);
    for (const g of pageBlock.groups) for (const r of g.rows) expect(r.values, `${g.heading} / ${r.label}`).toHaveLength(pageBlock.plans.length);
  });
});

describe('planComparison block: behaviour', () => {
  // The block is static markup: its disclosures are the shared shell script's, as on the site.
  let stopShell: () => void = () => undefined;
  beforeEach(() => (stopShell = initShell(document)));
  afterEach(() => stopShell());

  it('renders an accessible table: column headers per plan, row headers per feature, ticks and crosses with text', () => {
    render(<PlanComparison {...config} />);
    const table = screen.getByRole('table');
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(columns).toEqual(['Features', 'Free', 'Basic', 'Pro', 'Enterprise']);
    for (const c of within(table).getAllByRole('columnheader')) expect(c.getAttribute('scope')).toBe('col');
    expect(rowHeader('Storage').getAttribute('scope')).toBe('row');
    const bids = within(rowOf('Bids')).getAllByRole('cell', { hidden: true });
    expect(bids.map((c) => within(c).getByRole('img', { hidden: true }).getAttribute('aria-label'))).toEqual([
      'Not included',
      'Included',
      'Included',
      'Included',
    ]);
    expect(
      within(rowOf('Storage'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['100MB', '1GB', '10GB', '100GB']);
  });

  it('groups start closed, open and close with their disclosure button; a group without a heading is always open', async () => {
    const user = userEvent.setup();
    render(<PlanComparison {...config} />);
    expect(isShown('Projects')).toBe(true);
    expect(isShown('Storage')).toBe(true);
    // The heading-less group has no button to close it.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Procurement', 'Payment']);

    const procurement = screen.getByRole('button', { name: 'Procurement' });
    expect(procurement.getAttribute('aria-expanded')).toBe('false');
    expect(isShown('Bids')).toBe(false);
    expect(isShown('Inventory')).toBe(false);
    for (const id of procurement.getAttribute('aria-controls')!.split(' ')) expect(document.getElementById(id)).not.toBeNull();

    await user.click(procurement);
    expect(procurement.getAttribute('aria-expanded')).toBe('true');
    expect(isShown('Bids')).toBe(true);
    expect(isShown('Inventory')).toBe(true);
    // Groups are independent.
    expect(isShown('Frequency')).toBe(false);

    await user.click(procurement);
    expect(procurement.getAttribute('aria-expanded')).toBe('false');
    expect(isShown('Bids')).toBe(false);
    expect(isShown('Projects')).toBe(true);
  });

  it('the disclosure works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<PlanComparison {...config} />);
    const payment = screen.getByRole('button', { name: 'Payment' });
    payment.focus();
    await user.keyboard('{Enter}');
    expect(payment.getAttribute('aria-expanded')).toBe('true');
    expect(isShown('Type')).toBe(true);
    await user.keyboard(' ');
    expect(payment.getAttribute('aria-expanded')).toBe('false');
  });

  it('a group marked expanded starts open', () => {
    const groups = config.groups.map((g) => (g.heading === 'Payment' ? { ...g, expanded: true } : g)) as PlanComparisonBlock['groups'];
    render(<PlanComparison {...config} groups={groups} />);
    expect(screen.getByRole('button', { name: 'Payment' }).getAttribute('aria-expanded')).toBe('true');
    expect(isShown('Frequency')).toBe(true);
    expect(isShown('Bids')).toBe(false);
  });

  it('the phone plan picker lists every plan; the stylesheet shows the column of its checked option', async () => {
    const user = userEvent.setup();
    render(<PlanComparison {...config} />);
    const picker = screen.getByRole('combobox', { name: 'Show plan' }) as HTMLSelectElement;
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Free', 'Basic', 'Pro', 'Enterprise']);
    expect(picker.value).toBe('0');
    await user.selectOptions(picker, 'Pro');
    expect(picker.value).toBe('2');
    expect(picker.querySelector('option:checked')?.getAttribute('value')).toBe('2');
    // Every plan cell carries its column so the phone layout can show just the chosen one.
    expect(
      within(rowOf('Storage'))
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-col')),
    ).toEqual(['0', '1', '2', '3']);
  });

  it('a row with fewer values than plans shows crosses rather than gaps', () => {
    const groups = [{ heading: '', rows: [{ label: 'Short row', values: [true] }] }] as PlanComparisonBlock['groups'];
    render(<PlanComparison {...config} groups={groups} />);
    const cells = within(rowOf('Short row')).getAllByRole('cell');
    expect(cells).toHaveLength(4);
    expect(cells.map((c) => within(c).getByRole('img').getAttribute('aria-label'))).toEqual(['Included', 'Not included', 'Not included', 'Not included']);
  });
});
