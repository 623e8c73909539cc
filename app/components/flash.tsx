import { useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { StatusBanner } from "~/components/status-banner";
import { useToast } from "~/components/toaster";
import { useHydrated } from "~/lib/use-hydrated";
import type { ToastMessage } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";

/** The toast a redirect carried (Post/Redirect/Get), read once by the root loader (app/http/toast.server.ts). */
function useFlash(): ToastMessage | null {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return root?.toast ?? null;
}

/** Shows the flash as a toast once JavaScript runs; rendered once, in the root. */
export function FlashToast() {
  const flash = useFlash();
  const toast = useToast();
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash, toast]);
  return null;
}

/** The flash as a banner for a visitor without JavaScript, where the page wants it (under its heading). */
export function FlashBanner() {
  const flash = useFlash();
  const hydrated = useHydrated();
  return flash && !hydrated ? <StatusBanner message={flash} /> : null;
}
