import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from './lib/with-timeout.ts';
import { ChunkFailed } from './screens/ChunkFailed.tsx';
import styles from './renderer.module.css';

interface Props {
  /** Names the block in the fallback, e.g. "faq (block 4)". */
  label: string;
  children: ReactNode;
  onRetry?: () => void;
}

/** Contains one block's failure so the rest of the page still shows. */
export class BlockBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Block ${this.props.label} failed to render`, error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkFailed error={error} onRetry={this.retry} />;
    return (
      <section className={styles['block-failed']} role="note">
        <p>This section could not be shown. The rest of the page works normally.</p>
      </section>
    );
  }
}
