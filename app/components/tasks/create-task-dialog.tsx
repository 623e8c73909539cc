import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { AssignableMember } from "~/domain/assignees";
import { TaskForm } from "./task-form";

/** The Create Task dialog of the tasks page and the dashboard; it closes itself once the task is created. */
export function CreateTaskDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  action,
  categories,
  addCategory,
  members,
  meId,
  today,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  action: string;
  categories: string[];
  addCategory?: boolean;
  members?: AssignableMember[];
  meId?: string;
  today: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Create Task</DialogTitle>
          <DialogDescription>Add a task to the board. Only the title is required.</DialogDescription>
        </DialogHeader>
        <TaskForm
          action={action}
          categories={categories}
          addCategory={addCategory}
          members={members}
          meId={meId}
          today={today}
          onCreated={() => onOpenChange(false)}
          cancel={
            <DialogClose asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
