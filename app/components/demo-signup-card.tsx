import { getFormProps, getInputProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { Check, CircleCheckBig, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { demoSignupErrors } from "~/domain/demo-signup";
import { trackActivity } from "~/lib/activity";
import type { action as landingAction } from "~/routes/landing";
import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "./ui/card";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { DEMO_SIGNUP_CONSTRAINT } from "./demo-signup-constraint";
import { FieldError, FormError } from "./field-error";

/** Spec: the success screen shows for 1.5 s before the dashboard opens. */
const REDIRECT_DELAY_MS = 1500;

const includes = [
  "Unlimited tasks",
  "Full analytics and reporting",
  "AI task generation",
  "Slack integration",
  "Unlimited beta access",
  "Team collaboration",
];

/**
 * The demo signup form. It posts to the /landing action from every page that shows the landing
 * component. With JavaScript it submits in place and shows the welcome screen; without, the
 * action redirects straight to the dashboard (or re-renders /landing with the errors).
 */
export function DemoSignupCard({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const fetcher = useFetcher<typeof landingAction>();
  const [form, fields, onSubmit] = useDemoSignupForm("demo-signup", fetcher.data?.result ?? lastResult);
  const busy = fetcher.state !== "idle";
  const succeeded = fetcher.data?.ok === true;

  useEffect(() => {
    if (!succeeded) return;
    trackActivity("demo_signup");
    // A full load, so the dashboard is rendered with the new session cookie from the start.
    const timer = setTimeout(() => window.location.assign("/dashboard"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  return (
    <Card id="demo" className="scroll-mt-6 shadow-lg shadow-slate-900/5">
      {succeeded ? (
        <div role="status" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <CircleCheckBig className="size-12 text-emerald-600" aria-hidden />
          <h2 className="text-xl font-semibold text-slate-900">Welcome aboard!</h2>
          <p className="text-slate-600">Your demo account is ready. Redirecting to the dashboard...</p>
        </div>
      ) : (
        <>
          <CardHeader>
            <h2 className="text-xl font-semibold text-slate-900">Start Your Free Demo</h2>
            <CardDescription>Instant access, no credit card required.</CardDescription>
          </CardHeader>
          <CardContent>
            <fetcher.Form
              method="post"
              action="/landing"
              className="grid gap-4"
              {...getFormProps(form)}
              onSubmit={onSubmit}
            >
              <SignupFields form={form} fields={fields} busy={busy} />
              <div className="flex items-start gap-2.5">
                <input
                  {...getInputProps(fields.marketingOptIn, { type: "checkbox" })}
                  key={fields.marketingOptIn.key}
                  disabled={busy}
                  className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                />
                <Label htmlFor={fields.marketingOptIn.id} className="font-normal text-slate-700">
                  Send me updates about new features and product news
                </Label>
              </div>
              <Button type="submit" size="lg" disabled={busy} className="w-full">
                {busy ? (
                  <>
                    <LoaderCircle className="animate-spin" aria-hidden />
                    Setting up your demo...
                  </>
                ) : (
                  "Start Free Demo"
                )}
              </Button>
              <p className="text-xs leading-relaxed text-slate-500">
                By starting a demo you agree to our terms of service and privacy policy. Beta testers get unlimited
                access to every feature while the beta lasts.
              </p>
            </fetcher.Form>
            <div className="mt-5 border-t border-slate-200 pt-5">
              <p className="text-sm font-medium text-slate-900">Your demo includes</p>
              <ul className="mt-3 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
                {includes.map((item) => (
                  <li key={item} className="flex items-center gap-2">
                    <Check className="size-4 shrink-0 text-emerald-600" aria-hidden />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </CardContent>
        </>
      )}
    </Card>
  );
}

/** The form's check in the browser: the action's rules without zod (app/domain/demo-signup.ts). */
const validateDemoSignup = ({ formData }: { formData: FormData }) =>
  parse(formData, {
    resolve: (payload) => {
      const error = demoSignupErrors(payload);
      return error ? { error } : { value: payload };
    },
  });

/**
 * The demo signup form's state (Conform; the action checks with the same rules) and its submit handler. A submit
 * checks every field; after it, typing checks again. Not on blur: a blur's check, which Conform runs after the click
 * that caused the blur, would replace a submit's errors with that one field's.
 */
export function useDemoSignupForm(id: string, lastResult: SubmissionResult<string[]> | null | undefined) {
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: DEMO_SIGNUP_CONSTRAINT,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validateDemoSignup,
  });
  return [form, fields, form.onSubmit] as const;
}

type DemoSignupForm = ReturnType<typeof useDemoSignupForm>;

/**
 * The fields every demo signup form posts (the landing card, the invitation page): intent, the browser's
 * timezone (for the new workspace), the form's error, name and email.
 */
export function SignupFields({
  form,
  fields,
  busy,
}: {
  form: DemoSignupForm[0];
  fields: DemoSignupForm[1];
  busy: boolean;
}) {
  const [timezone, setTimezone] = useState("");
  useEffect(() => setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? ""), []);
  return (
    <>
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="timezone" value={timezone} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className="grid gap-1.5">
        <Label htmlFor={fields.name.id}>Full Name</Label>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          autoComplete="name"
          placeholder="Alex Rivera"
          disabled={busy}
        />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.email.id}>Email Address</Label>
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          placeholder="alex@festivalcrew.com"
          disabled={busy}
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
    </>
  );
}
