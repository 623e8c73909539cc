import type { LinkDirection } from "~/domain/task-editor";

/**
 * The task page's own query parameters. Every other one belongs to the list under the drawer (its search,
 * filters, page), so it is kept on the way in and on the way back.
 */
const PAGE_PARAMS = ["waitsFor", "neededBy", "slipped", "confirm", "item", "comment", "comments_before", "file"] as const;
type PageParam = (typeof PAGE_PARAMS)[number];

/** The list's part of a query string (`?q=stage&page=2`), without the task page's parameters. */
export function listSearch(search: string) {
  const params = new URLSearchParams(search);
  for (const name of PAGE_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/** `/tasks/{id}` with the list's query and, optionally, one of the page's own parameters. */
export function taskPageUrl(id: string, search: string, extra?: Partial<Record<PageParam, string>>) {
  const params = new URLSearchParams(listSearch(search));
  for (const [name, value] of Object.entries(extra ?? {})) params.set(name, value);
  const query = params.toString();
  return `/tasks/${encodeURIComponent(id)}${query ? `?${query}` : ""}`;
}

/** The list the drawer closes back to, with its query. */
export const listUrl = (search: string) => `/tasks${listSearch(search)}`;

/** The picker search a page without JavaScript submitted (`?waitsFor=stage`), if any. */
export function pickerSearch(params: URLSearchParams): { direction: LinkDirection; q: string } | undefined {
  for (const direction of ["waitsFor", "neededBy"] as const) {
    const q = params.get(direction);
    if (q !== null) return { direction, q: q.trim().slice(0, 200) };
  }
  return undefined;
}
