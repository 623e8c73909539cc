import { MessageSquare } from "lucide-react";
import type { TaskSlackLink } from "~/domain/slack-capture";

/**
 * "From Slack · #production": the Slack message a task was made from (ADR 040), opening it in Slack. Nothing for a
 * task made in Cueboard.
 */
export function TaskSlackSource({ slack }: { slack: TaskSlackLink | null }) {
  if (!slack) return null;
  return (
    <p className="text-sm text-slate-600">
      <a
        href={slack.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 rounded font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <MessageSquare className="size-4 shrink-0" aria-hidden />
        <span>
          {slack.channelName ? `From Slack · #${slack.channelName}` : "From Slack"}
          <span className="sr-only"> (opens the message in Slack)</span>
        </span>
      </a>
    </p>
  );
}
