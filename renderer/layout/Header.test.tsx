import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { site } from 'virtual:sitewright/config';
import type { NavGroup, PageHeader } from '../generated/config-types.ts';
import { MOBILE_MENU_ID } from '../shell/markup.ts';
import { Header } from './Header.tsx';
import { Layout } from './Layout.tsx';

function renderHeader(config?: PageHeader, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header config={config} />
    </MemoryRouter>,
  );
}

const auth = site.authSite.root;
const header = () => screen.getByRole('banner');
// jsdom hides every popover that is not open, the menu included; these tests read the markup, shown or not.
const hidden = true;
const href = (name: string | RegExp) => within(header()).getByRole('link', { name, hidden }).getAttribute('href');

describe('Header items', () => {
  it('shows the default items with their destinations', () => {
    renderHeader();
    expect(href(site.name)).toBe('/');
    const solutions = screen.getByRole('button', { name: 'Solutions', hidden });
    // popovertarget already says whether it is expanded; the HTML standard forbids saying it twice in the markup.
    expect(solutions.hasAttribute('aria-expanded')).toBe(false);
    expect(solutions.getAttribute('aria-controls')).toBe('menu-solutions');
    expect(document.getElementById('menu-solutions')?.getAttribute('popover')).toBe('auto');
    expect(screen.getByRole('button', { name: 'Pricing', hidden }).getAttribute('aria-controls')).toBe('menu-pricing');
    const calculator = within(header()).getByRole('link', { name: /Cost Calculator/, hidden });
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
    expect(within(header()).queryByRole('link', { name: 'Contact us', hidden })).toBeNull();
    expect(within(header()).queryByRole('link', { name: 'Sign up', hidden })).toBeNull();
    expect(href('Contact Us')).toBe('/contact');
    expect(href('Login')).toBe(`${auth}/signin`);
  });

  it('finance variant replaces both dropdowns with one owner link', () => {
    renderHeader({ variant: 'finance' });
    expect(screen.queryByRole('button', { name: 'Solutions', hidden })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pricing', hidden })).toBeNull();
    expect(document.getElementById('menu-solutions')).toBeNull();
    expect(href('Private Project Owner')).toBe('/owner');
    expect(href('Refer-to-earn')).toBe('/referral');
    expect(within(header()).queryByRole('link', { name: 'All pricing plans', hidden })).toBeNull();
  });
});

// The header is never hydrated: its behaviour is the platform's and renderer/shell's (tested there and in
// tests/e2e/shell.spec.ts). These tests pin the markup both rely on.
describe('Header markup (no script of its own)', () => {
  it('each dropdown is a collapsed disclosure button targeting its own popover panel', () => {
    renderHeader();
    for (const id of ['solutions', 'pricing']) {
      const panel = document.getElementById(`menu-${id}`)!;
      const button = document.querySelector(`[popovertarget="menu-${id}"]`)!;
      expect(button.tagName).toBe('BUTTON');
      expect(button.getAttribute('type')).toBe('button');
      expect(button.hasAttribute('aria-expanded')).toBe(false);
      expect(button.getAttribute('aria-controls')).toBe(`menu-${id}`);
      expect(panel.getAttribute('popover')).toBe('auto');
      // The shell finds a dropdown's button and panel through the list item that holds both.
      expect(button.parentElement?.hasAttribute('data-dropdown')).toBe(true);
      expect(button.parentElement?.contains(panel)).toBe(true);
    }
  });

  it('the hamburger opens the menu popover, which holds every item; links are plain links', () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu', hidden });
    expect(toggle.getAttribute('popovertarget')).toBe(MOBILE_MENU_ID);
    expect(toggle.getAttribute('aria-controls')).toBe(MOBILE_MENU_ID);
    expect(toggle.hasAttribute('aria-expanded')).toBe(false);
    const menu = document.getElementById(MOBILE_MENU_ID)!;
    expect(menu.getAttribute('popover')).toBe('auto');
    expect(within(menu).getByRole('link', { name: 'All pricing plans', hidden }).getAttribute('href')).toBe('/pricing');
    expect(within(menu).getByRole('button', { name: 'Solutions', hidden })).toBeTruthy();
    expect(header().hasAttribute('data-site-header')).toBe(true);
  });

  it('marks the current page on its link, also inside a dropdown', () => {
    renderHeader(undefined, '/pricing/premium');
    expect(
      within(document.getElementById('menu-pricing')!)
        .getByRole('link', { name: /Premium Plan/, hidden })
        .getAttribute('aria-current'),
    ).toBe('page');
    renderHeader(undefined, '/contact');
    expect(screen.getAllByRole('link', { name: 'Contact us', hidden }).some((a) => a.getAttribute('aria-current') === 'page')).toBe(true);
  });

  it('Layout marks main and the footer as what the open menu makes inert', () => {
    render(
      <MemoryRouter>
        <Layout>
          <p>Page</p>
        </Layout>
      </MemoryRouter>,
    );
    expect(screen.getByRole('main').hasAttribute('data-behind-menu')).toBe(true);
    expect(screen.getByRole('contentinfo').hasAttribute('data-behind-menu')).toBe(true);
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(false);
  });
});
