import { useFetcher } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useId, useRef } from "react";
import { useToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { LIST_NAME_MAX } from "~/domain/tasks";
import type { action as tasksAction } from "~/routes/tasks";
import { useOnChange } from "~/lib/use-on-change";

/**
 * 'Add New Category' from inside the Create Task form: adds the category to the workspace through the tasks
 * action (intent `add-category`) and hands the new name back, so the form can select it. A name the list
 * already holds gets the spec's 'Category Already Exists' toast from the action.
 */
export function AddCategoryDialog({
  open,
  onOpenChange,
  action,
  onAdded,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  action: string;
  onAdded: (name: string) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const fetcher = useFetcher<typeof tasksAction>();
  const toast = useToast();
  const inputId = useId();
  const busy = fetcher.state !== "idle";
  // The name sent, kept because the submission's form data is gone by the time the answer arrives.
  const lastName = useRef("");

  useOnChange(fetcher.data, (outcome) => {
    if (outcome.intent !== "add-category") return;
    if (outcome.toast) toast(outcome.toast);
    if (outcome.ok) {
      onAdded(lastName.current.trim());
      onOpenChange(false);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Add New Category</DialogTitle>
          <DialogDescription>Categories group tasks by department, such as hospitality or site.</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action={action}
          className="grid gap-4"
          onSubmit={(event) => {
            lastName.current = String(new FormData(event.currentTarget).get("name") ?? "");
          }}
        >
          <input type="hidden" name="intent" value="add-category" />
          <div className="grid gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              Category name
            </label>
            <Input id={inputId} name="name" required maxLength={LIST_NAME_MAX} autoComplete="off" placeholder="e.g. hospitality" />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              <Plus aria-hidden />
              {busy ? "Adding..." : "Add Category"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
