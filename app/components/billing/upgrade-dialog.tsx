import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { Tier } from "~/domain/tiers";
import { PlanChooser } from "./plan-chooser";

/** 'Upgrade Your Plan' (spec "Upgrade modal"): the plan cards in a dialog, loaded on first use. */
export function UpgradeDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  tier,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  tier: Tier;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Upgrade Your Plan</DialogTitle>
          <DialogDescription>More tasks, AI task creation and advanced analytics for your crew.</DialogDescription>
        </DialogHeader>
        <PlanChooser tier={tier} compact />
      </DialogContent>
    </Dialog>
  );
}
