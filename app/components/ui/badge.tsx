import { cva, type VariantProps } from "~/lib/variants";
import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

/** Variants as the component classes of app/tailwind.css (`.badge`, `.badge-high`…): short on every card. */
const badgeVariants = cva("badge", {
  variants: {
    variant: {
      default: "badge-default",
      outline: "badge-outline",
      muted: "badge-muted",
      low: "badge-low",
      medium: "badge-medium",
      high: "badge-high",
      critical: "badge-critical",
      success: "badge-success",
      warning: "badge-warning",
    },
  },
  defaultVariants: { variant: "default" },
});

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
