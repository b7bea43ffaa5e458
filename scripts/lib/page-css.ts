/**
 * Leaves out of a page the style rules it cannot use. Only the styles of static blocks qualify: a static block is
 * never rendered in the browser (blocks/registry.ts), so its prerendered markup holds every class it will ever have,
 * and a rule that needs a class the page lacks (a variant the page's blocks do not use) never matches. Islands keep
 * all their rules, since their code may add any class once it runs.
 */
import { transform } from 'lightningcss';

/** Every class name in the markup's class attributes. */
export function classesIn(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) out.add(c);
  return out;
}

/**
 * `css` without the style rules none of whose selectors can match, because each names (outside `:not()`, `:is()`
 * and the like) a class that is not in `classes`. A rule with one selector that can still match is kept whole.
 */
export function withoutUnusedRules(css: string, classes: ReadonlySet<string>, filename = 'page.css'): string {
  const { code } = transform({
    filename,
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          const possible = rule.value.selectors.some((selector) => selector.every((part) => part.type !== 'class' || classes.has(part.name)));
          return possible ? undefined : [];
        },
      },
    },
  });
  // A conditional group whose rules all went is left empty: it goes too (repeatedly, for nested groups). An empty
  // @layer block stays, since it still sets the order of the layers.
  let out = code.toString();
  for (let before = ''; before !== out;) [before, out] = [out, out.replace(EMPTY_GROUP, '')];
  return out;
}

const EMPTY_GROUP = /@(?:media|supports|container)[^{};]*\{\}/g;

/**
 * What a page's HTML may weigh, brotli-compressed as served, to arrive in the first round trip of a new connection
 * (TCP's first window is 10 segments, about 14.6 KB; the rest is left for the response's headers and framing).
 */
export const FIRST_ROUND_TRIP_BYTES = 14_000;

/** Blocks at the top of a page, whose styles must be there for the first paint whatever the screen. */
export const FIRST_SCREEN_BLOCKS = 2;

export interface LaterStyleOptions {
  /** The page's block types, in the order they first appear on it. */
  types: readonly string[];
  isIsland: (type: string) => boolean;
  /** The style sheets of a block's own chunk. */
  ownCss: (type: string) => readonly string[];
  /** Style sheets that must stay in the page (those an island may load). */
  keep: ReadonlySet<string>;
}

/**
 * The style sheets a page too large for the first round trip may link after its first paint instead, the last
 * block's first: those of static blocks below the first screen, shared with no block above it and with no island
 * (an island's markup must be styled when its code takes over).
 */
export function laterStyleCandidates({ types, isIsland, ownCss, keep }: LaterStyleOptions): string[] {
  const early = new Set(types.slice(0, FIRST_SCREEN_BLOCKS).flatMap(ownCss));
  const islands = new Set(types.filter(isIsland).flatMap(ownCss));
  const out: string[] = [];
  for (const type of types.slice(FIRST_SCREEN_BLOCKS).reverse()) {
    if (isIsland(type)) continue;
    for (const file of ownCss(type)) if (!early.has(file) && !islands.has(file) && !keep.has(file) && !out.includes(file)) out.push(file);
  }
  return out;
}

/**
 * The style sheets none of whose rules can match the page's markup (each needs a class it lacks): styles for what an
 * island renders only once its code runs, such as the form a dialog brings when it opens. Linked after the first
 * paint they still arrive long before that code does, so a page too large for the first round trip may move them.
 */
export function sheetsTheMarkupCannotUse(styles: ReadonlyMap<string, string>, classes: ReadonlySet<string>): string[] {
  return [...styles].filter(([file, css]) => withoutUnusedRules(css, classes, file).trim() === '').map(([file]) => file);
}
