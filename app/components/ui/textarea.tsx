import { forwardRef, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/utils";
import { fieldClasses } from "./input";

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => (
    <textarea ref={ref} className={cn(fieldClasses, "min-h-20 py-2", className)} {...props} />
  ),
);
Textarea.displayName = "Textarea";
