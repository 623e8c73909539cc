import { BoundedCache } from "./bounded-cache";
import type { IslandHtml } from "./island-html";

/**
 * The inner HTML of islands (app/components/island.tsx) whose server HTML is a function of their props alone,
 * kept in the isolate from one render to the next: the dashboard's planning cards are a third of its markup, and
 * between two changes to the plan every render of them writes the same HTML. In the browser an island hydrates
 * without its code and leaves the server's HTML as it is, so the kept HTML is what the page would have written.
 *
 * Keyed by the island's name, its place in the tree (`useId`: the ids inside it are made from that place) and its
 * props as JSON. Bounded by the characters kept, keys included.
 */
const KEPT_CHARS = 4_000_000;
const keptHtml = new BoundedCache<{ key: string; html: string }>(
  KEPT_CHARS,
  (entry) => entry.key.length + entry.html.length,
);

/** One render's offer to its islands, and what it asked to keep: `collect` reads those from the page's HTML. */
export function islandHtmlCollector() {
  const wanted: Array<{ name: string; key: string }> = [];
  const offer: IslandHtml = {
    kept: (key) => keptHtml.get(key)?.html,
    keep: (name, key) => void wanted.push({ name, key }),
  };
  return {
    offer,
    /** Keeps the inner HTML of each island this render asked for, read from the rendered page. */
    collect(page: string) {
      for (const { name, key } of wanted) {
        const html = islandInnerHtml(page, name);
        if (html !== null) keptHtml.set(key, { key, html });
      }
    },
  };
}

/** Any `<div` that opens or `</div>` that closes an element: in React's markup, text and attributes escape `<`. */
const DIV_TAG = /<div[\s>]|<\/div>/g;

/**
 * The inner HTML of the one island named `name` in `page` (its wrapper `<div data-island="name" …>`), or null when
 * the page holds none or more than one. Linear: one pass counting the divs opened and closed after the wrapper.
 */
export function islandInnerHtml(page: string, name: string): string | null {
  const open = `<div data-island="${name}"`;
  const at = page.indexOf(open);
  if (at === -1 || page.indexOf(open, at + open.length) !== -1) return null;
  const start = page.indexOf(">", at) + 1;
  DIV_TAG.lastIndex = start;
  let depth = 1;
  for (let match = DIV_TAG.exec(page); match; match = DIV_TAG.exec(page)) {
    depth += match[0] === "</div>" ? -1 : 1;
    if (depth === 0) return page.slice(start, match.index);
  }
  return null;
}
