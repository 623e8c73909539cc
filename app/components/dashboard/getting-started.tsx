import { Link } from "@remix-run/react";
import { ArrowRight, Terminal } from "lucide-react";
import { plural } from "~/domain/labels";
import type { TemplateCard } from "~/services/dashboard.server";

const EXAMPLE_COMMANDS = [
  "/new Book shuttle buses for artist arrivals by Friday @sam",
  "/new Confirm stage power with the venue tomorrow 10am, high priority",
  "/new Order crowd barriers for the main stage next Tuesday critical @dana",
];

const groups = [
  {
    kind: "event",
    title: "Event production templates",
    text: "Full production plans, from budget and venue to load-out and the debrief.",
  },
  { kind: "starter", title: "Starter templates", text: "Smaller projects to try the board with." },
] as const;

/** The empty dashboard: what this sandbox is, example Slack commands, and templates to start from. */
export function GettingStarted({ templates }: { templates: TemplateCard[] }) {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="sandbox-title" className="rounded-xl bg-slate-900 p-5 text-slate-100 sm:p-6">
        <h3 id="sandbox-title" className="text-lg font-semibold text-white">
          Welcome to your sandbox
        </h3>
        <p className="mt-1 max-w-2xl text-sm text-slate-300">
          This workspace is yours to try things in: create tasks here, start from a template below, or connect Slack
          and type tasks the way you would say them.
        </p>
        <ul className="mt-4 grid gap-2" aria-label="Example Slack commands">
          {EXAMPLE_COMMANDS.map((command) => (
            <li key={command} className="flex items-start gap-2">
              <Terminal className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden />
              <code className="min-w-0 rounded bg-slate-800 px-2 py-1 font-mono text-sm break-words text-emerald-300">
                {command}
              </code>
            </li>
          ))}
        </ul>
      </section>

      {groups.map((group) => {
        const list = templates.filter((t) => t.kind === group.kind);
        if (list.length === 0) return null;
        return (
          <section key={group.kind} aria-labelledby={`templates-${group.kind}`}>
            <h3 id={`templates-${group.kind}`} className="text-base font-semibold text-slate-900">
              {group.title}
            </h3>
            <p className="mt-0.5 text-sm text-slate-600">{group.text}</p>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((template) => (
                <li key={template.id}>
                  <Link
                    to={`/template/${template.id}`}
                    className="group flex h-full flex-col gap-2 rounded-xl border border-slate-200 border-t-4 bg-white p-4 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    style={{ borderTopColor: template.color }}
                  >
                    <span className="flex items-start gap-3">
                      <span className="text-2xl leading-none" aria-hidden>
                        {template.emoji}
                      </span>
                      <span className="min-w-0">
                        <span className="block font-semibold text-slate-900 group-hover:text-brand-700">
                          {template.name}
                        </span>
                        <span className="block text-xs text-slate-600">
                          {plural(template.estimatedDays, "day")} · {plural(template.taskCount, "task")}
                        </span>
                      </span>
                    </span>
                    <span className="line-clamp-3 text-sm text-slate-600">{template.description}</span>
                    <span className="mt-auto inline-flex items-center gap-1 pt-1 text-sm font-medium text-brand-700">
                      Use template
                      <ArrowRight className="size-4" aria-hidden />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
