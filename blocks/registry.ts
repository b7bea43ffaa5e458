/**
 * Every block type the page builder knows, and the folder under blocks/ that renders it.
 * Adding a block = adding its folder (index.tsx, schema link, example.json, tests) and one line here.
 * Its schema lives at schemas/blocks/<type>.schema.json; `npm run gen:types` picks it up.
 */
export interface BlockRegistration {
  /** The value of "type" in page files, e.g. "hero". */
  type: string;
  /** PascalCase folder under blocks/ whose index.tsx default-exports the component. */
  folder: string;
  /**
   * The block is a dialog opened by links to "#<its id>". Such links render as buttons
   * (a control that opens a dialog is a button, not a link, for assistive technology).
   */
  dialog?: boolean;
  /**
   * The block renders the page's main heading (an h1): `true` always, or when a setting has a value
   * (`equals`; `default` is the value when the setting is left out). Every page needs exactly one (checked by
   * scripts/lib/page-checks.ts), because screen readers and search engines take it as the page's subject.
   */
  mainHeading?: true | { setting: string; equals?: unknown; default?: unknown };
}

export const blockRegistry: readonly BlockRegistration[] = [
  { type: 'hero', folder: 'Hero', mainHeading: { setting: 'headingLevel', equals: 1, default: 1 } },
  { type: 'faq', folder: 'Faq' },
  { type: 'featureGrid', folder: 'FeatureGrid' },
  { type: 'ctaBanner', folder: 'CtaBanner' },
  { type: 'logoStrip', folder: 'LogoStrip' },
  { type: 'liveProjects', folder: 'LiveProjects' },
  { type: 'personas', folder: 'Personas' },
  { type: 'testimonials', folder: 'Testimonials' },
  { type: 'pricingPlans', folder: 'PricingPlans' },
  { type: 'planComparison', folder: 'PlanComparison' },
  { type: 'feeEstimator', folder: 'FeeEstimator' },
  { type: 'adminLogin', folder: 'AdminLogin', mainHeading: true },
  { type: 'doctor', folder: 'Doctor', mainHeading: true },
  { type: 'steps', folder: 'Steps' },
  { type: 'videoDialog', folder: 'VideoDialog', dialog: true },
  { type: 'referralRedirect', folder: 'ReferralRedirect', mainHeading: true },
  { type: 'prose', folder: 'Prose' },
  { type: 'form', folder: 'Form', mainHeading: { setting: 'headingLevel', equals: 1, default: 2 } },
  { type: 'formDialog', folder: 'FormDialog', dialog: true },
  { type: 'enquiry', folder: 'Enquiry' },
  { type: 'scheduler', folder: 'Scheduler', mainHeading: { setting: 'heading' } },
  { type: 'contactInfo', folder: 'ContactInfo', mainHeading: true },
];
