/**
 * What the prerenderer writes into the page for each island and what the browser reads back: shared by the
 * server render, the loader (no React) and the runtime, so the three cannot drift apart.
 */
import type { Block } from '../generated/config-types.ts';
import type { Hydrate } from '../lib/blocks.ts';
import type { FormAnswer } from '../forms/answer.ts';

export type { Hydrate };

/**
 * On an island's wrapper: its position on the page; the wrapper is display: contents and is the React root. The
 * shell script has its own copy (renderer/shell/markup.ts; a test keeps them equal): sharing the module would make
 * every static page fetch a chunk of the loader's.
 */
export const ISLAND_ATTRIBUTE = 'data-island';
/** On an island's wrapper: when it hydrates (a Hydrate value). */
export const HYDRATE_ATTRIBUTE = 'data-hydrate';
/** On an island's wrapper, where its block has one: the media query outside which it waits for interaction (BlockOptions.media). */
export const MEDIA_ATTRIBUTE = 'data-media';
/** On an island's wrapper: its props as JSON (IslandProps). */
export const PROPS_ATTRIBUTE = 'data-props';
/** On an island's wrapper when the block is a dialog, opened by links to "#<id>": its id. */
export const DIALOG_ATTRIBUTE = 'data-dialog';
/** On a button that opens a dialog block: the dialog's id. */
export const OPENS_ATTRIBUTE = 'data-opens';

/** Everything an island needs to render on its own, exactly as the prerenderer rendered it. */
export interface IslandProps {
  block: Block;
  /** Only the fragments (FAQ sets, forms, …) the block read while prerendering. */
  fragments: Record<string, Record<string, unknown>>;
  /** The page's dialog blocks by id, each with the page holding its form without script, or null (DialogTargets). */
  dialogs: Readonly<Record<string, string | null>>;
  /** The page's route pattern, e.g. "/referral/:refId", for route parameters. */
  route: string;
  /** On a page the lead service answered a form with (see renderer/forms/answer.ts): what to show. */
  answer?: FormAnswer;
}

/**
 * Each island is its own React root, so useId values restart in each; the prefix keeps them unique on the page
 * and equal between the prerendered HTML and hydration.
 */
export const islandIdPrefix = (index: number) => `i${index}-`;
