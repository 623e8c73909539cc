import { forwardRef, type ReactNode } from "react";
import { useKeptHtml } from "~/lib/kept-html";

/**
 * A `<div>` whose server markup is kept from one render to the next while `data` is the same
 * (app/lib/kept-html.server.ts): a kept render writes the same bytes without rendering `children`, and the browser
 * hydrates them as it would a fresh render's. `data` must hold everything the children's server markup shows: they
 * may read no loader data, address or clock of their own (their browser-only state, such as a selection, is empty
 * on the server). `name` must be unique in the page.
 */
export const KeptHtml = forwardRef<HTMLDivElement, { name: string; data: unknown; children: ReactNode }>(
  function KeptHtml({ name, data, children }, ref) {
    const kept = useKeptHtml(`<div data-kept="${name}"`, data);
    return kept !== undefined ? (
      <div ref={ref} data-kept={name} dangerouslySetInnerHTML={{ __html: kept }} />
    ) : (
      <div ref={ref} data-kept={name}>
        {children}
      </div>
    );
  },
);
