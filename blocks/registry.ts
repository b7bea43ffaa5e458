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
}

export const blockRegistry: readonly BlockRegistration[] = [
  { type: 'hero', folder: 'Hero' },
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
  { type: 'adminLogin', folder: 'AdminLogin' },
  { type: 'doctor', folder: 'Doctor' },
  { type: 'steps', folder: 'Steps' },
  { type: 'videoDialog', folder: 'VideoDialog', dialog: true },
  { type: 'referralRedirect', folder: 'ReferralRedirect' },
  { type: 'prose', folder: 'Prose' },
  { type: 'form', folder: 'Form' },
  { type: 'formDialog', folder: 'FormDialog', dialog: true },
  { type: 'enquiry', folder: 'Enquiry' },
  { type: 'scheduler', folder: 'Scheduler' },
  { type: 'contactInfo', folder: 'ContactInfo' },
];
