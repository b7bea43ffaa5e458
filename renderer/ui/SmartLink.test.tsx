import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { site } from 'virtual:sitewright/config';
import { NewTabNote, SmartLink } from './SmartLink.tsx';

function renderLink(to: string, label: string) {
  return render(
    <MemoryRouter>
      <SmartLink to={to}>{label}</SmartLink>
      <NewTabNote />
    </MemoryRouter>,
  );
}

describe('SmartLink', () => {
  it('a new-tab link is named by its text alone and described as opening a new tab', () => {
    renderLink('@calculator', 'Cost Calculator');
    const link = screen.getByRole('link', { name: 'Cost Calculator', description: 'Opens in a new tab' });
    expect(link.textContent).toBe('Cost Calculator');
    expect(link.getAttribute('href')).toBe(site.destinations.calculator);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('a same-tab link (internal route, auth site) carries no new-tab description', () => {
    renderLink('/pricing/premium', 'Premium Plan');
    const internal = screen.getByRole('link', { name: 'Premium Plan', description: '' });
    expect(internal.getAttribute('target')).toBeNull();
    renderLink('@signin', 'Login');
    const auth = screen.getByRole('link', { name: 'Login', description: '' });
    expect(auth.getAttribute('target')).toBeNull();
  });
});
