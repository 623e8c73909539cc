import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "~/lib/utils";

/** A text field's look: the `.field` component class (app/tailwind.css), so repeated fields stay small in the HTML. */
export const fieldClasses = "field";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, type = "text", ...props }, ref) => (
    <input ref={ref} type={type} className={cn(fieldClasses, "h-10 py-2", className)} {...props} />
  ),
);
Input.displayName = "Input";
