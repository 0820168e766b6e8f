import type { OnChangeFn, VisibilityState } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';

const keyOf = (formId: string) => `formwerk:submission-columns:${formId}`;

function readVisibility(formId: string): VisibilityState {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(formId)) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as VisibilityState) : {};
  } catch {
    // Storage may be disabled or hold something else; all columns show then.
    return {};
  }
}

/**
 * Which columns of a form's table show, kept per form in this browser. Only the hidden ones are
 * stored, so a field added to the form later shows up without anyone asking for it.
 */
export function useColumnVisibility(formId: string): [VisibilityState, OnChangeFn<VisibilityState>] {
  const [visibility, setVisibility] = useState<VisibilityState>(() => readVisibility(formId));

  useEffect(() => setVisibility(readVisibility(formId)), [formId]);

  const onChange = useCallback<OnChangeFn<VisibilityState>>(
    (update) =>
      setVisibility((current) => {
        const next = typeof update === 'function' ? update(current) : update;
        try {
          localStorage.setItem(keyOf(formId), JSON.stringify(next));
        } catch {
          // A full or disabled storage only costs remembering the choice.
        }
        return next;
      }),
    [formId],
  );
  return [visibility, onChange];
}
