import { Link } from "@remix-run/react";
import { Sparkles } from "lucide-react";
import { createContext, lazy, Suspense, useContext, type MouseEvent, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import type { Tier } from "~/domain/tiers";
import { useLinkDialog } from "~/lib/use-link-dialog";
import { useOpenedOnce } from "~/lib/use-opened-once";

// The dialog (Radix Dialog and the plan cards) loads on first use, like the dashboard's other dialogs.
const loadUpgradeDialog = () => import("./upgrade-dialog");
const UpgradeDialog = lazy(() => loadUpgradeDialog().then((m) => ({ default: m.UpgradeDialog })));

const OpenUpgrade = createContext<((event: MouseEvent<HTMLElement>) => void) | null>(null);

/**
 * Holds the one upgrade dialog of a workspace page (the app shell mounts it): every UpgradeLink inside opens it.
 */
export function UpgradeProvider({ tier, children }: { tier: Tier; children: ReactNode }) {
  const dialog = useLinkDialog();
  const mounted = useOpenedOnce(dialog.open);
  return (
    <OpenUpgrade.Provider value={dialog.openFromLink}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <UpgradeDialog
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            onCloseAutoFocus={dialog.onCloseAutoFocus}
            tier={tier}
          />
        </Suspense>
      ) : null}
    </OpenUpgrade.Provider>
  );
}

/**
 * An 'Upgrade Plan' button: a link to the /upgrade page (which works without JavaScript) that opens the upgrade
 * dialog in place once the page is interactive.
 */
export function UpgradeLink({
  children = "Upgrade Plan",
  icon = true,
  ...props
}: Omit<ButtonProps, "asChild" | "children"> & { children?: ReactNode; icon?: boolean }) {
  const open = useContext(OpenUpgrade);
  return (
    <Button asChild {...props}>
      <Link
        to="/upgrade"
        onClick={open ?? undefined}
        onPointerEnter={() => void loadUpgradeDialog()}
        onFocus={() => void loadUpgradeDialog()}
      >
        {icon ? <Sparkles aria-hidden /> : null}
        {children}
      </Link>
    </Button>
  );
}
