import { useState } from 'react';
import { useOnline } from '../../../lib/ui/use-online';
import { useDeleteCustomScheme } from '../api/delete-custom-scheme';
import { customUnitProblem } from '../utils/connection-problem';

/** The state behind a 'Delete' button and its confirmation: which unit, progress and any problem. */
export function useDeleteUnit(onDeleted?: () => void) {
  const online = useOnline();
  const remove = useDeleteCustomScheme();
  const [target, setTarget] = useState<{ documentId: string; title: string } | null>(null);
  return {
    target,
    ask: (unit: { documentId: string; title: string }) => {
      remove.reset();
      setTarget(unit);
    },
    cancel: () => setTarget(null),
    confirm: () => {
      if (!target) return;
      remove.mutate(target.documentId, {
        onSuccess: () => {
          setTarget(null);
          onDeleted?.();
        },
      });
    },
    deleting: remove.isPending,
    problem: remove.isError ? customUnitProblem(remove.error, 'delete', online) : null,
  };
}
