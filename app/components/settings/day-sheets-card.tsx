import { Form, useActionData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { VENUE_ADDRESS_MAX } from "~/domain/schemas";

/** What the form's post answers: its intent and, when refused, its fields' messages. */
interface DaySheetsReply {
  intent: string;
  ok: boolean;
  result?: { error?: Record<string, string[] | null> | null } | null;
}

export interface DaySheetSettings {
  venueAddress: string | null;
  daySheetTime: string;
  daySheetEnabled: boolean;
  timezone: string;
}

/**
 * Day sheets (ADR 044), for owners: the venue's address every sheet shows, and the evening DM: whether members with
 * a linked Slack get tomorrow's sheet, and at what time on the venue's clock. A plain form, so it works without
 * JavaScript.
 */
export function DaySheetsCard({ settings }: { settings: DaySheetSettings }) {
  const reply = useActionData<DaySheetsReply>();
  const errors = reply && !reply.ok && reply.intent === "day-sheets" ? (reply.result?.error ?? {}) : {};
  const fieldError = (name: string) => errors[name]?.filter(Boolean)[0];
  return (
    <Card role="region" aria-labelledby="day-sheets-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="day-sheets-title">Day sheets</h2>
        </CardTitle>
        <CardDescription>
          Everyone&apos;s day on one page at{" "}
          <a href="/day" className="underline">
            My day
          </a>
          : their calls, cues, tasks and the key contacts. For the whole workspace.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="day-sheets" />
          <div className="grid gap-1">
            <Label htmlFor="venue-address">Venue address</Label>
            <Textarea
              id="venue-address"
              name="venueAddress"
              rows={2}
              maxLength={VENUE_ADDRESS_MAX}
              defaultValue={settings.venueAddress ?? ""}
              aria-invalid={fieldError("venueAddress") ? true : undefined}
              aria-describedby={fieldError("venueAddress") ? "venue-address-error" : undefined}
            />
            {fieldError("venueAddress") ? (
              <p id="venue-address-error" className="text-sm text-red-700">
                {fieldError("venueAddress")}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <input
              id="day-sheet-enabled"
              name="daySheetEnabled"
              type="checkbox"
              defaultChecked={settings.daySheetEnabled}
              className="size-4 rounded border-slate-300"
            />
            <Label htmlFor="day-sheet-enabled">Send each member their day sheet in Slack the evening before</Label>
          </div>
          <div className="grid max-w-48 gap-1">
            <Label htmlFor="day-sheet-time">At ({settings.timezone})</Label>
            <Input
              id="day-sheet-time"
              name="daySheetTime"
              type="time"
              required
              defaultValue={settings.daySheetTime}
              aria-invalid={fieldError("daySheetTime") ? true : undefined}
              aria-describedby={fieldError("daySheetTime") ? "day-sheet-time-error" : undefined}
            />
            {fieldError("daySheetTime") ? (
              <p id="day-sheet-time-error" className="text-sm text-red-700">
                {fieldError("daySheetTime")}
              </p>
            ) : null}
          </div>
          <div>
            <Button type="submit">Save day sheets</Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
