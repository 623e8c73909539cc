import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { BellRing } from "lucide-react";
import { useMemo } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { pad2, supportedTimezones } from "~/domain/dates";
import { TimezoneOptions } from "~/components/timezone-options";
import { morningDmSchema } from "~/domain/schemas";
import type { MorningDmSettings } from "~/services/morning-dm.server";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * "My notifications" on /team (ADR 022): the member's own morning DM in Slack: on or off, at which hour of their
 * day, in which timezone (the workspace's unless they pick another), and whether to send it on an empty day. A
 * plain form post, like every form on the page.
 */
export function MorningDmCard({
  settings,
  lastResult,
}: {
  settings: MorningDmSettings;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state === "submitting";
  const timezones = useMemo(() => supportedTimezones(), []);
  const [form, fields] = useForm({
    id: "morning-dm",
    lastResult,
    constraint: getZodConstraint(morningDmSchema),
    defaultValue: {
      enabled: settings.enabled ? "on" : undefined,
      hour: String(settings.hour),
      timezone: settings.timezone,
      evenWhenEmpty: settings.evenWhenEmpty ? "on" : undefined,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: morningDmSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <Card role="region" aria-labelledby="morning-dm-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="morning-dm-title" className="flex items-center gap-2">
            <BellRing className="size-5 text-brand-600" aria-hidden />
            My notifications
          </h2>
        </CardTitle>
        <CardDescription>
          A Slack DM each morning with your overdue tasks, what is due today and in the next three days, and what of
          yours is at risk or on the critical path. Reminders of your tasks arrive in the bell above
          {settings.slackLinked ? " and in Slack." : "; link your Slack account to get them as DMs too."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value="morning-dm" />
          <FormError id={form.errorId} errors={form.errors} />
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input {...getInputProps(fields.enabled, { type: "checkbox" })} key={fields.enabled.key} className="size-4" />
            Send me a morning DM in Slack
          </label>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={fields.hour.id}>At</Label>
              <NativeSelect {...getSelectProps(fields.hour)} key={fields.hour.key}>
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {pad2(hour)}:00
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={fields.hour.errorId} errors={fields.hour.errors} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={fields.timezone.id}>My timezone</Label>
              <NativeSelect {...getSelectProps(fields.timezone)} key={fields.timezone.key}>
                <TimezoneOptions zones={timezones} current={settings.timezone} />
              </NativeSelect>
              <FieldError id={fields.timezone.errorId} errors={fields.timezone.errors} />
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              {...getInputProps(fields.evenWhenEmpty, { type: "checkbox" })}
              key={fields.evenWhenEmpty.key}
              className="size-4"
            />
            Send it even when there's nothing
          </label>
          <div>
            <Button type="submit" disabled={busy}>
              Save My Notifications
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
