import { Link } from "@remix-run/react";
import { Lock } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { requiredPlan, type Feature } from "~/domain/tiers";

/**
 * The inline feature gate (spec "Feature gate"): what the feature is, the plan it needs with its price, and
 * an upgrade button. Until billing arrives the button links to the plans on the landing page.
 */
export function FeatureGateBanner({ feature, name, pitch }: { feature: Feature; name: string; pitch: string }) {
  const plan = requiredPlan(feature);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700">
        <Lock className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {name} requires the {plan.name} plan
        </h2>
        <p className="mt-0.5 text-sm text-slate-700">
          {pitch} Included in {plan.name} for {plan.monthlyPrice} per month.
        </p>
      </div>
      <Button asChild>
        <Link to="/landing#plans">Upgrade Plan</Link>
      </Button>
    </section>
  );
}
