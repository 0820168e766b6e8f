import type { TaskSummary } from '@formwerk/contracts';
import { useCallback, useEffect, useState } from 'react';

/** Only open tasks whose step asks nothing of the approver can be approved together. */
export const isBulkApprovable = (task: TaskSummary) => task.canBulkApprove && task.status === 'open';

/**
 * The tasks of the shown page ticked for "Approve selected". A new tab, search, filter or page
 * (`resetKey`) starts with none, so nothing out of sight is ever approved.
 */
export function useTaskSelection(tasks: readonly TaskSummary[], resetKey: string) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resetKey` is the trigger, not a value read
  useEffect(() => setSelectedIds(new Set()), [resetKey]);

  const selectable = tasks.filter(isBulkApprovable);
  const selected = selectable.filter((task) => selectedIds.has(task.id));

  const toggle = useCallback(
    (taskId: string) =>
      setSelectedIds((current) => {
        const next = new Set(current);
        if (!next.delete(taskId)) next.add(taskId);
        return next;
      }),
    [],
  );
  const toggleAll = () =>
    setSelectedIds(selected.length === selectable.length ? new Set() : new Set(selectable.map((task) => task.id)));
  const clear = useCallback(() => setSelectedIds(new Set()), []);

  return { selectable, selected, isSelected: (taskId: string) => selectedIds.has(taskId), toggle, toggleAll, clear };
}

export type TaskSelection = ReturnType<typeof useTaskSelection>;
