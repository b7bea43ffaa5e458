/**
 * The block scripts of the page the shell is built for. The build replaces this module, for each page's set of
 * shell parts, with one importing exactly that page's scripts (scripts/lib/page-scripts.ts); as written here it is
 * what a page without any gets, and what the dev server's shell gets (its blocks are started by
 * ./all-block-scripts.ts as they render).
 */
import type { BlockScripts } from './block-scripts.ts';

export const PAGE_BLOCK_SCRIPTS: BlockScripts = {};
