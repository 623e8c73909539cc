import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { KeyRound, LoaderCircle, Send, Webhook } from "lucide-react";
import { ConfirmDisclosure } from "~/components/confirm-disclosure";
import { CopyField } from "~/components/slack/copy-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatActivityTime } from "~/domain/dates";
import { EVENT_LABELS, MAX_ENDPOINTS, WEBHOOK_EVENTS } from "~/domain/webhooks";
import type { WebhookDeliveryDto, WebhookEndpointDto } from "~/services/webhooks.server";

/** What the add form's post answers: its intent, and when refused, its fields' messages and the values sent. */
interface AddReply {
  intent: string;
  ok: boolean;
  result?: {
    error?: Record<string, string[] | null> | null;
    initialValue?: Record<string, unknown> | null;
  } | null;
}

type Endpoint = WebhookEndpointDto & { deliveries: WebhookDeliveryDto[] };

const STATUS_BADGES = {
  succeeded: { label: "Delivered", variant: "success" },
  pending: { label: "Pending", variant: "warning" },
  failed: { label: "Failed", variant: "critical" },
} as const;

/** The secret of the endpoint just added, shown this once with Copy. */
export function NewWebhookSecret({ url, secret }: { url: string; secret: string }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <KeyRound className="size-4" aria-hidden />
        Endpoint added: <span className="break-all font-normal">{url}</span>
      </p>
      <CopyField id="new-webhook-secret" label="Signing secret" value={secret} what="secret" />
      <p className="text-xs text-emerald-900">
        Your receiver checks each delivery&apos;s <code>Cueboard-Signature</code> header with this secret (see the
        webhooks guide). It is shown only once: Cueboard keeps it encrypted and cannot show it again. Lost it? Delete
        the endpoint and add it again.
      </p>
    </div>
  );
}

/** The form that adds an endpoint: its HTTPS address, the events it gets, a note of what it is for. */
export function WebhookAddForm({ count }: { count: number }) {
  const reply = useActionData<AddReply>();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const refused = reply && !reply.ok && reply.intent === "create" ? reply.result : undefined;
  const errors = refused?.error ?? {};
  const fieldError = (name: string) => errors[name]?.filter(Boolean)[0];
  const formError = errors[""]?.filter(Boolean)[0];
  const sent = refused?.initialValue ?? {};
  const sentEvents = ([] as unknown[]).concat(sent.events ?? []);
  const full = count >= MAX_ENDPOINTS;
  return (
    <Card role="region" aria-labelledby="webhook-add-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="webhook-add-title" className="flex items-center gap-2">
            <Webhook className="size-5 text-brand-600" aria-hidden />
            Add an endpoint
          </h2>
        </CardTitle>
        <CardDescription>
          An HTTPS address on the public internet. Failed deliveries are tried again for about eight hours; an endpoint
          failing for a whole day is switched off and the owners are told. Up to {MAX_ENDPOINTS} endpoints.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {full ? (
          <p className="text-sm text-slate-700">
            This workspace has {MAX_ENDPOINTS} endpoints, the most allowed. Delete one to add another.
          </p>
        ) : (
          <Form method="post" className="grid gap-4" key={reply?.intent === "create" && reply.ok ? "reset" : "form"}>
            <input type="hidden" name="intent" value="create" />
            {formError && !fieldError("url") ? (
              <p role="alert" className="text-sm text-red-700">
                {formError}
              </p>
            ) : null}
            <div className="grid gap-1">
              <Label htmlFor="webhook-url">Endpoint URL</Label>
              <Input
                id="webhook-url"
                name="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://example.com/hooks/cueboard"
                defaultValue={typeof sent.url === "string" ? sent.url : ""}
                aria-invalid={fieldError("url") ? true : undefined}
                aria-describedby={fieldError("url") ? "webhook-url-error" : undefined}
              />
              {fieldError("url") ? (
                <p id="webhook-url-error" className="text-sm text-red-700">
                  {fieldError("url")}
                </p>
              ) : null}
            </div>
            <fieldset
              className="grid gap-2"
              aria-invalid={fieldError("events") ? true : undefined}
              aria-describedby={fieldError("events") ? "webhook-events-error" : undefined}
            >
              <legend className="mb-1 text-sm font-medium text-slate-900">Events</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {WEBHOOK_EVENTS.map((event) => (
                  <div key={event} className="flex items-start gap-2 text-sm text-slate-800">
                    <input
                      id={`webhook-event-${event}`}
                      type="checkbox"
                      name="events"
                      value={event}
                      defaultChecked={sentEvents.includes(event)}
                      className="mt-0.5 size-4 rounded border-slate-300"
                    />
                    <label htmlFor={`webhook-event-${event}`}>
                      <code className="text-xs text-slate-600">{event}</code>
                      <span className="block">{EVENT_LABELS[event]}</span>
                    </label>
                  </div>
                ))}
              </div>
              {fieldError("events") ? (
                <p id="webhook-events-error" className="text-sm text-red-700">
                  {fieldError("events")}
                </p>
              ) : null}
            </fieldset>
            <div className="grid gap-1">
              <Label htmlFor="webhook-description">Description (optional)</Label>
              <Input
                id="webhook-description"
                name="description"
                maxLength={200}
                placeholder="What receives these, e.g. “Our CRM”"
                defaultValue={typeof sent.description === "string" ? sent.description : ""}
                aria-invalid={fieldError("description") ? true : undefined}
              />
              {fieldError("description") ? <p className="text-sm text-red-700">{fieldError("description")}</p> : null}
            </div>
            <div>
              <Button type="submit" disabled={adding}>
                {adding ? <LoaderCircle className="animate-spin" aria-hidden /> : <Webhook aria-hidden />}
                Add endpoint
              </Button>
            </div>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

/** The workspace's endpoints, each with its state, its actions and its newest deliveries. */
export function WebhookEndpointList({ endpoints, timezone }: { endpoints: Endpoint[]; timezone: string }) {
  return (
    <section aria-labelledby="webhook-list-title" className="grid gap-4">
      <h2 id="webhook-list-title" className="text-lg font-semibold text-slate-900">
        Endpoints
      </h2>
      {endpoints.length === 0 ? <p className="text-sm text-slate-600">No endpoints yet.</p> : null}
      {endpoints.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} timezone={timezone} />
      ))}
    </section>
  );
}

function EndpointCard({ endpoint, timezone }: { endpoint: Endpoint; timezone: string }) {
  const busy = useNavigation().state === "submitting";
  const name = endpoint.description ?? endpoint.url;
  return (
    <Card role="region" aria-label={`Endpoint ${name}`} className="min-w-0">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asChild>
            <h3 className="break-all text-base">{endpoint.url}</h3>
          </CardTitle>
          {endpoint.enabled ? <Badge variant="success">On</Badge> : <Badge variant="muted">Off</Badge>}
          {endpoint.enabled && endpoint.failingSince ? <Badge variant="warning">Failing</Badge> : null}
        </div>
        {endpoint.description ? <CardDescription>{endpoint.description}</CardDescription> : null}
        {!endpoint.enabled && endpoint.disabledReason ? (
          <p className="text-sm text-slate-700">{endpoint.disabledReason}.</p>
        ) : null}
        <p className="text-xs text-slate-600">
          Events:{" "}
          {endpoint.events.map((e) => (
            <code key={e} className="mr-2">
              {e}
            </code>
          ))}
        </p>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        <div className="flex flex-wrap items-start gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="test" />
            <input type="hidden" name="endpointId" value={endpoint.id} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy || !endpoint.enabled}>
              <Send aria-hidden />
              Send test event
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="endpointId" value={endpoint.id} />
            <input type="hidden" name="enabled" value={endpoint.enabled ? "false" : "true"} />
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              {endpoint.enabled ? "Turn off" : "Turn on"}
            </Button>
          </Form>
          <ConfirmDisclosure
            className="max-w-full open:basis-full"
            trigger={
              <>
                Delete<span className="sr-only"> the endpoint {name}</span>
              </>
            }
            intent="delete"
            fields={{ endpointId: endpoint.id }}
            warning="It gets no more events and its delivery log is deleted. This cannot be undone."
            confirm="Delete endpoint"
            busy={busy}
          />
        </div>
        <DeliveryLog endpoint={endpoint} timezone={timezone} />
      </CardContent>
    </Card>
  );
}

