import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppErrorBoundary, describeError } from './AppError.tsx';

describe('router fallback', () => {
  it('describes an error by its status, else its message', () => {
    expect(describeError(Object.assign(new Error('x'), { status: 503, statusText: 'Service Unavailable' }))).toBe('503 Service Unavailable');
    expect(describeError(new Error('Cannot read properties of undefined'))).toBe('Cannot read properties of undefined');
    expect(describeError('plain text')).toBe('plain text');
  });

  it("shows 'Unexpected Application Error!' with the message instead of a blank page", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('page exploded');
    }
    render(
      <AppErrorBoundary resetKey="/owner" onRetry={() => undefined}>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('page exploded')).toBeTruthy();
  });

  it('clears the error when the visitor navigates elsewhere', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Maybe() {
      if (fail) throw new Error('boom');
      return <p>recovered</p>;
    }
    const { rerender } = render(
      <AppErrorBoundary resetKey="/a" onRetry={() => undefined}>
        <Maybe />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('boom')).toBeTruthy();
    fail = false;
    rerender(
      <AppErrorBoundary resetKey="/b" onRetry={() => undefined}>
        <Maybe />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('recovered')).toBeTruthy();
  });
});
