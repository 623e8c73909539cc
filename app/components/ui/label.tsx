import { forwardRef, type LabelHTMLAttributes } from "react";
import { cn } from "~/lib/utils";

/**
 * A `<label>` as Radix's Label renders it, without its package: a double click on the label's text does not select
 * it (a press on a control inside the label acts as usual).
 */
export const Label = forwardRef<HTMLLabelElement, LabelHTMLAttributes<HTMLLabelElement>>(
  ({ className, onMouseDown, ...props }, ref) => (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/label-has-associated-control -- callers pass htmlFor; the handler only stops text selection, as Radix's Label
    <label
      ref={ref}
      className={cn("text-sm font-medium text-slate-800", className)}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as Element).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  ),
);
Label.displayName = "Label";
