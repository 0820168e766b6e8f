import { Component, type ReactNode } from 'react';

/**
 * Around a part of a page whose code loads on demand (the PDF viewer, the template editor): when that
 * code cannot be fetched (a new deployment, the network), `fallback` says so instead of the page failing.
 */
export class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
