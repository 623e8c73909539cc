import { useFetcher } from "@remix-run/react";
import { Lock, Plus, Trash2 } from "lucide-react";
import { useId, useRef } from "react";
import { FeatureGateBanner } from "~/components/feature-gate";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { isDefaultStatus, LIST_NAME_MAX } from "~/domain/tasks";
import { categoryLabel, statusLabel } from "~/domain/labels";
import type { action as tasksAction } from "~/routes/tasks";
import { useOnChange } from "~/lib/use-on-change";

export type ManagedList = "categories" | "statuses";

const copy = {
  categories: {
    title: "Manage Categories",
    description: "Categories group tasks by department. Removing one leaves existing tasks as they are.",
    singular: "category",
    add: "add-category",
    remove: "remove-category",
    placeholder: "e.g. hospitality",
    label: categoryLabel,
  },
  statuses: {
    title: "Manage Statuses",
    description: "Add the steps your crew uses. The four default statuses always stay.",
    singular: "status",
    add: "add-status",
    remove: "remove-status",
    placeholder: "e.g. waiting_on_vendor",
    label: statusLabel,
  },
} as const;

export function manageListCopy(kind: ManagedList) {
  return copy[kind];
}

/**
 * Add and remove workspace categories or statuses. Every change is its own small form. Without `canAdd` (custom
 * statuses below premium) the add form gives way to the feature gate; removing stays possible.
 */
export function ManageList({
  kind,
  names,
  action,
  canAdd = true,
}: {
  kind: ManagedList;
  names: string[];
  action: string;
  canAdd?: boolean;
}) {
  const c = copy[kind];
  const adder = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();

  useOnChange(adder.data, (reply) => {
    if (reply.toast) toast(reply.toast);
    if (reply.ok) formRef.current?.reset();
  });

  return (
    <div className="grid gap-4">
      {canAdd ? (
        <adder.Form ref={formRef} method="post" action={action} className="flex items-end gap-2">
          <input type="hidden" name="intent" value={c.add} />
          <div className="grid min-w-0 flex-1 gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              New {c.singular}
            </label>
            <Input
              id={inputId}
              name="name"
              required
              maxLength={LIST_NAME_MAX}
              placeholder={c.placeholder}
              autoComplete="off"
            />
          </div>
          <Button type="submit" disabled={adder.state === "submitting"}>
            <Plus aria-hidden />
            Add
          </Button>
        </adder.Form>
      ) : (
        <FeatureGateBanner
          feature="customStatuses"
          name="Custom statuses"
          pitch="Add the steps your crew really uses, such as waiting on vendor or in rehearsal."
        />
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={`Current ${kind}`}>
        {names.map((name) => (
          <ManageListRow key={name} kind={kind} name={name} action={action} />
        ))}
      </ul>
    </div>
  );
}

function ManageListRow({ kind, name, action }: { kind: ManagedList; name: string; action: string }) {
  const c = copy[kind];
  const fetcher = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const locked = kind === "statuses" && isDefaultStatus(name);

  useOnChange(fetcher.data?.toast, toast);

  // Optimistic: the row disappears while its removal is on the way, and comes back if it fails.
  if (fetcher.formData?.get("name") === name) return null;

  return (
    <li className="flex min-h-11 items-center justify-between gap-3 px-3 py-1.5 text-sm">
      <span className="min-w-0 truncate text-slate-800">{c.label(name)}</span>
      {locked ? (
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded text-xs text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Lock className="size-3.5" aria-hidden />
              Default
            </button>
          </TooltipTrigger>
          <TooltipContent>Default statuses cannot be removed</TooltipContent>
        </Tooltip>
      ) : (
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value={c.remove} />
          <input type="hidden" name="name" value={name} />
          <Tooltip>
            <TooltipTrigger asChild>
              <Button type="submit" variant="ghost" size="icon" className="size-8 text-slate-500 hover:text-red-700">
                <Trash2 aria-hidden />
                <span className="sr-only">
                  Remove {c.singular} {name}
                </span>
              </Button>
            </TooltipTrigger>
            <TooltipContent>Remove {c.singular}</TooltipContent>
          </Tooltip>
        </fetcher.Form>
      )}
    </li>
  );
}
