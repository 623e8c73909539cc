import { Form, useNavigation } from "@remix-run/react";
import { CalendarDays, CalendarPlus, LoaderCircle } from "lucide-react";
import { ConfirmDisclosure } from "~/components/confirm-disclosure";
import { CopyField } from "~/components/slack/copy-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FEED_WINDOW, MAX_FEEDS_PER_MEMBER, webcalUrl, type FeedScope } from "~/domain/calendar-feed";
import { formatShortDay } from "~/domain/dates";
import type { FeedDto } from "~/services/calendar-feeds.server";

const SCOPE_LABELS: Record<FeedScope, string> = { mine: "My tasks", workspace: "Whole workspace" };

interface CreatedFeed {
  id: string;
  scope: FeedScope;
  url: string;
}

/**
 * Calendar feeds (ADR 020): two buttons that each make a secret feed URL, the new URL shown once with Copy and a
 * `webcal:` link, and the person's feeds with when they were made and last read, each with 'Revoke' behind a
 * native disclosure that asks first (it opens without JavaScript).
 */
export function CalendarFeedsCard({ feeds, created }: { feeds: FeedDto[]; created?: CreatedFeed }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const subscribing = busy && navigation.formData?.get("intent") === "subscribe";
  const full = feeds.length >= MAX_FEEDS_PER_MEMBER;
  return (
    <Card role="region" aria-labelledby="calendar-feeds-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="calendar-feeds-title" className="flex items-center gap-2">
            <CalendarDays className="size-5 text-brand-600" aria-hidden />
            Calendar feeds
          </h2>
        </CardTitle>
        <CardDescription>
          Subscribe Google Calendar, Apple Calendar or Outlook to the dated open tasks and the show itself; they follow
          changes when the app next checks (usually every few hours). A feed holds tasks due from {FEED_WINDOW.pastDays}{" "}
          days ago on, the first {FEED_WINDOW.maxTasks.toLocaleString("en-US")} of them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {created ? <NewFeed feed={created} /> : null}
        {full ? (
          <p className="text-sm text-slate-700">
            You have {MAX_FEEDS_PER_MEMBER} feeds in this workspace, the most allowed. Revoke one to make another.
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {(["mine", "workspace"] as const).map((scope) => (
              <Form method="post" key={scope}>
                <input type="hidden" name="intent" value="subscribe" />
                <input type="hidden" name="scope" value={scope} />
                <Button type="submit" variant={scope === "mine" ? "default" : "secondary"} disabled={busy}>
                  {subscribing && navigation.formData?.get("scope") === scope ? (
                    <LoaderCircle className="animate-spin" aria-hidden />
                  ) : (
                    <CalendarPlus aria-hidden />
                  )}
                  {scope === "mine" ? "Subscribe to my tasks" : "Subscribe to the whole workspace"}
                </Button>
              </Form>
            ))}
          </div>
        )}
        <FeedList feeds={feeds} />
      </CardContent>
    </Card>
  );
}

function NewFeed({ feed }: { feed: CreatedFeed }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3">
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <CalendarPlus className="size-4" aria-hidden />
        Feed created: {SCOPE_LABELS[feed.scope]}
      </p>
      <CopyField id="new-feed-url" label="Feed URL" value={feed.url} what="URL" />
      <p className="text-sm">
        <a
          href={webcalUrl(feed.url)}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Open in your calendar app
        </a>{" "}
        <span className="text-emerald-900">
          (a webcal:// link), or paste the URL where your calendar adds a calendar “from URL”.
        </span>
      </p>
      <p className="text-xs text-emerald-900">
        This URL is shown only once: Cueboard keeps only a fingerprint of it. Anyone with it can read these tasks, so
        share it with no one. Lost it? Revoke the feed and create another.
      </p>
    </div>
  );
}

function FeedList({ feeds }: { feeds: FeedDto[] }) {
  const busy = useNavigation().state === "submitting";
  if (feeds.length === 0) return <p className="text-sm text-slate-600">No calendar feeds yet.</p>;
  return (
    <section aria-labelledby="feed-list-title" className="grid gap-2">
      <h3 id="feed-list-title" className="text-sm font-semibold text-slate-900">
        Your feeds
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {feeds.map((feed) => {
          const label = `${SCOPE_LABELS[feed.scope]} feed created ${formatShortDay(feed.createdAt)}`;
          return (
            <li key={feed.id} className="flex flex-wrap items-start justify-between gap-2 p-3" aria-label={label}>
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 text-slate-900">
                  <Badge variant={feed.scope === "mine" ? "default" : "muted"}>{SCOPE_LABELS[feed.scope]}</Badge>
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  Created {formatShortDay(feed.createdAt)} ·{" "}
                  {feed.lastUsedAt ? `last read ${formatShortDay(feed.lastUsedAt)}` : "not read yet"}
                </p>
              </div>
              <ConfirmDisclosure
                trigger={
                  <>
                    Revoke<span className="sr-only"> the {label}</span>
                  </>
                }
                intent="revoke"
                fields={{ feedId: feed.id }}
                warning="Calendars subscribed to this feed stop updating. This cannot be undone."
                confirm="Revoke feed"
                busy={busy}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
