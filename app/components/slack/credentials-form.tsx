import { LoaderCircle } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { slackCredentialsSchema } from "~/domain/slack-schemas";
import { credentialsTyped, type CredentialValues } from "~/domain/slack-setup";
import { callApi } from "~/lib/api-client";
import { toastFromMessage } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

const FIELDS: { name: keyof CredentialValues; label: string; secret: boolean }[] = [
  { name: "slackClientId", label: "Client ID", secret: false },
  { name: "slackClientSecret", label: "Client Secret", secret: true },
  { name: "slackSigningSecret", label: "Signing Secret", secret: true },
];

const EMPTY: CredentialValues = { slackClientId: "", slackClientSecret: "", slackSigningSecret: "" };

/**
 * Client ID, Client Secret and Signing Secret (both secrets masked) and 'Save Credentials'. With JavaScript
 * it posts to POST /api/slack/setup-credentials and reports through toasts; without, the form posts to the
 * /slack-setup page action. The button stays disabled while a field is empty (only once JavaScript runs, or
 * a no-JS visitor could never press it).
 */
export function CredentialsForm({
  idPrefix,
  onSaved,
  secondary,
}: {
  idPrefix: string;
  onSaved: () => void;
  /** A Back button beside Save, in the wizard. */
  secondary?: ReactNode;
}) {
  const toast = useToast();
  const hydrated = useHydrated();
  const [values, setValues] = useState<CredentialValues>(EMPTY);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = slackCredentialsSchema.safeParse(values);
    if (!parsed.success) {
      toast(toastFromMessage(parsed.error.issues[0].message));
      return;
    }
    setBusy(true);
    const result = await callApi("POST", "/api/slack/setup-credentials", parsed.data);
    setBusy(false);
    if (!result.ok) {
      toast({
        title: "Setup Failed",
        description: result.message ?? "Failed to save Slack credentials. Please try again.",
        variant: "destructive",
      });
      return;
    }
    setValues(EMPTY);
    onSaved();
  }

  return (
    <form method="post" action="/slack-setup" onSubmit={submit} className="grid gap-4" aria-busy={busy}>
      <input type="hidden" name="intent" value="credentials" />
      {FIELDS.map(({ name, label, secret }) => (
        <div key={name} className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-${name}`}>{label}</Label>
          <Input
            id={`${idPrefix}-${name}`}
            name={name}
            type={secret ? "password" : "text"}
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={200}
            value={values[name]}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
            disabled={busy}
            className="font-mono"
          />
        </div>
      ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {secondary ?? <span />}
        <Button type="submit" disabled={busy || (hydrated && !credentialsTyped(values))}>
          {busy ? (
            <>
              <LoaderCircle className="animate-spin" aria-hidden />
              Saving...
            </>
          ) : (
            "Save Credentials"
          )}
        </Button>
      </div>
    </form>
  );
}
