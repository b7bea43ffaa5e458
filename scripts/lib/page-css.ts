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
  return code.toString();
}
