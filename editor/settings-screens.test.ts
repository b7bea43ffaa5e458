// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileSchema } from './schemas.ts';
import { mergeScreen, SCREENS, screenData, screenErrors, screenOf, screenSchema } from './settings-screens.ts';

const raw = JSON.parse(readFileSync('schemas/site.schema.json', 'utf8')) as { properties: Record<string, unknown>; required: string[] };
const site = JSON.parse(readFileSync('site.config/site.json', 'utf8')) as Record<string, unknown>;

describe('site settings screens', () => {
  it('are the screens a marketer recognises, in this order', () => {
    expect(SCREENS.map((s) => s.title)).toEqual(['Header menu', 'Footer', 'Prices', 'Sign-in and other destinations', 'Not-found page', 'Advanced']);
  });

  it('put every property of the site schema on exactly one screen, so no setting can go missing', () => {
    for (const key of Object.keys(raw.properties)) {
      expect(
        SCREENS.filter((s) => s.keys.includes(key)).map((s) => s.title),
        key,
      ).toHaveLength(1);
    }
    // And no screen names a setting the schema does not have.
    for (const s of SCREENS) for (const key of s.keys) expect(Object.keys(raw.properties), `${s.title}: ${key}`).toContain(key);
  });

  it('cover every setting of the site file', () => {
    const shown = new Set(SCREENS.flatMap((s) => Object.keys(screenSchema(fileSchema('site.json')!, s.id).properties as object)));
    for (const key of Object.keys(site).filter((k) => k !== '$schema')) expect(shown.has(key), key).toBe(true);
  });

  it('cut the schema to the screen, keeping what is required of those settings', () => {
    const prices = screenSchema(fileSchema('site.json')!, 'prices');
    expect(Object.keys(prices.properties as object)).toEqual(['pricing']);
    expect(prices.required).toEqual(['pricing']);
    const footer = screenSchema(fileSchema('site.json')!, 'footer');
    expect(Object.keys(footer.properties as object)).toEqual(['footer', 'privacyPolicy']);
    expect(footer.required).toEqual(['footer']);
  });

  it('say which screen shows a place in the file', () => {
    expect(screenOf(['pricing', 'basicPerUser'])).toBe('prices');
    expect(screenOf(['header', 'items', '0', 'label'])).toBe('header');
    expect(screenOf(['authSite', 'root'])).toBe('destinations');
    expect(screenOf(['privacyPolicy', 'href'])).toBe('footer');
    expect(screenOf(['redirects', '0', 'from'])).toBe('advanced');
    expect(screenOf(['notFound'])).toBe('notFound');
    expect(screenOf([])).toBe('header');
  });

  it('write a screen back into the file, keeping every other setting and the order of the file', () => {
    const schema = screenSchema(fileSchema('site.json')!, 'prices');
    const slice = screenData(site, schema);
    expect(Object.keys(slice)).toEqual(['pricing']);
    expect(mergeScreen(site, schema, { ...slice })).toBe(site);
    const pricing = { ...(site.pricing as object), basicPerUser: 25000 };
    const next = mergeScreen(site, schema, { pricing }) as Record<string, unknown>;
    expect(Object.keys(next)).toEqual(Object.keys(site));
    expect(next.pricing).toBe(pricing);
    expect(next.header).toBe(site.header);
    // A setting cleared on its screen leaves the file; one added goes at the end.
    const footer = screenSchema(fileSchema('site.json')!, 'footer');
    const without = mergeScreen(site, footer, { footer: site.footer }) as Record<string, unknown>;
    expect('privacyPolicy' in without).toBe(false);
    const back = mergeScreen(without, footer, { footer: site.footer, privacyPolicy: { href: '/policy' } }) as Record<string, unknown>;
    expect(Object.keys(back).at(-1)).toBe('privacyPolicy');
  });

  it('show the problems of their own settings and of the whole file', () => {
    const schema = screenSchema(fileSchema('site.json')!, 'prices');
    const errors = screenErrors({ __errors: ['whole'], pricing: { __errors: ['a'] }, header: { __errors: ['b'] } }, schema);
    expect(errors).toEqual({ __errors: ['whole'], pricing: { __errors: ['a'] } });
  });
});
