import { Form, useNavigation } from "@remix-run/react";
import { Link2, LoaderCircle } from "lucide-react";
import { ConfirmDisclosure } from "~/components/confirm-disclosure";
import { CopyField } from "~/components/slack/copy-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatShortDay } from "~/domain/dates";
import { MAX_DEVICES_PER_SHARE_LINK } from "~/domain/live";
import { MAX_SHARES_PER_WORKSPACE, SHARE_LABEL_MAX } from "~/domain/show-live-schemas";
import type { Stage } from "~/domain/stages";

export interface ShareListItem {
  id: string;
  label: string | null;
  departments: string[] | null;
  /** The stages the link shows (ADR 037); null: every stage. */
  stageIds: string[] | null;
  createdAt: string;
  createdByName: string | null;
}

export interface CreatedShare {
  id: string;
  url: string;
}

/**
 * "Share with crew" (ADR 025): make a read-only link to the run of show, for every cue or some departments' cues,
 * shown once with Copy; the active links with 'Revoke' behind a native disclosure that asks first. Plain forms
 * (intents `share-create` and `share-revoke`), so it all works without JavaScript.
 */
export function ShareLinksCard({
  shares,
  created,
  departments,
  stages = [],
}: {
  shares: ShareListItem[];
  created?: CreatedShare;
  /** The workspace's stages (ADR 037): a link may show only some of them. */
  stages?: readonly Stage[];
  /** The departments to offer (the rundown's and the defaults). */
  departments: readonly string[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const creating = busy && navigation.formData?.get("intent") === "share-create";
  const full = shares.length >= MAX_SHARES_PER_WORKSPACE;
  return (
    <Card role="region" aria-labelledby="share-links-title">
      <CardHeader>
        <CardTitle asChild className="text-base">
          <h2 id="share-links-title" className="flex items-center gap-2">
            <Link2 className="size-5 text-brand-600" aria-hidden />
            Share with crew
          </h2>
        </CardTitle>
        <CardDescription>
          A read-only link to the run of show for crew without an account: cues, times and who calls them, following the
          show live. No task titles, notes or contact details.{" "}
          {`A link may be open on up to ${MAX_DEVICES_PER_SHARE_LINK} devices at once; it stops working when revoked`}{" "}
          or when the person who made it leaves the team.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {created ? (
          <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
            <p className="text-sm font-semibold text-emerald-900">Share link created</p>
            <CopyField id="new-share-url" label="Share link" value={created.url} what="Link" />
            <p className="text-xs text-emerald-900">
              Shown only once: Cueboard keeps only a fingerprint of it. Anyone with the link can see these cues until
              you revoke it.
            </p>
          </div>
        ) : null}
        {full ? (
          <p className="text-sm text-slate-700">
            This workspace has {MAX_SHARES_PER_WORKSPACE} share links, the most allowed. Revoke one to make another.
          </p>
        ) : (
          // Keyed by the new link, so its label and ticks clear once it is made.
          <Form method="post" className="grid gap-3" key={created?.id ?? "new"}>
            <input type="hidden" name="intent" value="share-create" />
            <div className="grid gap-1.5">
              <Label htmlFor="share-label">Label (optional)</Label>
              <Input id="share-label" name="label" maxLength={SHARE_LABEL_MAX} placeholder="Lighting crew" />
            </div>
            <fieldset className="grid gap-1.5">
              <legend className="text-sm font-medium text-slate-900">Departments (none ticked: every cue)</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {departments.map((department) => (
                  <label key={department} className="flex items-center gap-1.5 text-sm capitalize text-slate-800">
                    <input type="checkbox" name="departments" value={department} className="size-4 accent-brand-600" />
                    {department}
                  </label>
                ))}
              </div>
            </fieldset>
            {stages.length ? (
              <fieldset className="grid gap-1.5">
                <legend className="text-sm font-medium text-slate-900">Stages (none ticked: every stage)</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {stages.map((stage) => (
                    <label key={stage.id} className="flex items-center gap-1.5 text-sm text-slate-800">
                      <input type="checkbox" name="stageIds" value={stage.id} className="size-4 accent-brand-600" />
                      {stage.name}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <Button type="submit" disabled={busy} className="justify-self-start">
              {creating ? <LoaderCircle className="animate-spin" aria-hidden /> : <Link2 aria-hidden />}
              Create share link
            </Button>
          </Form>
        )}
        {shares.length === 0 ? (
          <p className="text-sm text-slate-600">No share links yet.</p>
        ) : (
          <ul aria-label="Share links" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {shares.map((share) => {
              const name = share.label ?? "Share link";
              return (
                <li key={share.id} className="flex flex-wrap items-start justify-between gap-2 p-3" aria-label={name}>
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {name}
                      {(share.departments ?? ["every cue"]).map((d) => (
                        <Badge key={d} variant="muted" className="capitalize">
                          {d}
                        </Badge>
                      ))}
                      {(share.stageIds ?? []).map((id) => (
                        <Badge key={id} variant="muted">
                          {stages.find((s) => s.id === id)?.name ?? "A removed stage"}
                        </Badge>
                      ))}
                    </p>
                    <p className="mt-1 text-xs text-slate-600">
                      Created {formatShortDay(share.createdAt)}
                      {share.createdByName ? ` by ${share.createdByName}` : ""}
                    </p>
                  </div>
                  <ConfirmDisclosure
                    trigger={
                      <>
                        Revoke<span className="sr-only"> {name}</span>
                      </>
                    }
                    intent="share-revoke"
                    fields={{ shareId: share.id }}
                    warning="The link stops working at once, open pages too."
                    confirm="Revoke link"
                    busy={busy}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
