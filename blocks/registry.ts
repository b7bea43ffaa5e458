/**
 * Every block type the page builder knows: its component, loaded lazily (one chunk per block, so a route only
 * downloads the blocks it shows), and its options. The map is checked against the types generated from the schemas
 * (`satisfies BlockMap`): a schema in schemas/blocks/ without a line here, a line without a schema, or a component
 * whose props are not its schema's type fails `npm run typecheck`.
 *
 * Adding a block: its folder blocks/<Type>/ (index.tsx default-exporting the component, example.json, tests), its
 * schema schemas/blocks/<type>.schema.json, `npm run gen:types`, and one line here. The folder is the type with a
 * capital first letter ("featureGrid" lives in blocks/FeatureGrid/): the builder finds examples and chunks by it.
 * Only page code imports this file; Node-side code lists the blocks from their schemas (scripts/lib/blocks.ts).
 */
import type { ComponentType } from 'react';
import type { Block, BlockOfType } from '../renderer/generated/config-types.ts';

export interface BlockOptions {
  /**
   * The block is a dialog opened by links to "#<its id>". Such links render as buttons
   * (a control that opens a dialog is a button, not a link, for assistive technology).
   */
  dialog?: boolean;
}

export interface BlockEntry<T extends Block['type'] = Block['type']> extends BlockOptions {
  /** Loads the block's folder; its default export renders a block of this type. */
  load: () => Promise<{ default: ComponentType<BlockOfType<T>> }>;
}

type BlockMap = { [T in Block['type']]: BlockEntry<T> };

export const blocks = {
  hero: { load: () => import('./Hero/index.tsx') },
  faq: { load: () => import('./Faq/index.tsx') },
  featureGrid: { load: () => import('./FeatureGrid/index.tsx') },
  ctaBanner: { load: () => import('./CtaBanner/index.tsx') },
  logoStrip: { load: () => import('./LogoStrip/index.tsx') },
  liveProjects: { load: () => import('./LiveProjects/index.tsx') },
  personas: { load: () => import('./Personas/index.tsx') },
  testimonials: { load: () => import('./Testimonials/index.tsx') },
  pricingPlans: { load: () => import('./PricingPlans/index.tsx') },
  planComparison: { load: () => import('./PlanComparison/index.tsx') },
  feeEstimator: { load: () => import('./FeeEstimator/index.tsx') },
  adminLogin: { load: () => import('./AdminLogin/index.tsx') },
  doctor: { load: () => import('./Doctor/index.tsx') },
  steps: { load: () => import('./Steps/index.tsx') },
  videoDialog: { load: () => import('./VideoDialog/index.tsx'), dialog: true },
  referralRedirect: { load: () => import('./ReferralRedirect/index.tsx') },
  prose: { load: () => import('./Prose/index.tsx') },
  form: { load: () => import('./Form/index.tsx') },
  formDialog: { load: () => import('./FormDialog/index.tsx'), dialog: true },
  enquiry: { load: () => import('./Enquiry/index.tsx') },
  scheduler: { load: () => import('./Scheduler/index.tsx') },
  contactInfo: { load: () => import('./ContactInfo/index.tsx') },
} satisfies BlockMap;

/** One row per block type, for page code that looks them up by type. */
export interface BlockRegistration extends BlockOptions {
  /** The value of "type" in page files, e.g. "hero". */
  type: string;
  /** Loads the component; which props it takes is checked above, in the map. */
  load: () => Promise<{ default: unknown }>;
}

export const blockRegistry: readonly BlockRegistration[] = Object.entries(blocks).map(([type, entry]) => ({ ...entry, type }));
