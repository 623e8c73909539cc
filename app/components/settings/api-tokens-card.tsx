import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { KeyRound, LoaderCircle } from "lucide-react";
import { ConfirmDisclosure } from "~/components/confirm-disclosure";
import { FieldError, FormError } from "~/components/field-error";
import { CopyField } from "~/components/slack/copy-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_TEXT,
  API_TOKEN_SCOPES,
  apiTokenFormSchema,
  isTokenLive,
  lastUsedText,
  MAX_API_TOKENS_PER_MEMBER,
  type ApiTokenScope,
  type ExpiryChoice,
} from "~/domain/api-tokens";
import { formatShortDay } from "~/domain/dates";
import type { ApiTokenDto } from "~/services/api-tokens.server";

const EXPIRY_LABELS: Record<ExpiryChoice, string> = {
  never: "Never",
  "30": "In 30 days",
  "90": "In 90 days",
  "365": "In a year",
};

interface TokenFormReply {
  intent: string;
  result?: SubmissionResult<string[]>;
}

interface CreatedToken {
  name: string;
  scope: ApiTokenScope;
  token: string;
}

/**
 * Personal API tokens (ADR 048): a form that makes one (name, scope, expiry), the new token shown once with Copy,
 * and the person's tokens in this workspace with when each was made, expires and was last used, each with 'Revoke'
 * behind a native disclosure that asks first. Plain posts, so it all works without JavaScript. Show-control tokens
 * are offered to owners only, as the service allows.
 */
export function ApiTokensCard({
  tokens,
  created,
  isOwner,
  now,
}: {
  tokens: ApiTokenDto[];
  created?: CreatedToken;
  isOwner: boolean;
  /** The loader's instant (ISO): "last used" and "expired" read the same on the server and in the browser. */
  now: string;
}) {
  const full = tokens.length >= MAX_API_TOKENS_PER_MEMBER;
  return (
    <Card role="region" aria-labelledby="api-tokens-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="api-tokens-title" className="flex items-center gap-2">
            <KeyRound className="size-5 text-brand-600" aria-hidden />
            API tokens
          </h2>
        </CardTitle>
        <CardDescription>
          Let a script, a spreadsheet or a Stream Deck use Cueboard&apos;s API as you in this workspace. It sends the
          token in the header <code className="text-xs">Authorization: Bearer cbt_…</code>; the API is described at{" "}
          <code className="text-xs">/api/openapi.json</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {created ? <NewToken token={created} /> : null}
        {full ? (
          <p className="text-sm text-slate-700">
            You have {MAX_API_TOKENS_PER_MEMBER} tokens in this workspace, the most allowed. Revoke one to make another.
          </p>
        ) : (
          <CreateTokenForm isOwner={isOwner} />
        )}
        <TokenList tokens={tokens} now={new Date(now)} />
      </CardContent>
    </Card>
  );
}

function CreateTokenForm({ isOwner }: { isOwner: boolean }) {
  const reply = useActionData<TokenFormReply>();
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "token-create";
  const scopes = API_TOKEN_SCOPES.filter((scope) => scope !== "show-control" || isOwner);
  const [form, fields] = useForm({
    id: "api-token-create",
    lastResult: reply?.intent === "token-create" ? reply.result : undefined,
    defaultValue: { scope: "read", expiry: "90" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: apiTokenFormSchema }),
  });
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <div className="sm:col-span-2">
        <FormError id={form.errorId} errors={form.errors} />
      </div>
      <div className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={fields.name.id}>Token name</Label>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          maxLength={API_TOKEN_NAME_MAX}
          placeholder="Stream Deck in the booth"
          autoComplete="off"
        />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor={fields.scope.id}>What it may do</Label>
        <NativeSelect
          {...getSelectProps(fields.scope)}
          key={fields.scope.key}
          aria-describedby={`${fields.scope.descriptionId} ${fields.scope.errorId}`}
        >
          {scopes.map((scope) => (
            <option key={scope} value={scope}>
              {API_TOKEN_SCOPE_TEXT[scope].label}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={fields.scope.errorId} errors={fields.scope.errors} />
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor={fields.expiry.id}>Expires</Label>
        <NativeSelect {...getSelectProps(fields.expiry)} key={fields.expiry.key}>
          {(Object.keys(EXPIRY_LABELS) as ExpiryChoice[]).map((choice) => (
            <option key={choice} value={choice}>
              {EXPIRY_LABELS[choice]}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={fields.expiry.errorId} errors={fields.expiry.errors} />
      </div>
      <ul id={fields.scope.descriptionId} className="grid gap-1 text-xs text-slate-600 sm:col-span-2">
        {scopes.map((scope) => (
          <li key={scope}>
            <span className="font-medium text-slate-800">{API_TOKEN_SCOPE_TEXT[scope].label}:</span>{" "}
            {API_TOKEN_SCOPE_TEXT[scope].explanation}
          </li>
        ))}
      </ul>
      <div className="sm:col-span-2">
        <Button type="submit" name="intent" value="token-create" disabled={creating}>
          {creating ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
          Create token
        </Button>
      </div>
    </Form>
  );
}

function NewToken({ token }: { token: CreatedToken }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <KeyRound className="size-4" aria-hidden />
        Token created: {token.name} ({API_TOKEN_SCOPE_TEXT[token.scope].label.toLowerCase()})
      </p>
      <CopyField id="new-api-token" label="Your new token" value={token.token} what="Token" />
      <p className="text-xs text-emerald-900">
        Copy it now. You will not see it again: Cueboard keeps only a fingerprint of it. Anyone with it can act as you,
        so keep it out of shared documents. Lost it? Revoke it and create another.
      </p>
    </div>
  );
}

function expiryText(expiresAt: string | null, now: Date) {
  if (expiresAt === null) return "never expires";
  return isTokenLive(expiresAt, now) ? `expires ${formatShortDay(expiresAt)}` : `expired ${formatShortDay(expiresAt)}`;
}

function TokenList({ tokens, now }: { tokens: ApiTokenDto[]; now: Date }) {
  const busy = useNavigation().state === "submitting";
  if (tokens.length === 0) return <p className="text-sm text-slate-600">No API tokens yet.</p>;
  return (
    <section aria-labelledby="api-token-list-title" className="grid gap-2">
      <h3 id="api-token-list-title" className="text-sm font-semibold text-slate-900">
        Your tokens
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {tokens.map((token) => {
          const live = isTokenLive(token.expiresAt, now);
          return (
            <li key={token.id} className="flex flex-wrap items-start justify-between gap-2 p-3" aria-label={token.name}>
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 text-slate-900">
                  <span className="font-medium break-all">{token.name}</span>
                  <Badge variant={token.scope === "read" ? "muted" : "default"}>
                    {API_TOKEN_SCOPE_TEXT[token.scope].label}
                  </Badge>
                  {live ? null : <Badge variant="warning">Expired</Badge>}
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  <code>{token.prefix}…</code> · created {formatShortDay(token.createdAt)} ·{" "}
                  {expiryText(token.expiresAt, now)} · last used {lastUsedText(token.lastUsedAt, now, formatShortDay)}
                </p>
              </div>
              <ConfirmDisclosure
                trigger={
                  <>
                    Revoke<span className="sr-only"> {token.name}</span>
                  </>
                }
                intent="token-revoke"
                fields={{ tokenId: token.id }}
                warning="Whatever uses this token stops working at once. This cannot be undone."
                confirm="Revoke token"
                busy={busy}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
