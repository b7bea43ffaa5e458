import { Suspense, use } from 'react';
import { ChunkBoundary } from '../ChunkBoundary.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { loadFormRenderer } from './form-renderer-chunk.ts';
import type { FormRendererProps } from './FormRenderer.tsx';
import styles from './forms.module.css';

/**
 * The form renderer from its own chunk (rjsf, the widgets, the country list). A block that shows a form waits for
 * that chunk before it runs (form-renderer-chunk.ts), so a prerendered form never suspends here, and must not: its
 * island hydrates it at once. When the chunk failed, this throws a ChunkLoadError ("Loading chunk form failed").
 */
export function FormEngine(props: FormRendererProps) {
  const { FormRenderer } = use(loadFormRenderer());
  return <FormRenderer {...props} />;
}

/**
 * A form opened later (a dialog, a panel), after a failed chunk may have been reset by "Try again": a spinner while
 * the engine arrives, and the failure with its "Try again" in place of the form.
 */
export function LoadingFormEngine({ loadingClassName = styles.loading, ...props }: FormRendererProps & { loadingClassName?: string }) {
  return (
    <ChunkBoundary>
      <Suspense
        fallback={
          <div className={loadingClassName}>
            <Spinner label="Loading the form" />
          </div>
        }
      >
        <FormEngine {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
