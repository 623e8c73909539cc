import { BoundedCache } from "./bounded-cache";
import type { KeptHtml } from "./kept-html";

/**
 * The inner HTML of parts whose server markup is a function of their data alone, kept in the isolate from one
 * render to the next (`useKeptHtml` in app/lib/kept-html.ts): the dashboard's islands (app/components/island.tsx)
 * and the tasks page's cards (app/components/kept-html.tsx). Between two changes to what they show, every render
 * of them writes the same HTML; a kept render writes it without rendering them. The browser gets the same bytes
 * either way, so an island leaves them as they are and a hydrated part hydrates them.
 *
 * Bounded by the characters kept, keys included.
 */
const KEPT_CHARS = 4_000_000;
const keptHtml = new BoundedCache<{ key: string; html: string }>(
  KEPT_CHARS,
  (entry) => entry.key.length + entry.html.length,
);

/** One render's offer to its parts, and what it asked to keep: `collect` reads those from the page's HTML. */
export function keptHtmlCollector() {
  const wanted: Array<{ openTag: string; key: string }> = [];
  const offer: KeptHtml = {
    kept: (key) => keptHtml.get(key)?.html,
    keep: (openTag, key) => void wanted.push({ openTag, key }),
  };
  return {
    offer,
    /** Keeps the inner HTML of each part this render asked for, read from the rendered page. */
    collect(page: string) {
      for (const { openTag, key } of wanted) {
        const html = innerHtml(page, openTag);
        if (html !== null) keptHtml.set(key, { key, html });
      }
    },
  };
}

/** Any `<div` that opens or `</div>` that closes an element: in React's markup, text and attributes escape `<`. */
const DIV_TAG = /<div[\s>]|<\/div>/g;

/**
 * The inner HTML of the one `<div>` in `page` whose tag opens with `openTag` (`<div data-island="planning"`), or
 * null when the page holds none or more than one. Linear: one pass counting the divs opened and closed after it.
 */
export function innerHtml(page: string, openTag: string): string | null {
  const at = page.indexOf(openTag);
  if (at === -1 || page.indexOf(openTag, at + openTag.length) !== -1) return null;
  const start = page.indexOf(">", at) + 1;
  DIV_TAG.lastIndex = start;
  let depth = 1;
  for (let match = DIV_TAG.exec(page); match; match = DIV_TAG.exec(page)) {
    depth += match[0] === "</div>" ? -1 : 1;
    if (depth === 0) return page.slice(start, match.index);
  }
  return null;
}
