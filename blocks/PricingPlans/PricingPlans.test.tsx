import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { createAjv } from '../../scripts/lib/project.ts';
import type { PageConfig, PricingPlansBlock } from '../../renderer/generated/config-types.ts';
import enterprisePage from '../../site.config/pages/pricing-enterprise.json';
import { DialogTargetsContext } from '../../renderer/lib/dialog-targets.tsx';
import example from './example.json';
import PricingPlans from './index.tsx';

const root = process.cwd();
const config = example as PricingPlansBlock;

function tree(props: PricingPlansBlock) {
  return (
    <MemoryRouter>
      <PricingPlans {...props} />
    </MemoryRouter>
  );
}

const checked = (el: HTMLElement) => (el as HTMLInputElement).checked;
const card = (name: string) => screen.getByRole('article', { name });
const amountIn = (name: string) => within(card(name)).getByText(/^NGN [\d,]+$|^Contact us$/).textContent;

describe('pricingPlans block: config', () => {
  const validate = () => createAjv(root).getSchema('https://sitewright.dev/schemas/blocks/pricingPlans.schema.json')!;

  it('example.json matches the schema', () => {
    const v = validate();
    expect(v(example), JSON.stringify(v.errors)).toBe(true);
  });

  it('rejects a dropdown plan without a user range and a contact plan without an amount label', () => {
    const v = validate();
    const [free, basic, , enterprise] = config.plans;
    const { users: _u, ...basicNoUsers } = basic;
    const { amountLabel: _a, ...enterpriseNoLabel } = enterprise;
    expect(v({ ...config, plans: [free, basicNoUsers] })).toBe(false);
    expect(v({ ...config, plans: [free, enterpriseNoLabel] })).toBe(false);
    expect(v({ ...config, plans: [{ ...free, price: 'gold' }] })).toBe(false);
  });

  it('the enterprise pricing page offers Basic for 1 to 10 users and Pro for 3 to 10 (spec section 5)', () => {
    const block = (enterprisePage as PageConfig).blocks.find((b) => b.type === 'pricingPlans') as PricingPlansBlock;
    const byId = Object.fromEntries(block.plans.map((p) => [p.id, p]));
    expect(block.plans.map((p) => p.title)).toEqual(['Free', 'Basic', 'Pro', 'Enterprise']);
    expect(byId.basic).toMatchObject({ price: 'basic', hasDropdown: true, users: { min: 1, max: 10 } });
    expect(byId.pro).toMatchObject({ price: 'pro', hasDropdown: true, users: { min: 3, max: 10 } });
    expect(byId.free).toMatchObject({ price: 'free', hasDropdown: false });
    expect(byId.enterprise).toMatchObject({ price: 'contact', amountLabel: 'Contact us', hasDropdown: false });
    expect(block.annualLabel ?? 'Annually - save 15%').toBe('Annually - save 15%');
    expect(block.contactAction).toEqual({ label: 'Contact Us', href: '#book-demo' });
  });
});

