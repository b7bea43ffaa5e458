import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { site } from 'virtual:sitewright/config';
import { DialogTargetsContext } from '../lib/dialog-targets.tsx';
import { registerDialog } from '../lib/dialogs.ts';
import { NewTabNote, SmartLink, useHrefWithoutScript } from './SmartLink.tsx';

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

describe('SmartLink to a dialog', () => {
  const inPage = (targets: Record<string, string | null>, to = '#book-demo') => (
    <DialogTargetsContext.Provider value={targets}>
      <SmartLink to={to} className="cta">
        Contact Sales
      </SmartLink>
    </DialogTargetsContext.Provider>
  );

  it('without a page of its own is a button that opens it', () => {
    render(inPage({ 'book-demo': null }));
    const button = screen.getByRole('button', { name: 'Contact Sales' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    // Without script the browser opens the dialog block's prerendered <dialog> itself.
    expect(button.getAttribute('commandfor')).toBe('book-demo-dialog');
    expect(button.getAttribute('command')).toBe('show-modal');
  });

  it('with a page is prerendered as a link to it, and hydrates into a button without a mismatch', async () => {
    const html = renderToString(inPage({ 'book-demo': '/book-a-demo' }));
    expect(html).toBe('<a href="/book-a-demo" class="cta" aria-haspopup="dialog" data-opens="book-demo">Contact Sales</a>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, inPage({ 'book-demo': '/book-a-demo' }), { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    const link = screen.getByRole('button', { name: 'Contact Sales' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/book-a-demo');
    container.remove();
  });

  it('opens the dialog on a click, Enter or Space, and leaves a modified click to the browser', async () => {
    const open = vi.fn();
    const unregister = registerDialog('book-demo', open);
    render(inPage({ 'book-demo': '/book-a-demo' }));
    const link = screen.getByRole('button', { name: 'Contact Sales' });
    const click = (init: MouseEventInit) => {
      const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      link.dispatchEvent(e);
      return e;
    };
    expect(click({}).defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0][0]).toBe(link);
    // Whether the browser would follow the link, read after React's handler; then stopped, as jsdom cannot navigate.
    const followed: boolean[] = [];
    const stop = (e: Event) => {
      followed.push(!e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', stop);
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey'] as const) click({ [modifier]: true });
    document.removeEventListener('click', stop);
    expect(followed).toEqual([true, true, true]);
    expect(open).toHaveBeenCalledTimes(1);
    const user = userEvent.setup();
    link.focus();
    await user.keyboard(' ');
    expect(open).toHaveBeenCalledTimes(2);
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledTimes(3);
    unregister();
  });

  it('tells where it leads without script', () => {
    let seen: (string | null)[] = [];
    function Probe() {
      seen = [useHrefWithoutScript('#book-demo'), useHrefWithoutScript('#video'), useHrefWithoutScript('/contact')];
      return null;
    }
    render(
      <DialogTargetsContext.Provider value={{ 'book-demo': '/book-a-demo', video: null }}>
        <Probe />
      </DialogTargetsContext.Provider>,
    );
    expect(seen).toEqual(['/book-a-demo', null, '/contact']);
  });
});
