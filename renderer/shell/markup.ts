/**
 * The contract between the server-rendered markup and the shell script: ids and attribute names both sides use.
 * Kept apart from the script so the components can import it without running any browser code.
 */

/** The header's full-screen menu below the breakpoint, and the bar's link area above it. */
export const MOBILE_MENU_ID = 'site-menu';
/** From this width the menu's items sit in the bar with dropdowns (matches Header.module.css). */
export const DESKTOP_QUERY = '(min-width: 1024px)';
/** On the site header, so the script can tell its links and menus from anything else on the page. */
export const SITE_HEADER_ATTR = 'data-site-header';
/** On each dropdown's list item, which holds its popovertarget button and its popover panel. */
export const DROPDOWN_ATTR = 'data-dropdown';
/** On a `<details>` of an accordion: the script gives its summary the button role and aria-expanded. */
export const ACCORDION_ATTR = 'data-accordion';
/** On a disclosure button whose aria-controls lists the elements it shows and hides (comparison groups). */
export const DISCLOSURE_ATTR = 'data-disclosure';
/** On main and the footer: made inert while the full-screen menu covers them. */
export const BEHIND_MENU_ATTR = 'data-behind-menu';
/** On an island's wrapper (renderer/islands/contract.ts, equal by test): the shell leaves marking the page live to the loader. */
export const ISLAND_ATTRIBUTE = 'data-island';
/** The islands that start once on screen (data-hydrate="visible", renderer/islands/contract.ts). */
export const SEEN_ISLANDS = '[data-hydrate="visible"]';
/**
 * On a `<noscript>` in the head of a page too large for the first round trip: the style sheets (space-separated)
 * the shell links once the page has painted; the links inside it serve browsers with scripts off.
 */
export const LATER_STYLES_ATTR = 'data-later-styles';
/**
 * On the `<style>` that carries a page's styles inlined: the style sheets (space-separated) they came from. The
 * islands loader links them, disabled, before any block code loads, so the chunk loader finds them on the page and
 * does not fetch them again. (Written as disabled links in the HTML, Chromium fetched them during load.)
 */
export const INLINED_STYLES_ATTR = 'data-inlined-styles';
/** The media of the link to ./no-script.css, which the shell widens to every browser (see there). */
export const NO_SCRIPT_MEDIA = '(scripting: none)';
/** On each block's wrapper, which is also an island's (renderer/Blocks.tsx): the block's type, e.g. "pricingPlans". */
export const BLOCK_ATTR = 'data-block';
/**
 * On an island's wrapper once React has hydrated it (renderer/islands/runtime.tsx): from then on the block is React's.
 * The dev server and the editor's preview, where React renders every block, put it on an island block's own wrapper.
 */
export const LIVE_ATTR = 'data-live';

/**
 * Whether React owns `block` now: a block script (blocks/<Folder>/script.ts) stops acting then, so each change is
 * made once, by whichever of the two holds the block.
 */
export const isLive = (block: Element): boolean => block.closest(`[${ISLAND_ATTRIBUTE}],[${LIVE_ATTR}]`)?.hasAttribute(LIVE_ATTR) ?? false;
