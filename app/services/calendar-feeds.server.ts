import { LRUCache } from "lru-cache";
import {
  buildCalendarFeed,
  FEED_TOKEN_RE,
  FEED_WINDOW,
  feedLimitRefusal,
  feedPath,
  feedVersionKey,
  feedWindowStart,
  MAX_FEEDS_PER_MEMBER,
  shouldTouchLastUsed,
  vtimezone,
  type FeedScope,
} from "~/domain/calendar-feed";
import { todayIn } from "~/domain/dates";
import { conflict, notFound } from "~/domain/errors";
import { newId, newToken, sha256Hex } from "~/lib/crypto";
import * as feedModel from "~/models/calendar-feeds";
import type { ActorCtx, Ctx } from "./context.server";

/**
 * Calendar feeds (ADR 020): a member subscribes their calendar app to their own dated tasks or the whole
 * workspace's. The feed's URL holds a 256-bit token that is shown once; only its SHA-256 is stored, so a feed is
 * found by hashing what the URL carries. Every plan has them: they show what the member already sees.
 */

export type FeedDto = Awaited<ReturnType<typeof feedModel.listFeeds>>[number];

/** Creates a feed for the caller in their current workspace; `url` (absolute, on `origin`) is shown this once. */
export async function createFeed(ctx: ActorCtx, input: { scope: FeedScope; origin: string }) {
  const { actor, now } = ctx;
  const token = newToken();
  const row = {
    id: newId(),
    workspaceId: actor.workspace.id,
    userId: actor.user.id,
    tokenHash: await sha256Hex(token),
    scope: input.scope,
    createdAt: now.toISOString(),
    lastUsedAt: null,
    contentEtag: null,
    contentModifiedAt: null,
  };
  const inserted = await feedModel.insertFeedIf(ctx.db, row, MAX_FEEDS_PER_MEMBER);
  if (inserted.length === 0) throw conflict(feedLimitRefusal(MAX_FEEDS_PER_MEMBER)!, { limit: MAX_FEEDS_PER_MEMBER });
  return { id: row.id, scope: row.scope, url: `${input.origin}${feedPath(token)}`, createdAt: row.createdAt };
}

/** The caller's feeds in their current workspace, newest first. */
export function listMyFeeds(ctx: ActorCtx): Promise<FeedDto[]> {
  return feedModel.listFeeds(ctx.db, ctx.actor.workspace.id, ctx.actor.user.id);
}

/** Revokes one of the caller's feeds: its URL answers 404 from now on. 404 for anyone else's id. */
export async function revokeFeed(ctx: ActorCtx, input: { feedId: string }) {
  const { actor } = ctx;
  const deleted =
    input.feedId.length <= 64
      ? await feedModel.deleteFeed(ctx.db, actor.workspace.id, actor.user.id, input.feedId)
      : [];
  if (deleted.length === 0) throw notFound("Calendar feed not found");
}

/**
 * VTIMEZONEs this isolate has written, by zone and years: the same few zones and spans are asked for by every poll,
 * and writing one takes a few hundred Intl lookups.
 */
const vtimezoneTexts = new LRUCache<string, { text: string | null }>({ max: 200 });

function cachedVtimezone(tz: string, fromYear: number, toYear: number) {
  const key = `${tz}|${fromYear}|${toYear}`;
  let known = vtimezoneTexts.get(key);
  if (!known) vtimezoneTexts.set(key, (known = { text: vtimezone(tz, fromYear, toYear) }));
  return known.text;
}

/** A live feed: its validators, and its text, made only when asked (a poll whose copy is current never asks). */
export interface FeedAnswer {
  etag: string;
  /** ISO: when the feed's content last changed, as its polls saw it. */
  lastModified: string;
  body: () => Promise<string>;
}

/**
 * What `GET /calendar/{token}.ics` answers, or null (a 404 that says nothing) for a token that is no feed's,
 * a revoked feed, or one whose owner has left the workspace. The ETag is known from the feed's own row, so a
 * poll whose copy is current is answered 304 without reading a task. Writes happen only when the content changed
 * since the last poll (its Last-Modified is recorded) or the last recorded use is an hour old.
 */
export async function readFeed(ctx: Ctx, input: { token: string; origin: string }): Promise<FeedAnswer | null> {
  if (!FEED_TOKEN_RE.test(input.token)) return null;
  const found = await feedModel.findFeedByTokenHash(ctx.db, await sha256Hex(input.token));
  if (!found) return null;
  const { feed, workspace, ownerName, callsVersion } = found;
  const nowIso = ctx.now.toISOString();
  const today = todayIn(workspace.timezone, ctx.now);
  const key = feedVersionKey({
    feedId: feed.id,
    scope: feed.scope,
    ownerName,
    planVersion: workspace.planVersion,
    workspaceName: workspace.name,
    eventName: workspace.eventName,
    eventDate: workspace.eventDate,
    eventEndDate: workspace.eventEndDate,
    timezone: workspace.timezone,
    today,
    callsVersion: feed.scope === "mine" ? callsVersion : null,
  });
  const etag = `"${(await sha256Hex(key)).slice(0, 32)}"`;
  const changed = feed.contentEtag !== etag || feed.contentModifiedAt === null;
  const lastModified = changed ? nowIso : feed.contentModifiedAt!;
  const touch = shouldTouchLastUsed(feed.lastUsedAt, ctx.now);
  if (changed || touch) {
    await feedModel.updateFeedUse(ctx.db, feed.id, {
      ...(changed ? { contentEtag: etag, contentModifiedAt: lastModified } : {}),
      ...(touch ? { lastUsedAt: nowIso } : {}),
    });
  }
  const body = async () => {
    const fromDay = feedWindowStart(today);
    // A `mine` feed also carries the owner's calls (ADR 044), read with the tasks in one batch.
    const [tasks, calls] = await ctx.db.batch([
      feedModel.listFeedTasks(ctx.db, {
        workspaceId: workspace.id,
        assigneeId: feed.scope === "mine" ? feed.userId : null,
        fromDay,
        limit: FEED_WINDOW.maxTasks,
      }),
      feedModel.listFeedCalls(ctx.db, {
        workspaceId: workspace.id,
        userId: feed.scope === "mine" ? feed.userId : "",
        fromDay,
        limit: feed.scope === "mine" ? FEED_WINDOW.maxCalls : 0,
      }),
    ]);
    const calendarName =
      feed.scope === "mine" ? `${workspace.name}: ${ownerName}'s tasks` : `${workspace.name}: all tasks`;
    return buildCalendarFeed({
      origin: input.origin,
      calendarName,
      workspace,
      tasks,
      calls,
      stamp: new Date(lastModified),
      timezoneText: cachedVtimezone,
    });
  };
  return { etag, lastModified, body };
}
