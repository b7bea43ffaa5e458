import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { NOT_FOUND_IMAGE, NotFound } from './NotFound.tsx';

/** Stands in for the browser's image loader so the test decides when the picture has arrived. */
class FakeImage {
  static last: FakeImage | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  complete = false;
  src = '';
  constructor() {
    FakeImage.last = this;
  }
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(underConstruction = false) {
  return render(
    <MemoryRouter initialEntries={['/owner', '/missing']} initialIndex={1}>
      <Routes>
        <Route path="/missing" element={<NotFound underConstruction={underConstruction} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => vi.stubGlobal('Image', FakeImage));
afterEach(() => vi.unstubAllGlobals());

describe('NotFound', () => {
  it('shows only a spinner until the image has loaded, then the message and ways out', async () => {
    renderAt();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(FakeImage.last?.src).toBe(NOT_FOUND_IMAGE.src);
    act(() => FakeImage.last?.onload?.());
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('404 error')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('Sorry, the page you are looking for doesn’t exist. Here are some helpful links:')).toBeTruthy();
    const img = document.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual([String(NOT_FOUND_IMAGE.width), String(NOT_FOUND_IMAGE.height)]);
    expect(screen.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe('/');
  });

  it('"Go Back" goes back in history', async () => {
    renderAt();
    act(() => FakeImage.last?.onload?.());
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/owner');
  });

  it('a picture that fails to load still reveals the page', () => {
    renderAt();
    act(() => FakeImage.last?.onerror?.());
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('under construction, the heading reads "Site under construction"', () => {
    renderAt(true);
    act(() => FakeImage.last?.onload?.());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Site under construction');
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });
});
