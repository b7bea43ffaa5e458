/**
 * Every block type the page builder knows: its component, loaded lazily (one chunk per block, so a route only
 * downloads the blocks it shows), and its options. The map is checked against the types generated from the schemas
 * (`satisfies BlockMap`): a schema in schemas/blocks/ without a line here, a line without a schema, or a component
 * whose props are not its schema's type fails `npm run typecheck`.
 *
 * Adding a block: its folder blocks/<Type>/ (index.tsx default-exporting the component, example.json, tests), its
 * schema schemas/blocks/<type>.schema.json, `npm run gen:types`, and one line here. The folder is the type with a
 * capital first letter ("featureGrid" lives in blocks/FeatureGrid/): the builder finds examples and chunks by it.
 */
import type { ComponentType } from 'react';
import type { Block, BlockOfType } from '../renderer/generated/config-types.ts';
import type { BlockOptions, BlockRegistration, Hydrate } from '../renderer/lib/blocks.ts';
import { CAROUSEL_MIN_WIDTH } from '../renderer/ui/carousel-constants.ts';

// The registry's shape is the renderer's (renderer/lib/blocks.ts), which takes a registry as an argument.
export type { BlockOptions, BlockRegistration, Hydrate };

export interface BlockEntry<T extends Block['type'] = Block['type']> extends BlockOptions {
  /** Loads the block's folder; its default export renders a block of this type. */
  load: () => Promise<{ default: ComponentType<BlockOfType<T>> }>;
}

type BlockMap = { [T in Block['type']]: BlockEntry<T> };

/**
 * The module that `import.meta.glob` of one file finds. Vite turns the glob into a lazy import of its own chunk; the
 * type argument (`typeof import(…)`) lets the compiler check the component against the schema. Written this way rather
 * than as a plain import() so that Node-side code (the checker, and with it the Vite config) can read this file for
 * the options without the config bundler following the components and their styles.
 */
const only = <M>(found: Record<string, () => Promise<unknown>>) => Object.values(found)[0]() as Promise<M>;

/** Where a carousel is a row that moves (renderer/ui/Carousel.tsx); narrower, it is a stacked list. */
const CAROUSEL_MEDIA = `(min-width: ${CAROUSEL_MIN_WIDTH}px)`;

export const blocks = {
  hero: {
    load: () => only<typeof import('./Hero/index.tsx')>(import.meta.glob('./Hero/index.tsx')),
    mainHeading: { setting: 'headingLevel', equals: 1, default: 1 },
  },
  faq: { load: () => only<typeof import('./Faq/index.tsx')>(import.meta.glob('./Faq/index.tsx')) },
  featureGrid: { load: () => only<typeof import('./FeatureGrid/index.tsx')>(import.meta.glob('./FeatureGrid/index.tsx')) },
  ctaBanner: { load: () => only<typeof import('./CtaBanner/index.tsx')>(import.meta.glob('./CtaBanner/index.tsx')) },
  logoStrip: { load: () => only<typeof import('./LogoStrip/index.tsx')>(import.meta.glob('./LogoStrip/index.tsx')) },
  // On phones a carousel is a plain list with nothing to do: only on wide screens does it need Swiper once in view.
  liveProjects: {
    load: () => only<typeof import('./LiveProjects/index.tsx')>(import.meta.glob('./LiveProjects/index.tsx')),
    hydrate: 'visible',
    media: CAROUSEL_MEDIA,
  },
  personas: { load: () => only<typeof import('./Personas/index.tsx')>(import.meta.glob('./Personas/index.tsx')) },
  testimonials: {
    load: () => only<typeof import('./Testimonials/index.tsx')>(import.meta.glob('./Testimonials/index.tsx')),
    hydrate: 'visible',
    media: CAROUSEL_MEDIA,
  },
  pricingPlans: { load: () => only<typeof import('./PricingPlans/index.tsx')>(import.meta.glob('./PricingPlans/index.tsx')), hydrate: 'interaction' },
  planComparison: { load: () => only<typeof import('./PlanComparison/index.tsx')>(import.meta.glob('./PlanComparison/index.tsx')) },
  // Static: its script (./FeeEstimator/script.ts) shows the cost, the fee and the slider's value text; nothing is left for React.
  feeEstimator: { load: () => only<typeof import('./FeeEstimator/index.tsx')>(import.meta.glob('./FeeEstimator/index.tsx')) },
  // Static: its script (./AdminLogin/script.ts) checks an entry and answers it; nothing is left for React.
  adminLogin: {
    load: () => only<typeof import('./AdminLogin/index.tsx')>(import.meta.glob('./AdminLogin/index.tsx')),
    mainHeading: true,
  },
  doctor: { load: () => only<typeof import('./Doctor/index.tsx')>(import.meta.glob('./Doctor/index.tsx')), hydrate: 'interaction', mainHeading: true },
  steps: { load: () => only<typeof import('./Steps/index.tsx')>(import.meta.glob('./Steps/index.tsx')) },
  videoDialog: {
    load: () => only<typeof import('./VideoDialog/index.tsx')>(import.meta.glob('./VideoDialog/index.tsx')),
    hydrate: 'interaction',
    dialog: true,
  },
  referralRedirect: {
    load: () => only<typeof import('./ReferralRedirect/index.tsx')>(import.meta.glob('./ReferralRedirect/index.tsx')),
    hydrate: 'load',
    mainHeading: true,
  },
  prose: { load: () => only<typeof import('./Prose/index.tsx')>(import.meta.glob('./Prose/index.tsx')) },
  form: {
    load: () => only<typeof import('./Form/index.tsx')>(import.meta.glob('./Form/index.tsx')),
    hydrate: 'interaction',
    mainHeading: { setting: 'headingLevel', equals: 1, default: 2 },
  },
  formDialog: { load: () => only<typeof import('./FormDialog/index.tsx')>(import.meta.glob('./FormDialog/index.tsx')), hydrate: 'interaction', dialog: true },
  enquiry: { load: () => only<typeof import('./Enquiry/index.tsx')>(import.meta.glob('./Enquiry/index.tsx')), hydrate: 'interaction' },
  scheduler: {
    load: () => only<typeof import('./Scheduler/index.tsx')>(import.meta.glob('./Scheduler/index.tsx')),
    hydrate: 'visible',
    mainHeading: { setting: 'heading' },
  },
  contactInfo: {
    load: () => only<typeof import('./ContactInfo/index.tsx')>(import.meta.glob('./ContactInfo/index.tsx')),
    hydrate: 'interaction',
    mainHeading: true,
  },
} satisfies BlockMap;

export const blockRegistry: readonly BlockRegistration[] = Object.entries(blocks).map(
  ([type, entry]: [string, BlockOptions & Pick<BlockRegistration, 'load'>]) => ({ ...entry, type }),
);
