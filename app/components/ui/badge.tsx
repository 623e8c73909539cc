import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
  {
    variants: {
      variant: {
        default: "border-transparent bg-brand-50 text-brand-700",
        outline: "border-slate-300 bg-white text-slate-700",
        muted: "border-transparent bg-slate-100 text-slate-700",
        low: "border-transparent bg-slate-100 text-slate-700",
        medium: "border-transparent bg-sky-100 text-sky-800",
        high: "border-transparent bg-amber-100 text-amber-900",
        critical: "border-transparent bg-red-100 text-red-800",
        success: "border-transparent bg-emerald-100 text-emerald-800",
        warning: "border-transparent bg-orange-100 text-orange-900",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
