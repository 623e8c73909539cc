import { useCallback, useMemo, useState } from "react";

export interface TaskSelection {
  /** The ticked tasks among those shown. */
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  allSelected: boolean;
  toggleAll: () => void;
  clear: () => void;
}

/** The tasks ticked for the bulk bar, among `tasks`: one that leaves the page (a live change) is no longer ticked. */
export function useTaskSelection(tasks: readonly { id: string }[]): TaskSelection {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(() => new Set(tasks.filter((t) => ticked.has(t.id)).map((t) => t.id)), [tasks, ticked]);
  const toggle = useCallback(
    (id: string) =>
      setTicked((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const allSelected = tasks.length > 0 && selected.size === tasks.length;
  const toggleAll = () => setTicked(allSelected ? new Set() : new Set(tasks.map((t) => t.id)));
  const clear = useCallback(() => setTicked(new Set()), []);
  return { selected, toggle, allSelected, toggleAll, clear };
}
