import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { createAjv } from '../../scripts/lib/project.ts';
import { previewGateHash } from '../../scripts/lib/build-info.ts';
import type { AdminLoginBlock } from '../../renderer/generated/config-types.ts';
import { navigateTo } from '../../renderer/lib/navigate.ts';
import { hasPreviewPass } from '../../renderer/lib/preview-pass.ts';
import example from './example.json';
import { matchesPreviewGate } from './credentials.ts';
import AdminLogin, { WRONG_CREDENTIALS } from './index.tsx';
import start from './script.ts';

const EMAIL = 'preview@buildpad.example';
const PASSWORD = 'letmein';

// The build normally fills previewGate from SITEWRIGHT_PREVIEW_EMAIL/PASSWORD; here the test plays the build.
vi.mock('virtual:sitewright/config', async (importOriginal) => {
  const original = await importOriginal<typeof import('virtual:sitewright/config')>();
  const { previewGateHash: hash } = await import('../../scripts/lib/build-info.ts');
  return {
    ...original,
    build: { ...original.build, previewGate: { salt: 'salt-for-tests', hash: hash('preview@buildpad.example', 'letmein', 'salt-for-tests') } },
  };
});

// Pages are separate documents: going to / is a page load, which the test only records.
vi.mock('../../renderer/lib/navigate.ts', () => ({ navigateTo: vi.fn() }));

/** The block as a page has it: rendered, with its script started on it (all it does is the script's). */
function renderLogin() {
  const rendered = render(
    <div data-block="adminLogin">
      <AdminLogin {...(example as AdminLoginBlock)} />
    </div>,
  );
  start(rendered.container.firstElementChild as HTMLElement);
  return rendered;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(navigateTo).mockClear();
});

describe('preview credentials', () => {
  const salt = 'abc123';
  const gate = { salt, hash: previewGateHash(EMAIL, PASSWORD, salt) };

  it('hashes exactly like the build (email trimmed and lower-cased, password as typed)', async () => {
    expect(await matchesPreviewGate(EMAIL, PASSWORD, gate)).toBe(true);
    expect(await matchesPreviewGate('  Preview@BuildPad.EXAMPLE ', PASSWORD, gate)).toBe(true);
    expect(await matchesPreviewGate(EMAIL, 'LetMeIn', gate)).toBe(false);
    expect(await matchesPreviewGate(EMAIL, ` ${PASSWORD}`, gate)).toBe(false);
    expect(await matchesPreviewGate('other@buildpad.example', PASSWORD, gate)).toBe(false);
    expect(await matchesPreviewGate(EMAIL, PASSWORD, { salt: 'another', hash: gate.hash })).toBe(false);
  });

  it('never matches when the build configured no gate', async () => {
    expect(await matchesPreviewGate(EMAIL, PASSWORD, null)).toBe(false);
    expect(await matchesPreviewGate('', '', null)).toBe(false);
  });
});

describe('adminLogin block', () => {
  it('example.json matches the schema', () => {
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/adminLogin.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ type: 'adminLogin', redirect: '/x' })).toBe(false);
  });

  it('the page carries the salted hash of the build for the script, never the credentials', () => {
    const html = renderToString(<AdminLogin {...(example as AdminLoginBlock)} />);
    expect(html).toContain(`data-salt="salt-for-tests"`);
    expect(html).toContain(`data-hash="${previewGateHash(EMAIL, PASSWORD, 'salt-for-tests')}"`);
    expect(html).not.toContain(EMAIL);
    expect(html).not.toContain(PASSWORD);
  });

  it('has labelled Email and Password fields and a Submit button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: example.heading })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "email or password is wrong" on a mismatch and stays put', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CREDENTIALS);
    expect(WRONG_CREDENTIALS).toBe('email or password is wrong');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(navigateTo).not.toHaveBeenCalled();
    expect(window.localStorage.length).toBe(0);
  });

  it('an empty form is wrong too', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CREDENTIALS);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('on a match sets the shared flag and goes to /', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), ' Preview@BuildPad.example');
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    expect(hasPreviewPass()).toBe(false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(navigateTo).toHaveBeenCalledTimes(1));
    expect(navigateTo).toHaveBeenCalledWith('/');
    // The next page is a new document: it sees the pass only through storage.
    expect(hasPreviewPass()).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
