/**
 * Site settings as screens a marketer recognises: each top-level setting of site.json belongs to exactly one screen,
 * and each screen edits its slice of the file with the same generated form as the rest of the editor.
 */
import type { ErrorSchema } from './pointer.ts';

type Schema = Record<string, unknown>;

export type ScreenId = 'header' | 'footer' | 'prices' | 'destinations' | 'notFound' | 'advanced';

export interface Screen {
  id: ScreenId;
  title: string;
  /** One sentence under the screen's title: what is changed here. */
  intro: string;
  /** The top-level settings of site.json on this screen, in the order shown. */
  keys: readonly string[];
}

export const SCREENS: readonly Screen[] = [
  {
    id: 'header',
    title: 'Header menu',
    intro: 'The bar at the top of every page: its menus, links and buttons, and the variants a page can choose instead.',
    keys: ['header'],
  },
  {
    id: 'footer',
    title: 'Footer',
    intro: 'The bottom of every page: the mission line, the columns of links and the social icons; and the privacy policy linked beside every form.',
    keys: ['footer', 'privacyPolicy'],
  },
  {
    id: 'prices',
    title: 'Prices',
    intro: 'The amounts behind every pricing plan and the fee estimator. Each price says which plans use it.',
    keys: ['pricing'],
  },
  {
    id: 'destinations',
    title: 'Sign-in and other destinations',
    intro: 'Where named links go: the sign-up and sign-in site, other outside addresses, the scheduling page and the explainer video.',
    keys: ['authSite', 'destinations', 'scheduler', 'video'],
  },
  {
    id: 'notFound',
    title: 'Not-found page',
    intro: 'The links offered to a visitor who opens an address that does not exist.',
    keys: ['notFound'],
  },
  {
    id: 'advanced',
    title: 'Advanced',
    intro:
      'The product name, the site’s address, where leads are sent, analytics and chat with the consent banner’s words, build switches, the preview login page and redirects.',
    // The file's own pointer to its schema is kept as it is and never shown.
    keys: ['name', 'url', 'iamService', 'analyticsId', 'chatId', 'consent', 'flags', 'previewLogin', 'redirects', '$schema'],
  },
];

export const DEFAULT_SCREEN: ScreenId = 'header';

export function screenById(id: string | undefined): Screen {
  return SCREENS.find((s) => s.id === id) ?? SCREENS.find((s) => s.id === DEFAULT_SCREEN)!;
}

/** The screen that shows a place in site.json (["pricing", "basicPerUser"]); the whole file opens the first screen. */
export function screenOf(field: readonly string[]): ScreenId {
  const key = field[0];
  return (key !== undefined && SCREENS.find((s) => s.keys.includes(key))?.id) || DEFAULT_SCREEN;
}

/** The site schema cut down to one screen's settings (only those it defines), in the screen's order. */
export function screenSchema(site: Schema, id: ScreenId): Schema {
  const all = (site.properties ?? {}) as Record<string, Schema>;
  const keys = screenById(id).keys.filter((k) => Object.hasOwn(all, k));
  const properties = Object.fromEntries(keys.map((k) => [k, all[k]]));
  const required = Array.isArray(site.required) ? (site.required as string[]).filter((k) => keys.includes(k)) : undefined;
  const { description: _d, title: _t, ...rest } = site;
  return { ...rest, properties, ...(required ? { required } : {}) };
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The part of site.json a screen edits: its settings that the schema shows. */
export function screenData(site: unknown, schema: Schema): Record<string, unknown> {
  const data = record(site);
  const keys = Object.keys((schema.properties ?? {}) as Schema);
  return Object.fromEntries(keys.filter((k) => Object.hasOwn(data, k)).map((k) => [k, data[k]]));
}

/**
 * site.json with a screen's settings replaced by `slice`: every other setting and the file's order are kept, a setting
 * the screen cleared is removed, a new one goes at the end. The same object back when nothing changed.
 */
export function mergeScreen(site: unknown, schema: Schema, slice: unknown): unknown {
  const data = record(site);
  const next = record(slice);
  const keys = Object.keys((schema.properties ?? {}) as Schema);
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const [k, v] of Object.entries(data)) {
    if (!keys.includes(k)) out[k] = v;
    else if (next[k] !== undefined) {
      out[k] = next[k];
      if (next[k] !== v) changed = true;
    } else changed = true;
  }
  for (const k of keys) {
    if (!Object.hasOwn(data, k) && next[k] !== undefined) {
      out[k] = next[k];
      changed = true;
    }
  }
  return changed ? out : site;
}

/** The problems of site.json that a screen shows: those on its settings, and any about the file as a whole. */
export function screenErrors(errors: ErrorSchema, schema: Schema): ErrorSchema {
  const keys = Object.keys((schema.properties ?? {}) as Schema);
  const out: ErrorSchema = {};
  if (errors.__errors) out.__errors = errors.__errors;
  for (const k of keys) if (errors[k]) out[k] = errors[k];
  return out;
}
