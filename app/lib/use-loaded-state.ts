import { useState, type Dispatch, type SetStateAction } from "react";

/**
 * State that starts as `loaded` (a loader's value, which live changes then update) and starts again from each new
 * one in the same render, as React's docs adjust state when a prop changes. A render never pairs new loader data
 * with state made from the old (a list regrouped by the new URL over the old rows, with its keys repeated), and
 * nothing is set from an effect while the page hydrates.
 */
export function useLoadedState<T>(loaded: T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(loaded);
  const [from, setFrom] = useState(loaded);
  if (from !== loaded) {
    setFrom(loaded);
    setState(loaded);
    return [loaded, setState];
  }
  return [state, setState];
}
