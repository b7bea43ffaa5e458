import type { ChunkLoadError } from '../lib/with-timeout.ts';
import { Button } from '../ui/Button.tsx';
import styles from '../renderer.module.css';

/** A script chunk did not arrive (network error or the 120 s time-out): say so and offer to try again. */
export function ChunkFailed({ error, onRetry }: { error: ChunkLoadError; onRetry: () => void }) {
  return (
    <section className={styles.screen} role="alert">
      <div className={styles['screen-inner']}>
        <h2>Loading chunk {error.chunk} failed</h2>
        <p className={styles['error-detail']}>{error.message}</p>
        <p>Check your connection, then try again.</p>
        <div className={styles['screen-actions']}>
          <Button onClick={onRetry}>Try again</Button>
        </div>
      </div>
    </section>
  );
}
