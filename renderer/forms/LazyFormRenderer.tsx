import { memo, Suspense, use, useState } from 'react';
import { gateProps, useInteractionGate, type MissedInteraction } from '../lib/interaction-gate.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { loadedFormEngine, loadFormEngine, type FormEngine } from './engine.ts';
import type { FormRendererProps } from './FormRenderer.tsx';
import styles from './forms.module.css';

function Engine({ engine, ...props }: FormRendererProps & { engine: Promise<FormEngine> }) {
  const { FormRenderer } = use(engine);
  return <FormRenderer {...props} />;
}

/**
 * Memoised: an update that reaches a still-dehydrated Suspense boundary makes React drop the server markup
 * and show the fallback, and the gate's own re-render right after hydration (its hydration flag flips) is one.
 */
const GatedForm = memo(function GatedForm(props: FormRendererProps & { engine: Promise<FormEngine> }) {
  return (
    <Suspense
      fallback={
        <div className={styles.loading}>
          <Spinner label="Loading the form" />
        </div>
      }
    >
      <Engine {...props} />
    </Suspense>
  );
});

/**
 * An inline form whose engine is fetched only when the visitor needs it. Prerendered by the server as usual;
 * while the page hydrates, the form's Suspense boundary stays dehydrated (the server's markup, typed into
 * like any HTML form) until the first focus, pointer, key or input inside it, or a submit. Then the engine
 * loads, the boundary hydrates and the form takes over what the visitor already did (see FormRenderer's
 * `resume`). On a client-side navigation the engine loads at once, behind a spinner the first time.
 */
export function LazyFormRenderer(props: FormRendererProps) {
  const gate = useInteractionGate<HTMLDivElement>();
  const [engine] = useState<{ promise: Promise<FormEngine>; resume?: () => MissedInteraction }>(() => {
    if (!gate.ready) return { promise: loadFormEngine() };
    // Already in memory (always on the server, or after another form on the page was used): no reason to wait.
    return { promise: loadedFormEngine() ? loadFormEngine() : gate.ready.then(loadFormEngine), resume: gate.release };
  });
  return (
    <div ref={gate.ref} {...gateProps}>
      <GatedForm engine={engine.promise} resume={engine.resume} {...props} />
    </div>
  );
}