describe('pricingPlans block: behaviour', () => {
  it('starts monthly with default user counts and no plan chosen', () => {
    render(tree(config));
    expect(checked(screen.getByRole('radio', { name: 'Monthly' }))).toBe(true);
    expect(checked(screen.getByRole('radio', { name: 'Annually - save 15%' }))).toBe(false);
    expect(amountIn('Free')).toBe('NGN 0');
    expect(amountIn('Basic')).toBe('NGN 20,000');
    expect(amountIn('Pro')).toBe('NGN 45,000');
    expect(amountIn('Enterprise')).toBe('Contact us');
    expect(within(card('Basic')).getByText('per month')).toBeTruthy();
    for (const name of ['Choose Free', 'Choose Basic', 'Choose Pro', 'Choose Enterprise']) {
      expect(checked(screen.getByRole('radio', { name }))).toBe(false);
    }
    expect(screen.queryByRole('link', { name: 'Contact Us' })).toBeNull();
  });

  it('the billing toggle switches every amount between monthly and annual (15 % off 12 months)', async () => {
    const user = userEvent.setup();
    render(tree(config));
    await user.click(screen.getByText('Annually - save 15%'));
    expect(checked(screen.getByRole('radio', { name: 'Annually - save 15%' }))).toBe(true);
    expect(amountIn('Basic')).toBe('NGN 204,000');
    expect(amountIn('Pro')).toBe('NGN 459,000');
    expect(amountIn('Free')).toBe('NGN 0');
    expect(amountIn('Enterprise')).toBe('Contact us');
    expect(within(card('Basic')).getByText('per year')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(amountIn('Basic')).toBe('NGN 20,000');
    expect(within(card('Basic')).getByText('per month')).toBeTruthy();
  });

  it('user-count dropdowns offer the plan range and reprice live', async () => {
    const user = userEvent.setup();
    render(tree(config));
    const basicUsers = screen.getByRole('combobox', { name: 'Users on the Basic plan' });
    const proUsers = screen.getByRole('combobox', { name: 'Users on the Pro plan' });
    expect(
      within(basicUsers)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(
      within(proUsers)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['3', '4', '5', '6', '7', '8', '9', '10']);
    expect((basicUsers as HTMLSelectElement).value).toBe('1');
    expect((proUsers as HTMLSelectElement).value).toBe('3');
    expect(within(card('Free')).queryByRole('combobox')).toBeNull();
    expect(within(card('Enterprise')).queryByRole('combobox')).toBeNull();

    await user.selectOptions(proUsers, '5');
    expect(amountIn('Pro')).toBe('NGN 65,000');
    await user.selectOptions(basicUsers, '10');
    expect(amountIn('Basic')).toBe('NGN 200,000');
    await user.click(screen.getByRole('radio', { name: 'Annually - save 15%' }));
    expect(amountIn('Pro')).toBe('NGN 663,000');
    expect(amountIn('Basic')).toBe('NGN 2,040,000');
    // Using a dropdown is not choosing the plan.
    expect(screen.queryByRole('link', { name: 'Contact Us' })).toBeNull();
  });

  it('a configured default user count is the starting choice, kept inside the range', () => {
    const plans = config.plans.map((p) => (p.id === 'pro' ? { ...p, users: { min: 3, max: 10, default: 42 } } : p)) as PricingPlansBlock['plans'];
    render(tree({ ...config, plans }));
    expect((screen.getByRole('combobox', { name: 'Users on the Pro plan' }) as HTMLSelectElement).value).toBe('10');
    expect(amountIn('Pro')).toBe('NGN 115,000');
  });

  it('clicking a card chooses it and shows its Contact Us link to the demo dialog', async () => {
    const user = userEvent.setup();
    render(tree(config));
    await user.click(within(card('Basic')).getByRole('heading', { name: 'Basic' }));
    expect(checked(screen.getByRole('radio', { name: 'Choose Basic' }))).toBe(true);
    expect(card('Basic').className).toMatch(/selected/);
    const contact = within(card('Basic')).getByRole('link', { name: 'Contact Us' });
    expect(contact.getAttribute('href')).toBe('#book-demo');
    expect(screen.getAllByRole('link', { name: 'Contact Us' })).toHaveLength(1);

    await user.click(within(card('Enterprise')).getByText('Unlimited projects'));
    expect(checked(screen.getByRole('radio', { name: 'Choose Enterprise' }))).toBe(true);
    expect(checked(screen.getByRole('radio', { name: 'Choose Basic' }))).toBe(false);
    expect(card('Basic').className).not.toMatch(/selected/);
    expect(within(card('Basic')).queryByRole('link', { name: 'Contact Us' })).toBeNull();
    expect(within(card('Enterprise')).getByRole('link', { name: 'Contact Us' })).toBeTruthy();
  });

  it('is keyboard operable: Space on the focused radio of a plan chooses it', async () => {
    const user = userEvent.setup();
    render(tree(config));
    const choosePro = screen.getByRole('radio', { name: 'Choose Pro' });
    choosePro.focus();
    await user.keyboard(' ');
    expect(checked(choosePro)).toBe(true);
    expect(within(card('Pro')).getByRole('link', { name: 'Contact Us' })).toBeTruthy();
  });
});

describe('pricingPlans block: server rendering', () => {
  it('prerenders the initial state and hydrates without a mismatch', async () => {
    const html = renderToString(tree(config));
    expect(html).toContain('NGN 20,000');
    expect(html).toContain('NGN 45,000');
    expect(html).not.toContain('Contact Us');
    expect(html).not.toMatch(/style=/);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const prerendered = container.innerHTML;
    const onRecoverableError = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, tree(config), { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(container.innerHTML).toBe(prerendered);
    container.remove();
  });
});

describe('pricingPlans block: every user count in the page', () => {
  const withRange = (max: number) =>
    ({ ...config, plans: config.plans.map((p) => (p.id === 'pro' ? { ...p, users: { min: 3, max } } : p)) }) as PricingPlansBlock;
  /** The figures a card prerenders for one period, in order. */
  const figures = (name: string, period: string) =>
    [...card(name).querySelectorAll(`[data-period="${period}"] > span:first-child > span`)].map((el) => el.textContent);

  it("a dropdown of up to 12 choices prerenders each count's price for both periods, in the options' order", () => {
    render(tree(withRange(14)));
    // Pro 3 to 14 users: 12 choices.
    expect(figures('Pro', 'monthly')).toEqual(Array.from({ length: 12 }, (_, i) => `NGN ${(45 + i * 10).toLocaleString('en-US')},000`));
    expect(figures('Pro', 'annually')[2]).toBe('NGN 663,000');
    expect(figures('Basic', 'annually')).toHaveLength(10);
    // React's own amount is still one per card: the chosen count in the chosen period.
    expect(
      within(card('Pro'))
        .getAllByTestId('plan-amount')
        .map((el) => el.textContent),
    ).toEqual(['NGN 45,000']);
  });

  it('a longer dropdown prerenders only the chosen count, for React to reprice', () => {
    render(tree(withRange(15)));
    expect(card('Pro').querySelector('[data-period="monthly"]')!.textContent).toBe('NGN 45,000 per month');
    expect(card('Pro').querySelector('[data-period="annually"]')!.textContent).toBe('NGN 459,000 per year');
  });

  it("the styles show the figure at the selected option's position, for each of the 12 positions", () => {
    const css = readFileSync(`${root}/blocks/PricingPlans/styles.module.css`, 'utf8');
    const positions = [...css.matchAll(/\.card:has\(option:nth-child\((\d+)\):checked\) \.counts > :not\(:nth-child\((\d+)\)\)/g)];
    expect(positions.every(([, a, b]) => a === b)).toBe(true);
    expect(positions.map(([, a]) => Number(a))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('pricingPlans block without script', () => {
  // The demo dialog names a page with the same form (its "page" setting): "Contact Us" then works without script.
  const withDemoPage = (
    <DialogTargetsContext.Provider value={{ 'book-demo': '/book-a-demo' }}>
      <MemoryRouter>
        <PricingPlans {...config} />
      </MemoryRouter>
    </DialogTargetsContext.Provider>
  );

  it('prerenders a "Contact Us" link to that page in every card, for the styles to show in the checked one, and hydrates without a mismatch', async () => {
    const html = renderToString(withDemoPage);
    const links = html.match(/<noscript><a href="\/book-a-demo" class="[^"]*">Contact Us<\/a><\/noscript>/g) ?? [];
    expect(links).toHaveLength(config.plans.length);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const onRecoverableError = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, withDemoPage, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });

  it("with script, shows only the chosen plan's Contact Us, which opens the dialog", async () => {
    const user = userEvent.setup();
    render(withDemoPage);
    expect(screen.queryByText('Contact Us')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Choose Pro' }));
    const contact = within(card('Pro')).getByRole('button', { name: 'Contact Us' });
    expect(contact.getAttribute('href')).toBe('/book-a-demo');
    expect(contact.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.getAllByText('Contact Us')).toHaveLength(1);
  });
});
