// @vitest-environment node
/** The CSP names the Google tag's and Tawk.to's hosts only on a site that sets their ids, each on its own. */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './deploy-files.ts';
import { loadProject } from './project.ts';

const policy = (env: Record<string, string>) => {
  const { project } = loadProject(process.cwd(), env);
  if (!project) throw new Error('the real site.config/ must validate with these ids');
  const csp = contentSecurityPolicy(project, ["'sha256-abc'"]);
  return { csp, directive: (name: string) => csp.split('; ').find((d) => d === name || d.startsWith(`${name} `)) ?? '' };
};
const GOOGLE = /googletagmanager|google-analytics|analytics\.google/;

describe('third-party hosts in the CSP', () => {
  it('without ids: no Google or Tawk.to host anywhere, and the directives as they always were', () => {
    const { csp, directive } = policy({});
    expect(csp).not.toMatch(GOOGLE);
    expect(csp).not.toContain('tawk');
    expect(directive('font-src')).toBe("font-src 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('img-src')).toBe("img-src 'self' data: https://i.ytimg.com");
  });

  it('with an analytics id: the tag from www.googletagmanager.com, and its measurements, and nothing of Tawk.to', () => {
    const { csp, directive } = policy({ SITEWRIGHT_ANALYTICS_ID: 'G-TEST12345' });
    expect(directive('script-src').split(' ')).toContain('https://www.googletagmanager.com');
    for (const name of ['connect-src', 'img-src'])
      expect(directive(name).split(' ')).toEqual(
        expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com']),
      );
    expect(directive('script-src')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).not.toContain('tawk');
  });

  it('with a chat id: Tawk.to’s embed, scripts, live connection, pictures, fonts and frames, and nothing of Google', () => {
    const { csp, directive } = policy({ SITEWRIGHT_CHAT_ID: 'abcdef123456/widget1' });
    expect(directive('script-src').split(' ')).toEqual(expect.arrayContaining(['https://embed.tawk.to', 'https://*.tawk.to']));
    expect(directive('connect-src')).toBe("connect-src 'self' https://*.tawk.to wss://*.tawk.to");
    for (const name of ['img-src', 'font-src', 'frame-src']) expect(directive(name).split(' ')).toContain('https://*.tawk.to');
    expect(csp).not.toMatch(GOOGLE);
  });
});
