import { createContext, useContext, useId } from "react";

/**
 * What a server render offers the parts that keep their HTML (app/lib/kept-html.server.ts): the inner HTML kept
 * from an earlier render of the same part with the same data, and a way to ask for this render's to be kept. Absent
 * in the browser, and in a render of a form post's answer (app/entry.server.tsx).
 */
export interface KeptHtml {
  /** The kept inner HTML of the part drawn under `key`, if any. */
  kept(key: string): string | undefined;
  /** Asks for the inner HTML of the one element opening with `openTag`, drawn under `key`, to be kept. */
  keep(openTag: string, key: string): void;
}

export const KeptHtmlContext = createContext<KeptHtml | null>(null);

/**
 * In a server render, the HTML kept for the part whose wrapper opens with `openTag` and whose markup is a function
 * of `data` alone, or undefined (the render then keeps what it writes). The key is the wrapper, the part's place in
 * the tree (`useId`: the ids inside it are made from that place) and `data` as JSON. With `openTag` null, nothing is
 * kept; the hooks run either way, so a part may choose once, for good.
 */
export function useKeptHtml(openTag: string | null, data: unknown): string | undefined {
  const place = useId();
  const offer = useContext(KeptHtmlContext);
  if (!offer || openTag === null) return undefined;
  const key = `${openTag}|${place}|${JSON.stringify(data)}`;
  const kept = offer.kept(key);
  if (kept === undefined) offer.keep(openTag, key);
  return kept;
}
