import type { ReactNode } from 'react';

type EmptyStateProps = { title: string; children?: ReactNode };

export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <section className="ui-empty-state">
      <h2 className="ui-empty-state__title">{title}</h2>
      {children}
    </section>
  );
}
