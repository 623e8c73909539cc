import { Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";

/** Previous/next links for long boards: plain links, so paging works without JavaScript too. */
export function TaskPagination({
  page,
  pageSize,
  total,
  shown,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** How many tasks this page shows. */
  shown: number;
  hrefFor: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  return (
    <nav
      aria-label="Task pages"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p>
        Showing {first}–{first + shown - 1} of {total}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={hrefFor(Math.min(page - 1, pages))} rel="prev">
              Previous
            </Link>
          </Button>
        ) : null}
        {page < pages ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={hrefFor(page + 1)} rel="next">
              Next
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
