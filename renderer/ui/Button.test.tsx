import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Button, ButtonLink } from './Button.tsx';

const spinnerOf = (b: HTMLElement) => b.querySelector('[data-testid="button-spinner"]');
const checkOf = (b: HTMLElement) => b.querySelector('[data-testid="button-check"]');

describe('Button states (spec section 4)', () => {
  it('normal: shows its label, is enabled and runs its click handler', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(spinnerOf(button)).toBeNull();
    expect(checkOf(button)).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('loading: hides the label, shows a spinner, ignores clicks and keeps its accessible name', async () => {
    const onClick = vi.fn();
    render(
      <Button state="loading" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(spinnerOf(button)).not.toBeNull();
    expect(screen.getByText('Save').className).toContain('label-hidden');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('loading: a submit button does not submit its form again', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" state="loading">
          Send
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disabled: is disabled and never runs its handler', async () => {
    const onClick = vi.fn();
    render(
      <Button state="disabled" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('success: shows a checkmark next to the visible label', () => {
    render(<Button state="success">Saved</Button>);
    const button = screen.getByRole('button', { name: 'Saved' });
    expect(checkOf(button)).not.toBeNull();
    expect(spinnerOf(button)).toBeNull();
    expect(screen.getByText('Saved').className).not.toContain('label-hidden');
  });

  it.each(['primary', 'secondary', 'danger', 'transparent'] as const)('style %s is applied and stays enabled', (variant) => {
    render(<Button variant={variant}>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.className).toContain(`button-${variant}`);
    expect(button).toHaveProperty('disabled', false);
  });

  it('muted is always disabled, whatever its state', async () => {
    const onClick = vi.fn();
    render(
      <Button variant="muted" state="normal" disabled={false} onClick={onClick}>
        Coming soon
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Coming soon' });
    expect(button.className).toContain('button-muted');
    expect(button).toHaveProperty('disabled', true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('ButtonLink', () => {
  it('is a link styled as a button that resolves config hrefs', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/owner" variant="secondary">
          Learn more
        </ButtonLink>
        <ButtonLink to="@signin">Login</ButtonLink>
      </MemoryRouter>,
    );
    const internal = screen.getByRole('link', { name: 'Learn more' });
    expect(internal.getAttribute('href')).toBe('/owner');
    expect(internal.className).toContain('button-secondary');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('https://app.buildpad.example/signin');
  });
});
