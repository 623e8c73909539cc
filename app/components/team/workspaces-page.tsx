import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ArrowRightLeft, LoaderCircle, Plus, Users } from "lucide-react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { FieldError, FormError } from "~/components/field-error";
import { FlashBanner } from "~/components/flash";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { newWorkspaceSchema } from "~/domain/schemas";
import type { ToastMessage } from "~/lib/toast";
import { useOnChange } from "~/lib/use-on-change";
import type { WorkspaceSummary } from "~/services/teams.server";

export function WorkspacesPage({
  user,
  workspaces,
  refusal,
  createResult,
}: {
  user: ShellUser;
  workspaces: WorkspaceSummary[];
  /** Why a switch did not happen (with JavaScript; without it the refusal comes back as the flash). */
  refusal?: ToastMessage;
  /** The new workspace form as the action returned it, with its errors and values. */
  createResult?: SubmissionResult<string[]>;
}) {
  const toast = useToast();
  const busy = useNavigation().state === "submitting";
  useOnChange(refusal, toast);

  return (
    <AppShell user={user}>
      <PageHeader
        title="Workspaces"
        description="Each event or production is a workspace with its own team and tasks. Switch to work in another."
      />
      <FlashBanner />
      <ul className="grid gap-3 md:grid-cols-2">
        {workspaces.map((workspace) => (
          <li
            key={workspace.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            aria-current={workspace.current ? "true" : undefined}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                <span className="break-words">{workspace.name}</span>
                {workspace.current ? <Badge variant="success">Current</Badge> : null}
              </p>
              <p className="mt-0.5 text-sm text-slate-600">
                {workspace.eventName ? `${workspace.eventName} · ` : ""}
                {workspace.role === "owner" ? "Owner" : "Member"}
              </p>
            </div>
            {workspace.current ? (
              <Button asChild variant="secondary" size="sm">
                <Link to="/team">
                  <Users aria-hidden />
                  Team
                </Link>
              </Button>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="switch" />
                <input type="hidden" name="workspaceId" value={workspace.id} />
                <Button type="submit" size="sm" disabled={busy}>
                  <ArrowRightLeft aria-hidden />
                  Switch<span className="sr-only"> to {workspace.name}</span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <NewWorkspaceCard lastResult={createResult} />
    </AppShell>
  );
}

/** 'New event workspace': a name, and the event's name and date if known; the timezone is the current one's. */
function NewWorkspaceCard({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [form, fields] = useForm({
    id: "new-workspace",
    lastResult,
    constraint: getZodConstraint(newWorkspaceSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newWorkspaceSchema }),
  });
  return (
    <Card className="mt-6" role="region" aria-labelledby="new-workspace-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="new-workspace-title">New event workspace</h2>
        </CardTitle>
        <CardDescription>
          Start a workspace for another event or production. You own it, it starts with the default categories and
          statuses, and you switch to it at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <FormError id={form.errorId} errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid content-start gap-1.5">
              <Label htmlFor={fields.name.id}>Workspace name</Label>
              <Input
                {...getInputProps(fields.name, { type: "text" })}
                key={fields.name.key}
                placeholder="Harbour Lights 2027"
                autoComplete="off"
              />
              <FieldError id={fields.name.errorId} errors={fields.name.errors} />
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={fields.eventName.id}>Event name (optional)</Label>
              <Input
                {...getInputProps(fields.eventName, { type: "text" })}
                key={fields.eventName.key}
                autoComplete="off"
              />
              <FieldError id={fields.eventName.errorId} errors={fields.eventName.errors} />
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={fields.eventDate.id}>Event date (optional)</Label>
              <Input {...getInputProps(fields.eventDate, { type: "date" })} key={fields.eventDate.key} />
              <FieldError id={fields.eventDate.errorId} errors={fields.eventDate.errors} />
            </div>
          </div>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
            Create workspace
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
