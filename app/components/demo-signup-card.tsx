import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { Check, CircleCheckBig, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
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

type Validate = typeof import("./demo-signup-validation").validateDemoSignup;

/**
 * The form's schema check (zod, Conform's adapter), loaded when a field of form `id` first takes focus (or on a
 * submit that comes first).
 */
function useLazyValidate(id: string) {
  const [validate, setValidate] = useState<Validate>();
  const loading = useRef<Promise<void> | null>(null);
  const load = useCallback(
    () => (loading.current ??= import("./demo-signup-validation").then((m) => setValidate(() => m.validateDemoSignup))),
    [],
  );
  useEffect(() => {
    if (validate) return;
    const inForm = (target: EventTarget | null) =>
      (target as { form?: HTMLFormElement | null } | null)?.form?.id === id;
    const onFocus = (event: FocusEvent) => {
      if (inForm(event.target)) void load().catch(() => undefined);
    };
    // A field focused before the page was hydrated counts too.
    if (inForm(document.activeElement)) void load().catch(() => undefined);
    else document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, [id, validate, load]);
  return { validate, load };
}

/**
 * The demo signup form's state: one zod schema on the client and in the action (Conform), and the form's submit
 * handler. Until the check has loaded, no typing validates (Conform validates an input without `onValidate` by posting
 * the form, and the reply would reset the fields typed meanwhile), and a submit waits for the check, then happens
 * again: every submit with JavaScript is checked in the browser first, whenever the check arrives.
 */
export function useDemoSignupForm(id: string, lastResult: SubmissionResult<string[]> | null | undefined) {
  const { validate, load } = useLazyValidate(id);
  const held = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (!validate || !held.current) return;
    const formElement = held.current;
    held.current = null;
    formElement.requestSubmit();
  }, [validate]);
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: DEMO_SIGNUP_CONSTRAINT,
    // A submit checks every field; after it, typing checks again. Not on blur: the check arrives while the fields
    // are being filled, so a field left before it came was never checked, and a blur's check, which Conform runs
    // after the click that caused the blur, would replace a submit's errors with that one field's.
    shouldValidate: "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
    onValidate: validate,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (validate) return form.onSubmit(event);
    event.preventDefault();
    held.current = event.currentTarget;
    // If the check cannot load (offline, a new deploy), the form posts as it does without JavaScript.
    load().catch(() => {
      const formElement = held.current;
      held.current = null;
      formElement?.submit();
    });
  };
  return [form, fields, onSubmit] as const;
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
