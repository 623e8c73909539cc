import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { FieldError, FormError } from "~/components/field-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  CREW_DAY_LIMIT_MAX,
  CREW_DAY_LIMIT_MIN,
  CREW_REST_MAX,
  CREW_REST_MIN,
  crewRulesSchema,
} from "~/domain/crew-rules";

interface CrewRulesReply {
  intent: string;
  result?: SubmissionResult<string[]>;
}

/**
 * The crew rules (issue 35, ADR 043), owners only: the longest day a person is called for and the shortest rest
 * between two days. The calls page warns past them. A plain form, so it works without JavaScript.
 */
export function CrewRulesCard({ rules }: { rules: { dayLimitHours: number; restHours: number } }) {
  const reply = useActionData<CrewRulesReply>();
  const [form, fields] = useForm({
    id: "crew-rules",
    lastResult: reply?.intent === "crew-rules" ? reply.result : undefined,
    defaultValue: { crewDayLimitHours: String(rules.dayLimitHours), crewRestHours: String(rules.restHours) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: crewRulesSchema }),
  });
  return (
    <Card role="region" aria-labelledby="crew-rules-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="crew-rules-title">Crew rules</h2>
        </CardTitle>
        <CardDescription>
          For the whole workspace. Crew calls warn when someone&apos;s day runs longer, or their rest between two days
          is shorter, than these.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
          <div className="sm:col-span-2">
            <FormError id={form.errorId} errors={form.errors} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fields.crewDayLimitHours.id}>Longest day (hours)</Label>
            <Input
              {...getInputProps(fields.crewDayLimitHours, { type: "number" })}
              key={fields.crewDayLimitHours.key}
              min={CREW_DAY_LIMIT_MIN}
              max={CREW_DAY_LIMIT_MAX}
              step="0.5"
              className="max-w-32"
            />
            <FieldError id={fields.crewDayLimitHours.errorId} errors={fields.crewDayLimitHours.errors} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fields.crewRestHours.id}>Shortest rest between days (hours)</Label>
            <Input
              {...getInputProps(fields.crewRestHours, { type: "number" })}
              key={fields.crewRestHours.key}
              min={CREW_REST_MIN}
              max={CREW_REST_MAX}
              step="0.5"
              className="max-w-32"
            />
            <FieldError id={fields.crewRestHours.errorId} errors={fields.crewRestHours.errors} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" name="intent" value="crew-rules">
              Save crew rules
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
