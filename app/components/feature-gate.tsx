import { Lock } from "lucide-react";
import { useId, type ReactNode } from "react";
import { UpgradeLink } from "~/components/billing/upgrade-provider";
import { requiredPlan, type Feature } from "~/domain/tiers";
import { cn } from "~/lib/utils";

function GateText({ feature, name, pitch, headingId }: { feature: Feature; name: string; pitch: string; headingId: string }) {
  const plan = requiredPlan(feature);
  return (
    <div className="min-w-0 flex-1">
      <h2 id={headingId} className="font-semibold text-slate-900">
        {`${name} requires the ${plan.name} plan`}
      </h2>
      <p className="mt-0.5 text-sm text-slate-700">{`${pitch} Included in ${plan.name} for ${plan.monthlyPrice} per month.`}</p>
    </div>
  );
}

const lockIcon = (
  <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700">
    <Lock className="size-5" aria-hidden />
  </span>
);

/**
 * The inline feature gate (spec "Feature gate"): what the feature is, the plan it needs with its price, and an
 * upgrade button that opens the upgrade dialog (the /upgrade page without JavaScript).
 */
export function FeatureGateBanner({ feature, name, pitch }: { feature: Feature; name: string; pitch: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      {lockIcon}
      <GateText feature={feature} name={name} pitch={pitch} headingId={headingId} />
      <UpgradeLink className="self-start sm:self-auto" />
    </section>
  );
}

/**
 * The overlay form of the gate: `preview` (placeholder content, never the user's data: the server does not send
 * a locked feature's figures) is shown blurred behind the same message and button.
 */
export function FeatureGateOverlay({
  feature,
  name,
  pitch,
  preview,
  className,
}: {
  feature: Feature;
  name: string;
  pitch: string;
  preview: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("relative min-w-0 overflow-hidden rounded-xl", className)}>
      <div aria-hidden="true" className="pointer-events-none h-full blur-[3px] select-none">
        {preview}
      </div>
      <div className="absolute inset-0 flex items-center justify-center bg-white/55 p-4">
        <div className="flex max-w-md flex-col items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-5 text-center shadow-lg">
          {lockIcon}
          <GateText feature={feature} name={name} pitch={pitch} headingId={headingId} />
          <UpgradeLink />
        </div>
      </div>
    </section>
  );
}
