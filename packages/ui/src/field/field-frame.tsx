import { type ReactNode, useId } from 'react';

/** What the frame gives its control: its id (for the label), what describes it, whether it is invalid. */
export type FieldFrameIds = { id: string; describedBy: string | undefined; isInvalid: true | undefined };

type FieldFrameProps = {
  label: string;
  hint?: string;
  error?: string;
  /** The frame's class: `ui-field` unless a page lays its fields out its own way. */
  className?: string;
  children: (ids: FieldFrameIds) => ReactNode;
};

/**
 * A labelled control with its hint and its problem, both named to assistive technology by
 * aria-describedby; the control itself is the caller's (input, select, textarea), given the ids.
 */
export function FieldFrame({ label, hint, error, className = 'ui-field', children }: FieldFrameProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, isInvalid: error ? true : undefined })}
      {hint ? (
        <span id={`${id}-hint`} className="ui-field__hint ui-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="ui-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