function DeliveryLog({ endpoint, timezone }: { endpoint: Endpoint; timezone: string }) {
  const busy = useNavigation().state === "submitting";
  const titleId = `deliveries-${endpoint.id}`;
  if (endpoint.deliveries.length === 0)
    return <p className="text-sm text-slate-600">No deliveries yet. Send a test event to try the endpoint.</p>;
  return (
    // The table scrolls inside its box rather than widening the page on a phone; `relative` keeps its screen-reader
    // labels (absolutely placed) inside that box too.
    <div className="min-w-0 space-y-2">
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        Latest deliveries
      </h4>
      <div className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200">
        <table aria-labelledby={titleId} className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Event
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Attempts
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Answer
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Time
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {endpoint.deliveries.map((delivery) => {
              const badge = STATUS_BADGES[delivery.status];
              return (
                <tr key={delivery.id}>
                  <td className="px-3 py-2">
                    <code className="text-xs">{delivery.event}</code>
                  </td>
                  <td className="px-3 py-2">
                    <Badge variant={badge.variant}>{badge.label}</Badge>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{delivery.attempts}</td>
                  <td className="px-3 py-2 text-xs text-slate-700">
                    {delivery.lastStatusCode ?? (delivery.lastError ? "—" : "")}
                    {delivery.lastError ? <span className="block text-slate-600">{delivery.lastError}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-xs whitespace-nowrap text-slate-700">
                    {formatActivityTime(delivery.createdAt, timezone)}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="endpointId" value={endpoint.id} />
                      <input type="hidden" name="deliveryId" value={delivery.id} />
                      <Button type="submit" variant="ghost" size="sm" disabled={busy || !endpoint.enabled}>
                        Resend<span className="sr-only"> the {delivery.event} delivery</span>
                      </Button>
                    </Form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The settings page's way to the webhooks page (owners). */
export function WebhooksLinkCard() {
  return (
    <Card role="region" aria-labelledby="webhooks-link-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="webhooks-link-title" className="flex items-center gap-2">
            <Webhook className="size-5 text-brand-600" aria-hidden />
            Webhooks
          </h2>
        </CardTitle>
        <CardDescription>
          Send signed events to your other systems when tasks, comments or the show change.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link
          to="/settings/webhooks"
          prefetch="intent"
          className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Manage webhooks
        </Link>
      </CardContent>
    </Card>
  );
}
