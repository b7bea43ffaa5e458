// Modules served by the vite plugin (scripts/lib/vite/plugin.ts, sources from scripts/lib/vite/forms.ts).

declare module 'virtual:sitewright/forms/validators' {
  /** Per form id: loads that form's precompiled validator functions (one lazy chunk each). */
  const loaders: Record<string, () => Promise<import('@rjsf/validator-ajv8').ValidatorFunctions>>;
  export default loaders;
}

declare module 'virtual:sitewright/forms/countries' {
  /** [ISO 3166-1 alpha-2 code, English name, dial code without "+", "|"-separated other names]. */
  const rows: [string, string, string, string][];
  export default rows;
}
