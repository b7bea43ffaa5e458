import type { SiteConfig } from '../../renderer/generated/config-types.ts';

/** Environment variables that override deployment values of site.json at build time (documented in README). */
export const ENV_OVERRIDES = {
  SITEWRIGHT_SITE_URL: 'url',
  SITEWRIGHT_AUTH_URL: 'authSite.root',
  SITEWRIGHT_IAM_URL: 'iamService',
  SITEWRIGHT_SCHEDULER_URL: 'scheduler.url',
  SITEWRIGHT_VIDEO_URL: 'video.url',
  SITEWRIGHT_ANALYTICS_ID: 'analyticsId',
  SITEWRIGHT_CHAT_ID: 'chatId',
  SITEWRIGHT_HIDE_LANDING_ROUTES: 'flags.hideLandingRoutes',
  SITEWRIGHT_UNDER_CONSTRUCTION: 'flags.underConstruction',
} as const;

export function applyEnvOverrides(site: SiteConfig, env: Record<string, string | undefined>): SiteConfig {
  const out: SiteConfig = structuredClone(site);
  const set = (value: string | undefined, apply: (v: string) => void) => {
    if (value !== undefined && value !== '') apply(value);
  };
  const flag = (v: string) => v === 'true' || v === '1';
  const trim = (v: string) => v.replace(/\/+$/, '');
  set(env.SITEWRIGHT_SITE_URL, (v) => (out.url = trim(v)));
  set(env.SITEWRIGHT_AUTH_URL, (v) => (out.authSite.root = trim(v)));
  set(env.SITEWRIGHT_IAM_URL, (v) => (out.iamService = trim(v)));
  set(env.SITEWRIGHT_SCHEDULER_URL, (v) => (out.scheduler.url = v));
  set(env.SITEWRIGHT_VIDEO_URL, (v) => (out.video.url = v));
  set(env.SITEWRIGHT_ANALYTICS_ID, (v) => (out.analyticsId = v));
  set(env.SITEWRIGHT_CHAT_ID, (v) => (out.chatId = v));
  set(env.SITEWRIGHT_HIDE_LANDING_ROUTES, (v) => (out.flags.hideLandingRoutes = flag(v)));
  set(env.SITEWRIGHT_UNDER_CONSTRUCTION, (v) => (out.flags.underConstruction = flag(v)));
  return out;
}
