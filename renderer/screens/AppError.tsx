import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../lib/with-timeout.ts';
import { ChunkFailed } from './ChunkFailed.tsx';
import styles from '../renderer.module.css';

/** Error with an HTTP-like status, e.g. thrown by a route. */
export interface StatusError extends Error {
  status?: number;
  statusText?: string;
}

export function describeError(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as StatusError;
    if (typeof e.status === 'number') return `${e.status}${e.statusText ? ` ${e.statusText}` : ''}`;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return String(error);
}

export function UnexpectedError({ error }: { error: unknown }) {
  return (
    <section className={styles.screen} role="alert">
      <div className={styles['screen-inner']}>
        <h1>Unexpected Application Error!</h1>
        <p className={styles['error-detail']}>{describeError(error)}</p>
        <div className={styles['screen-actions']}>
          <a href="/">Take me home</a>
        </div>
      </div>
    </section>
  );
}

/** The router fallback ('Unexpected Application Error!' with the status or message). */
export class AppErrorBoundary extends Component<{ children: ReactNode; resetKey: string; onRetry: () => void }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    // Navigating away clears the error.
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) {
      return (
        <ChunkFailed
          error={error}
          onRetry={() => {
            this.props.onRetry();
            this.setState({ error: null });
          }}
        />
      );
    }
    return <UnexpectedError error={error} />;
  }
}
