import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { awaitNotFoundImage } from '../shell/not-found.ts';
import { NOT_FOUND_IMAGE, NotFound } from './NotFound.tsx';

/** The static markup, then the shell script, with the picture still on its way unless `loaded`. */
function renderScreen({ underConstruction = false, loaded = false } = {}) {
  const view = render(<NotFound underConstruction={underConstruction} />);
  const img = document.querySelector('img');
  if (!img) throw new Error('the not-found screen has no picture');
  // jsdom loads no images, and may report one as complete: the test decides.
  Object.defineProperty(img, 'complete', { value: loaded });
  awaitNotFoundImage(document);
  return { ...view, img };
}

afterEach(() => vi.restoreAllMocks());

describe('NotFound', () => {
  it('without its script, shows the message at once and no spinner or Go Back', () => {
    render(<NotFound />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();
  });

  it('shows only a spinner until the image has loaded, then the message and ways out', () => {
    const { img } = renderScreen();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    expect((document.querySelector('[data-image-ready]') as HTMLElement).hidden).toBe(true);
    expect(img.getAttribute('src')).toBe(NOT_FOUND_IMAGE.src);

    fireEvent.load(img);
    expect(screen.queryByRole('status')).toBeNull();
    expect((document.querySelector('[data-image-wait]') as HTMLElement).hidden).toBe(true);
    expect(screen.getByText('404 error')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Sorry, the page you are looking for doesn’t exist. Here are some helpful links:')).toBeTruthy();
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual([String(NOT_FOUND_IMAGE.width), String(NOT_FOUND_IMAGE.height)]);
    expect(screen.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe('/');
  });

  it('a picture already in the cache shows the message without a spinner', () => {
    renderScreen({ loaded: true });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('a picture that fails to load still reveals the page', () => {
    const { img } = renderScreen();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    fireEvent.error(img);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('"Go Back" shows and goes back in history', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { img } = renderScreen();
    fireEvent.load(img);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('under construction, the heading reads "Site under construction"', () => {
    const { img } = renderScreen({ underConstruction: true });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    fireEvent.load(img);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Site under construction');
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(screen.queryByText('404 error')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });
});
