import { Component, type ReactNode } from 'react';
import { resetAllChunkCaches } from './lib/chunk-cache.ts';
import { isChunkLoadError } from './lib/with-timeout.ts';
import { ChunkFailed } from './screens/ChunkFailed.tsx';

/**
 * Shows "Loading chunk {n} failed" with a working "Try again" where a lazily loaded module is used (inside a
 * dialog or a disclosure panel), so the rest of the block stays usable. Any other error goes on to the
 * block's own boundary.
 */
export class ChunkBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private retry = () => {
    resetAllChunkCaches();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (isChunkLoadError(error)) return <ChunkFailed error={error} onRetry={this.retry} />;
    // Not a missing chunk: thrown on, so the block's boundary handles it as it always has.
    if (error) throw error;
    return this.props.children;
  }
}
