import { useEffect, useRef } from "react";

/**
 * Runs `handle` once each time `value` becomes a new non-null value (a fetcher's or an action's reply is a new
 * object per response), never again on a re-render, so a toast shows once. The latest `handle` runs, so it may
 * read fresh props and state without re-running the effect.
 */
export function useOnChange<Value>(value: Value, handle: (value: NonNullable<Value>) => void) {
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    if (value != null) latest.current(value);
  }, [value]);
}
