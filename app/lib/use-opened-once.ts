import { useRef } from "react";

/**
 * True from the first time `open` is true. A dialog loaded on first use (React.lazy) stays mounted after it
 * closes, so it can animate out and hand focus back.
 */
export function useOpenedOnce(open: boolean) {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}
