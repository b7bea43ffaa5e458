import { memo, Suspense, use, useState } from 'react';
import { hydrateOnInteractionProps, useHydrateOnInteraction, type MissedInteraction } from '../lib/hydrate-on-interaction.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { loadedFormRenderer, loadFormRenderer, type FormRendererModule } from './form-renderer-chunk.ts';
import type { FormRendererProps } from './FormRenderer.tsx';
import styles from './forms.module.css';

function LoadedForm({ chunk, ...props }: FormRendererProps & { chunk: Promise<FormRendererModule> }) {
  const { FormRenderer } = use(chunk);
  return <FormRenderer {...props} />;
}

/**
 * Memoised: an update that reaches a still-dehydrated Suspense boundary makes React drop the server markup
 * and show the fallback, and the watcher's own re-render right after hydration (its hydration flag flips) is one.
 */
const DeferredForm = memo(function DeferredForm(props: FormRendererProps & { chunk: Promise<FormRendererModule> }) {
  return (
    <Suspense
      fallback={
        <div className={styles.loading}>
          <Spinner label="Loading the form" />
        </div>
      }
    >
      <LoadedForm {...props} />
    </Suspense>
  );
});

/**
 * An inline form whose chunk is fetched only when the visitor needs it. Prerendered by the server as usual;
 * while the page hydrates, the form's Suspense boundary stays dehydrated (the server's markup, typed into
 * like any HTML form) until the first focus, pointer, key or input inside it, or a submit. Then the chunk
 * loads, the boundary hydrates and the form takes over what the visitor already did (see FormRenderer's
 * `resume`). On a client-side navigation the chunk loads at once, behind a spinner the first time.
 */
export function LazyFormRenderer(props: FormRendererProps) {
  const interaction = useHydrateOnInteraction<HTMLDivElement>();
  const [chunk] = useState<{ promise: Promise<FormRendererModule>; resume?: () => MissedInteraction }>(() => {
    if (!interaction.ready) return { promise: loadFormRenderer() };
    // Already in memory (always on the server, or after another form on the page was used): no reason to wait.
    return { promise: loadedFormRenderer() ? loadFormRenderer() : interaction.ready.then(loadFormRenderer), resume: interaction.release };
  });
  return (
    <div ref={interaction.ref} {...hydrateOnInteractionProps}>
      <DeferredForm chunk={chunk.promise} resume={chunk.resume} {...props} />
    </div>
  );
}
