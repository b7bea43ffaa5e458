import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { build, site } from 'virtual:sitewright/config';
import { createAjv } from '../../scripts/lib/project.ts';
import type { DoctorBlock } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import Doctor, { describeService } from './index.tsx';

const config = example as DoctorBlock;
const status = () => screen.getByTestId('iam-status').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('doctor block', () => {
  it('example.json matches the schema', () => {
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/doctor.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ type: 'doctor', verbose: true })).toBe(false);
  });

  it('server rendering shows the build facts and "checking…" without touching the network', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const html = renderToString(<Doctor {...config} />);
    expect(fetch).not.toHaveBeenCalled();
    expect(html).toContain('checking…');
    for (const fact of [build.time, build.version, build.checksum, String(build.routes), site.iamService]) expect(html).toContain(fact);
  });

  it('"Check again" is ready in the prerendered page and busy only while React itself checks', async () => {
    const html = renderToString(<Doctor {...config} />);
    expect(html).not.toContain('aria-busy');
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    render(<Doctor {...config} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check again' }).getAttribute('aria-busy')).toBe('true'));
    answer(new Response(null, { status: 200 }));
    await waitFor(() => expect(status()).toBe('reachable (status 200)'));
    expect(screen.getByRole('button', { name: 'Check again' }).hasAttribute('aria-busy')).toBe(false);
  });

  it('lists flags, route count and hidden routes', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    render(<Doctor {...config} />);
    const row = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(row('Routes')).toBe(String(build.routes));
    expect(row('Hidden routes')).toBe(build.hidden.length ? build.hidden.join(', ') : 'none');
    expect(row('Flag: underConstruction')).toBe(site.flags.underConstruction ? 'on' : 'off');
    expect(row('Flag: hideLandingRoutes')).toBe(site.flags.hideLandingRoutes ? 'on' : 'off');
    expect(status()).toBe('checking…');
  });

  it('after mount asks the identity service and reports its status', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    render(<Doctor {...config} />);
    await waitFor(() => expect(status()).toBe('reachable (status 404)'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual([site.iamService, expect.objectContaining({ method: 'GET' })]);
  });

  it('reports "unreachable" on a network failure, and "Check again" asks once more', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('ok', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    render(<Doctor {...config} />);
    await waitFor(() => expect(status()).toBe('unreachable'));
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(status()).toBe('reachable (status 200)'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('words the three states as the brief asks', () => {
    expect(describeService({ state: 'checking' })).toBe('checking…');
    expect(describeService({ state: 'reachable', status: 503 })).toBe('reachable (status 503)');
    expect(describeService({ state: 'unreachable' })).toBe('unreachable');
  });
});
