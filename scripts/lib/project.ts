/**
 * The config checker's public entry, kept where its callers import it from. The checker itself is in config/: one
 * module per pass, run in order by config/index.ts.
 */
export { loadProject } from './config/index.ts';
export type { Checked, LoadOptions, LoadResult, PageFile, Project } from './config/model.ts';
export type { AdviceRef, FragmentRef, ImageRef, LinkRef } from './config/schemas.ts';
export { createAjv } from './config/schemas.ts';
export { COLLECTIONS, FRAGMENT_EXTENSIONS, collectionsOf, expectedSchemaRef, type Collection } from './config/files.ts';
export { strayFileAdvice } from './config/folders.ts';
