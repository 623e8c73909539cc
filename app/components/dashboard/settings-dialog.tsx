import { useMemo } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { supportedTimezones } from "~/domain/dates";
import { SettingsForm, type SettingsValues } from "./settings-form";

/** The Settings dialog of the dashboard (loaded on first use); it closes once the settings are saved. */
export function SettingsDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  settings,
  action,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  settings: SettingsValues;
  action: string;
}) {
  // The browser's own list: this dialog only ever renders in the browser, so nothing has to match the server's.
  const timezones = useMemo(() => supportedTimezones(), []);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Workspace Settings</DialogTitle>
          <DialogDescription>
            The event date drives the countdown, the days-to-go figure, template due dates and the critical path.
          </DialogDescription>
        </DialogHeader>
        <SettingsForm
          settings={settings}
          timezones={timezones}
          action={action}
          onSaved={() => onOpenChange(false)}
          cancel={
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
