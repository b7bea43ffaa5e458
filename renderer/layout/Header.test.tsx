import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { site } from 'virtual:sitewright/config';
import type { NavGroup, PageHeader } from '../generated/config-types.ts';
import { Header, MOBILE_MENU_ID } from './Header.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderHeader(config?: PageHeader, onMobileMenuChange?: (open: boolean) => void, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header config={config} onMobileMenuChange={onMobileMenuChange} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <p>Outside the header</p>
    </MemoryRouter>,
  );
}

const auth = site.authSite.root;
const header = () => screen.getByRole('banner');
const href = (name: string | RegExp) => within(header()).getByRole('link', { name }).getAttribute('href');
const locked = () => document.body.classList.contains('scroll-locked');

describe('Header items', () => {
  it('shows the default items with their destinations', () => {
    renderHeader();
    expect(href(site.name)).toBe('/');
    const solutions = screen.getByRole('button', { name: 'Solutions' });
    expect(solutions.getAttribute('aria-expanded')).toBe('false');
    expect(solutions.getAttribute('aria-controls')).toBe('menu-solutions');
    expect(document.getElementById('menu-solutions')?.hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Pricing' }).getAttribute('aria-controls')).toBe('menu-pricing');
    const calculator = within(header()).getByRole('link', { name: /Cost Calculator/ });
    expect(calculator.getAttribute('href')).toBe(site.destinations.calculator);
    expect(calculator.getAttribute('target')).toBe('_blank');
    expect(calculator.getAttribute('rel')).toContain('noopener');
    expect(href('Refer-to-earn')).toBe('/referral');
    expect(href('Contact us')).toBe('/contact');
    expect(href('Login')).toBe(`${auth}/signin`);
    expect(href('Sign up')).toBe(`${auth}/project-owner/signup?fromreferralPage=true`);
  });

  it('lists every solution and plan with its description and icon', () => {
    renderHeader();
    const solutions = document.getElementById('menu-solutions')!;
    const links = within(solutions).getAllByRole('link', { hidden: true });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/owner', '/enterprise', '/finance', '/contractor', '/consultant']);
    expect(solutions.textContent).toContain('Private Project Owners');
    expect(solutions.textContent).toContain((site.header.items[0] as NavGroup).links[0].description);
    expect(solutions.querySelectorAll('svg[data-icon]')).toHaveLength(5);
    const pricing = document.getElementById('menu-pricing')!;
    expect(
      within(pricing)
        .getAllByRole('link', { hidden: true })
        .map((a) => [a.textContent?.includes('Enterprise Plan') || a.textContent?.includes('Premium Plan'), a.getAttribute('href')]),
    ).toEqual([
      [true, '/pricing/enterprise'],
      [true, '/pricing/premium'],
    ]);
  });

  it("applies the page's variant: its own button, without Contact us", () => {
    renderHeader({ variant: 'enterprise' });
    expect(within(header()).queryByRole('link', { name: 'Contact us' })).toBeNull();
    expect(within(header()).queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(href('Contact Us')).toBe('/contact');
    expect(href('Login')).toBe(`${auth}/signin`);
  });

  it('finance variant replaces both dropdowns with one owner link', () => {
    renderHeader({ variant: 'finance' });
    expect(screen.queryByRole('button', { name: 'Solutions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pricing' })).toBeNull();
    expect(document.getElementById('menu-solutions')).toBeNull();
    expect(href('Private Project Owner')).toBe('/owner');
    expect(href('Refer-to-earn')).toBe('/referral');
    expect(within(header()).queryByRole('link', { name: 'All pricing plans' })).toBeNull();
  });
});

describe('Header dropdowns (disclosure navigation)', () => {
  it('toggles on click, one at a time, and locks page scroll while open', async () => {
    const user = userEvent.setup();
    renderHeader();
    const solutions = screen.getByRole('button', { name: 'Solutions' });
    const pricing = screen.getByRole('button', { name: 'Pricing' });
    await user.click(solutions);
    expect(solutions.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('menu-solutions')?.hidden).toBe(false);
    expect(locked()).toBe(true);
    await user.click(pricing);
    expect(pricing.getAttribute('aria-expanded')).toBe('true');
    expect(solutions.getAttribute('aria-expanded')).toBe('false');
    await user.click(pricing);
    expect(pricing.getAttribute('aria-expanded')).toBe('false');
    expect(locked()).toBe(false);
  });

  it('opens with Enter and Space; Escape closes and returns focus to the button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const solutions = screen.getByRole('button', { name: 'Solutions' });
    solutions.focus();
    await user.keyboard('{Enter}');
    expect(solutions.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('/owner');
    await user.keyboard('{Escape}');
    expect(solutions.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(solutions);
    await user.keyboard(' ');
    expect(solutions.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves between items with the arrow keys', async () => {
    const user = userEvent.setup();
    renderHeader();
    const pricing = screen.getByRole('button', { name: 'Pricing' });
    await user.click(pricing);
    await user.tab();
    expect(document.activeElement?.getAttribute('href')).toBe('/pricing/enterprise');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('href')).toBe('/pricing/premium');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('href')).toBe('/pricing/enterprise');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('href')).toBe('/pricing/premium');
  });

  it('closes on a click outside and when focus leaves it', async () => {
    const user = userEvent.setup();
    renderHeader();
    const solutions = screen.getByRole('button', { name: 'Solutions' });
    await user.click(solutions);
    await user.click(screen.getByText('Outside the header'));
    expect(solutions.getAttribute('aria-expanded')).toBe('false');
    await user.click(solutions);
    act(() => within(header()).getByRole('link', { name: 'Refer-to-earn' }).focus());
    expect(solutions.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when an item is chosen, and the route changes', async () => {
    const user = userEvent.setup();
    renderHeader();
    const pricing = screen.getByRole('button', { name: 'Pricing' });
    await user.click(pricing);
    await user.click(screen.getByRole('link', { name: /Premium Plan/ }));
    expect(screen.getByTestId('where').textContent).toBe('/pricing/premium');
    expect(pricing.getAttribute('aria-expanded')).toBe('false');
    expect(locked()).toBe(false);
  });
});

describe('Header mobile menu', () => {
  it('opens from the hamburger, locks scroll, links to /pricing and closes with Escape', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderHeader(undefined, onChange);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-controls')).toBe(MOBILE_MENU_ID);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close menu');
    expect(document.getElementById(MOBILE_MENU_ID)?.hasAttribute('data-open')).toBe(true);
    expect(locked()).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(within(document.getElementById(MOBILE_MENU_ID)!).getByRole('link', { name: 'All pricing plans' }).getAttribute('href')).toBe('/pricing');
    // Focus starts inside the menu.
    expect(document.getElementById(MOBILE_MENU_ID)?.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(locked()).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('Escape closes an open group first, then the menu', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const solutions = screen.getByRole('button', { name: 'Solutions' });
    await user.click(solutions);
    await user.keyboard('{Escape}');
    expect(solutions.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on navigation, also to the page already shown', async () => {
    const user = userEvent.setup();
    renderHeader(undefined, undefined, '/referral');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.click(within(header()).getByRole('link', { name: 'Contact us' }));
    expect(screen.getByTestId('where').textContent).toBe('/contact');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    fireEvent.click(within(header()).getByRole('link', { name: 'Refer-to-earn' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(locked()).toBe(false);
  });
});
