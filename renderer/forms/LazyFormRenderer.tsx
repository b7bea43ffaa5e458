import { use } from 'react';
import { loadFormRenderer, type FormRendererModule } from './form-renderer-chunk.ts';
import type { FormRendererProps } from './FormRenderer.tsx';

/**
 * An inline form. The form engine (rjsf, the widgets, the country list) is a chunk of its own, fetched only with a
 * block that shows a form; that block's module waits for it (form-renderer-chunk.ts), so this never suspends. No
 * Suspense boundary either: React would hydrate its content in a later pass than the island's, after the island
 * loader had replayed what the visitor did before hydration.
 */
export function LazyFormRenderer(props: FormRendererProps) {
  const { FormRenderer } = use(loadFormRenderer() as Promise<FormRendererModule>);
  return <FormRenderer {...props} />;
}
