import { use } from 'react';
import { loadFormRenderer } from './form-renderer-chunk.ts';
import type { FormRendererProps } from './FormRenderer.tsx';

/**
 * The form renderer from its own chunk: suspends until the chunk arrives and throws a ChunkLoadError
 * ("Loading chunk form failed") when it cannot be fetched, for a Suspense boundary and a ChunkBoundary above.
 */
export function FormEngine(props: FormRendererProps) {
  const { FormRenderer } = use(loadFormRenderer());
  return <FormRenderer {...props} />;
}
