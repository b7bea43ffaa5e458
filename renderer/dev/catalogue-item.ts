/** One block of the dev-only /_catalogue page, as the vite plugin serves it (scripts/lib/catalogue.ts builds the list). */
export interface CatalogueItem {
  type: string;
  title: string;
  description: string;
  exampleFile: string | null;
  example: Record<string, unknown> | null;
  /** What is wrong with the example, in the validator's words. */
  problems: string[];
}
