import { checklistCount, checklistCountLabel } from "~/domain/labels";

/** "3/5" on a card or a table row, said in full to screen readers ("3 of 5 checklist items done"). */
export function ChecklistCount({ checklist }: { checklist: { done: number; total: number } }) {
  return (
    <>
      <span aria-hidden>{checklistCount(checklist)}</span>
      <span className="sr-only">{checklistCountLabel(checklist)}</span>
    </>
  );
}
