/**
 * The block types as Node-side code sees them: one per schema in schemas/blocks/. blocks/registry.ts is checked
 * against the same set by the compiler (its map must have exactly the generated Block types), so the builder reads
 * the list from disk and never loads a component (the Vite config, which imports the builder, cannot bundle them).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface BlockInfo {
  /** The value of "type" in page files, e.g. "featureGrid". */
  type: string;
  /** Folder under blocks/ whose index.tsx default-exports the component, e.g. "FeatureGrid". */
  folder: string;
}

/** The folder under blocks/ of a block type: "featureGrid" → "FeatureGrid". */
export function blockFolder(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** Every block type with a schema, sorted by type. */
export function listBlocks(root: string): BlockInfo[] {
  return readdirSync(join(root, 'schemas', 'blocks'))
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.slice(0, -'.schema.json'.length))
    .sort()
    .map((type) => ({ type, folder: blockFolder(type) }));
}
