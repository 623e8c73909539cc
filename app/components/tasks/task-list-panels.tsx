import { Link, useNavigate } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { AssignableMember } from "~/domain/assignees";
import type { useLinkDialog } from "~/lib/use-link-dialog";
import { ManageList, manageListCopy, type ManagedList } from "./manage-list";
import { TaskForm, type CreateTaskReply } from "./task-form";

/**
 * The tasks page's forms drawn on the page itself, by address (`?new=1`, `?manage=categories`): what the header's
 * links open without JavaScript. With it, the same links open dialogs.
 */

/** Create Task inline; a plain post comes back here with its errors, a save goes back to the list. */
export function CreateTaskPanel({
  action,
  listUrl,
  categories,
  dependencyChoices,
  members,
  meId,
  today,
  lastResult,
}: {
  action: string;
  listUrl: string;
  categories: string[];
  dependencyChoices: Array<{ id: string; title: string }>;
  members: AssignableMember[];
  meId: string;
  today: string;
  lastResult?: CreateTaskReply;
}) {
  const navigate = useNavigate();
  return (
    <Card className="mb-6" role="region" aria-labelledby="create-task-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="create-task-heading">Create Task</h2>
        </CardTitle>
        <CardDescription>Add a task to the board. Only the title is required.</CardDescription>
      </CardHeader>
      <CardContent>
        <TaskForm
          action={action}
          categories={categories}
          dependencyChoices={dependencyChoices}
          members={members}
          meId={meId}
          today={today}
          lastResult={lastResult}
          onCreated={() => navigate(listUrl, { replace: true, preventScrollReset: true })}
          cancel={
            <Button asChild variant="ghost">
              <Link to={listUrl}>Cancel</Link>
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}

interface ManageListProps {
  kind: ManagedList;
  names: string[];
  action: string;
  canAdd: boolean;
}

/** Manage Categories or Statuses inline, with a Done link back to the list. */
export function ManageListPanel({ doneHref, ...list }: ManageListProps & { doneHref: string }) {
  const copy = manageListCopy(list.kind);
  return (
    <Card className="mb-6" role="region" aria-labelledby="manage-list-heading">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="manage-list-heading">{copy.title}</h2>
        </CardTitle>
        <CardDescription>{copy.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ManageList {...list} />
        <div>
          <Button asChild variant="secondary">
            <Link to={doneHref}>Done</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Manage Categories or Statuses in a dialog, opened from the header's link. */
export function ManageListDialog({ dialog, ...list }: ManageListProps & { dialog: ReturnType<typeof useLinkDialog> }) {
  const copy = manageListCopy(list.kind);
  return (
    <Dialog open={dialog.open} onOpenChange={dialog.setOpen}>
      <DialogContent onCloseAutoFocus={dialog.onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        <ManageList {...list} />
      </DialogContent>
    </Dialog>
  );
}
