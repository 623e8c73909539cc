import { Check, X } from "lucide-react";
import { useId, type ReactNode } from "react";
import { PLAN_DETAILS, PLANS, type PlanId } from "~/domain/tiers";
import { cn } from "~/lib/utils";

/** The note under every set of plan cards (spec "Upgrade modal"). */
export const PLAN_NOTE = "Cancel anytime • 30-day money-back guarantee • Secure payment with Stripe";

/**
 * One plan as a list item (spec "Upgrade modal", §9): name, price 'per month', description, the features with
 * included and excluded marks, 'Most Popular' on Premium, and `action` (a button or form) at the bottom. The
 * landing page, the upgrade dialog and the /upgrade page all show plans with it.
 */
export function PlanCard({ plan, action, compact = false }: { plan: PlanId; action: ReactNode; compact?: boolean }) {
  const { name, monthlyPrice } = PLANS[plan];
  const details = PLAN_DETAILS[plan];
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-white shadow-sm",
        compact ? "p-5" : "p-6 sm:p-8",
        details.popular ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200",
      )}
    >
      {details.popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          Most Popular
        </p>
      ) : null}
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {name}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{details.description}</p>
      <p className={cn("flex items-baseline gap-1.5", compact ? "mt-3" : "mt-5")}>
        <span className={cn("font-bold tracking-tight text-slate-900", compact ? "text-3xl" : "text-4xl")}>
          {monthlyPrice}
        </span>
        <span className="text-sm text-slate-600">per month</span>
      </p>
      <ul className={cn("grid text-sm", compact ? "mt-4 gap-1.5" : "mt-6 gap-2.5")} aria-label={`${name} plan features`}>
        {details.features.map((feature) => (
          <li key={feature.name} className={cn("flex gap-2", feature.included ? "text-slate-800" : "text-slate-500")}>
            {feature.included ? (
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            ) : (
              <X className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            )}
            <span>
              {feature.included ? null : <span className="sr-only">Not included: </span>}
              {feature.name}
            </span>
          </li>
        ))}
      </ul>
      <div className={cn("mt-auto", compact ? "pt-5" : "pt-8")}>{action}</div>
    </li>
  );
}
