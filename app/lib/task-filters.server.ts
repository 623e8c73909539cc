import { taskFiltersSchema, type TaskFilters } from "~/domain/schemas";

type FilterKey = keyof TaskFilters;

/**
 * The filters a page reads from its query string. Each is validated on its own, so one bad value (say
 * `priority=urgent`) drops only itself.
 */
export function readTaskFilters(params: URLSearchParams, keys: readonly FilterKey[]): TaskFilters {
  const filters: Record<string, unknown> = {};
  for (const key of keys) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const parsed = taskFiltersSchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return filters as TaskFilters;
}
