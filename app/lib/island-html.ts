import { createContext } from "react";

/**
 * What a server render offers the islands it draws (app/components/island.tsx, app/lib/island-html.server.ts): the
 * inner HTML kept from an earlier render of the same island with the same props, and a way to ask for this render's
 * to be kept. Absent in the browser, which never draws an island's static HTML itself.
 */
export interface IslandHtml {
  /** The kept inner HTML of the island drawn under `key`, if any. */
  kept(key: string): string | undefined;
  /** Asks for the inner HTML of the island `name`, drawn under `key`, to be kept once the page has rendered. */
  keep(name: string, key: string): void;
}

export const IslandHtmlContext = createContext<IslandHtml | null>(null);
