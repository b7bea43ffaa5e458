import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { build, site } from 'virtual:sitewright/config';
import { Footer, copyrightYear } from './Footer.tsx';

function renderFooter() {
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

describe('Footer', () => {
  it('shows the mission and the Products and Links columns with their destinations', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(site.footer.mission);
    const products = within(footer).getByRole('navigation', { name: 'Products' });
    expect(
      within(products)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['For Contractor', '/contractor'],
      ['For Consultant', '/consultant'],
      ['For Owner(B2C)', '/owner'],
      ['For Owner(B2B)', '/enterprise'],
    ]);
    const links = within(footer).getByRole('navigation', { name: 'Links' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Cost Calculator', site.destinations.calculator],
      ['Contact us', '/contact'],
      ['Refer-to-earn', '/referral'],
      ['Privacy policy', '/policy'],
    ]);
    expect(
      within(links)
        .getByRole('link', { name: /Cost Calculator/ })
        .getAttribute('target'),
    ).toBe('_blank');
    expect(within(footer).getByRole('link', { name: site.name }).getAttribute('href')).toBe('/');
  });

  it('prints the copyright with the build year and the two social profiles by name', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(`© ${copyrightYear(build.time)} ${site.name}`)).toBeTruthy();
    const linkedin = within(footer).getByRole('link', { name: 'BuildPad on LinkedIn' });
    expect(linkedin.getAttribute('href')).toBe(site.destinations.linkedin);
    expect(linkedin.getAttribute('rel')).toContain('noopener');
    expect(within(footer).getByRole('link', { name: 'BuildPad on Instagram' }).getAttribute('href')).toBe(site.destinations.instagram);
  });

  it('takes the year from the build time, and today when there is none (dev server)', () => {
    expect(copyrightYear('2031-06-01T10:00:00.000Z')).toBe(2031);
    expect(copyrightYear(new Date(0).toISOString())).toBe(new Date().getFullYear());
    expect(copyrightYear('not a date')).toBe(new Date().getFullYear());
  });

  it('is marked for the shell, which makes it inert while the full-screen menu covers it', () => {
    renderFooter();
    expect(screen.getByRole('contentinfo').hasAttribute('data-behind-menu')).toBe(true);
  });
});
