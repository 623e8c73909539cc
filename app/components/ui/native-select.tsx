import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "~/lib/utils";
import { fieldClasses } from "./input";

/**
 * A styled native <select>: it submits with plain HTML forms, so filters and status changes work
 * before (and without) JavaScript, and phones show their own picker.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...props }, ref) => (
    <select ref={ref} className={cn(fieldClasses, "field-select", className)} {...props} />
  ),
);
NativeSelect.displayName = "NativeSelect";
