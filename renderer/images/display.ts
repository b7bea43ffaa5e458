/**
 * How wide each block shows its pictures, in CSS pixels: the `sizes` the browser reads to pick a file, and the widths
 * the build makes for it (1x and 2x of each, see scripts/lib/images/widths.ts). Kept beside the blocks' own styles'
 * numbers: a layout change that makes a picture wider should change its line here too.
 */
export interface Display {
  /** The `sizes` attribute: how wide the picture shows at each viewport width. */
  sizes: string;
  /** The widths it shows at: on a phone, and at its widest. */
  widths: readonly number[];
}

/** What the content column leaves a full-width picture on a phone: a 390 px screen less the page's side padding. */
const PHONE = 360;

export const DISPLAYS = {
  // Beside the copy from 960 px (0.9 of the 1,186 px content column), full width below.
  hero: { sizes: '(min-width: 1234px) 520px, (min-width: 960px) 42vw, calc(100vw - 48px)', widths: [PHONE, 520] },
  // Half the column in alternating rows, a half to a quarter in a grid; full width on a phone.
  featureGrid: { sizes: '(min-width: 1234px) 580px, (min-width: 720px) 48vw, calc(100vw - 48px)', widths: [PHONE, 580] },
  // One carousel step (35% of the column) from 960 px; the phone's own picture below.
  liveProjects: { sizes: '(min-width: 1234px) 420px, 35vw', widths: [420] },
  'liveProjects.mobileImage': { sizes: 'calc(100vw - 48px)', widths: [PHONE] },
  // Three columns from 960 px, two from 640 px, one below.
  personas: { sizes: '(min-width: 1234px) 380px, (min-width: 960px) 31vw, (min-width: 640px) 48vw, calc(100vw - 48px)', widths: [380] },
  // At most 200 px wide; 72 px beside the text on a phone.
  steps: { sizes: '(max-width: 639px) 72px, 200px', widths: [72, 200] },
  // At most 420 px, or 70% of a phone's width.
  ctaBanner: { sizes: '(min-width: 600px) 420px, 70vw', widths: [280, 420] },
  logoStrip: { sizes: '180px', widths: [180] },
  notFound: { sizes: '320px', widths: [320] },
} as const satisfies Record<string, Display>;

export type DisplayName = keyof typeof DISPLAYS;

/** For a picture in a block that has no line above: the content column's width. */
export const WHOLE_COLUMN: Display = { sizes: '(min-width: 1234px) 1186px, calc(100vw - 48px)', widths: [PHONE, 1186] };

/**
 * The display of a picture held by a block of this type under this property name ("image", "mobileImage"): a line of
 * its own for the property, else the block's.
 */
export function displayOf(blockType: string, property: string): Display {
  const table: Record<string, Display> = DISPLAYS;
  return table[`${blockType}.${property}`] ?? table[blockType] ?? WHOLE_COLUMN;
}
