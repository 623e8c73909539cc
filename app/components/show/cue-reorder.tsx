import { useRevalidator } from "@remix-run/react";
import { GripVertical } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { useToast } from "~/components/toaster";
import { moveCue, type PlannedCue } from "~/domain/show";

/*
 * Everything the run of show's reorder needs in the browser: its state and bindings (`useCueReorder`), each row's
 * grip (`ReorderHandle`) and the spoken steps (`ReorderStatus`). The show page only places them.
 */

/**
 * Sends one sheet's new order (its day, on its stage or on none); the page's data is refetched either way (the live
 * event does it for other pages).
 */
async function sendOrder(day: string, stageId: string | null, ids: readonly string[]) {
  const res = await fetch("/api/show/cues/reorder", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ day, stageId, ids }),
  });
  if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? "");
}

/**
 * Reordering the sheet with JavaScript: drag a row, or on its handle Space to pick the cue up, the arrows to move it,
 * Space to drop it and Escape to put it back (Alt+arrow moves it at once). Each step is announced through
 * `ReorderStatus`; a drop sends the whole order (`POST /api/show/cues/reorder`). Without JavaScript the
 * rows' up/down buttons do the same through the page's action.
 */
export function useCueReorder(cues: readonly PlannedCue[], day: string, stageId: string | null = null) {
  const [order, setOrder] = useState<string[] | null>(null);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const dragged = useRef<string | null>(null);
  const { revalidate } = useRevalidator();
  const toast = useToast();
  // The order last saved: the server's, or the one just sent (its refetch may not be back yet).
  const saved = useRef<string[]>(cues.map((c) => c.id));
  const moving = useRef(false);
  moving.current = pickedId !== null;
  // New data from the server (a refetch, another person's change) replaces any local order, once no cue is in hand.
  useEffect(() => {
    saved.current = cues.map((c) => c.id);
    if (!moving.current && !dragged.current) setOrder(null);
  }, [cues]);

  const ids = order ?? cues.map((c) => c.id);
  const byId = new Map(cues.map((c) => [c.id, c]));
  const ordered = ids.map((id) => byId.get(id)).filter((c): c is PlannedCue => Boolean(c));
  const title = (id: string) => `“${byId.get(id)?.title ?? "The cue"}”`;
  const place = (list: readonly string[], id: string) => `position ${list.indexOf(id) + 1} of ${list.length}`;

  function commit(next: readonly string[], movedId: string) {
    setOrder([...next]);
    setAnnouncement(`${title(movedId)} dropped at ${place(next, movedId)}.`);
    if (next.every((id, i) => id === saved.current[i])) return;
    const previous = saved.current;
    saved.current = [...next];
    sendOrder(day, stageId, next)
      .catch((error: Error) => {
        saved.current = previous;
        setOrder(null);
        toast({
          title: "Not Moved",
          description: error.message || "Could not move the cue. Please try again.",
          variant: "destructive",
        });
      })
      .finally(() => revalidate());
  }

  function step(id: string, direction: "up" | "down") {
    const next = moveCue(ids, id, direction);
    setOrder(next);
    return next;
  }

  function refocus(id: string) {
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-reorder-handle="${id}"]`)?.focus());
  }

  function onHandleKey(event: KeyboardEvent, id: string) {
    const arrow = event.key === "ArrowUp" ? "up" : event.key === "ArrowDown" ? "down" : null;
    if (arrow && event.altKey) {
      event.preventDefault();
      commit(step(id, arrow), id);
      refocus(id);
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (pickedId === id) {
        setPickedId(null);
        commit(ids, id);
      } else {
        setPickedId(id);
        setAnnouncement(
          `${title(id)} picked up at ${place(ids, id)}. Arrow keys move it, Space drops it, Escape cancels.`,
        );
      }
    } else if (arrow && pickedId === id) {
      event.preventDefault();
      const next = step(id, arrow);
      setAnnouncement(`${title(id)} moved to ${place(next, id)}.`);
      refocus(id);
    } else if (event.key === "Escape" && pickedId === id) {
      event.preventDefault();
      setPickedId(null);
      setOrder(null);
      setAnnouncement(
        `${title(id)} put back at ${place(
          cues.map((c) => c.id),
          id,
        )}.`,
      );
      refocus(id);
    }
  }

  return {
    ordered,
    pickedId,
    announcement,
    /** While a cue is being moved, the gap and overlap lines (computed for the saved order) are hidden. */
    moving: order !== null,
    /** A row's drag bindings; `draggable` says whether the row can be dragged now. */
    rowProps(id: string, draggable: boolean) {
      return {
        draggable,
        onDragStart(event: DragEvent) {
          dragged.current = id;
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", id);
        },
        onDragOver(event: DragEvent) {
          const movingId = dragged.current;
          if (!movingId) return;
          event.preventDefault();
          if (movingId === id) return;
          const next = ids.filter((x) => x !== movingId);
          next.splice(ids.indexOf(id), 0, movingId);
          setOrder(next);
        },
        onDrop(event: DragEvent) {
          event.preventDefault();
        },
        onDragEnd() {
          const movingId = dragged.current;
          dragged.current = null;
          if (movingId) commit(ids, movingId);
        },
      };
    },
    /** A grip's keyboard bindings. */
    handleProps(id: string) {
      return {
        "aria-pressed": pickedId === id,
        "data-reorder-handle": id,
        onKeyDown: (event: KeyboardEvent) => onHandleKey(event, id),
        onBlur() {
          // Focus moves with the row as React re-renders it; only a real blur (elsewhere) keeps the cue where it is.
          requestAnimationFrame(() => {
            if (pickedId === id && document.activeElement?.getAttribute("data-reorder-handle") !== id) {
              setPickedId(null);
              commit(ids, id);
            }
          });
        },
      };
    },
  };
}

export type CueReorder = ReturnType<typeof useCueReorder>;

/** A row's grip: keyboard users pick the cue up and move it from here (`useCueReorder`). */
export function ReorderHandle({ reorder, cue }: { reorder: CueReorder; cue: PlannedCue }) {
  return (
    <button
      type="button"
      className="cursor-grab rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      aria-label={`Reorder “${cue.title}”`}
      aria-describedby="reorder-help"
      {...reorder.handleProps(cue.id)}
    >
      <GripVertical className="size-4" aria-hidden />
    </button>
  );
}

/** Each reorder step, spoken through a polite live region, and the keys' help the grips point to. */
export function ReorderStatus({ announcement }: { announcement: string }) {
  return (
    <>
      <p aria-live="polite" className="sr-only" data-testid="reorder-status">
        {announcement}
      </p>
      <p id="reorder-help" className="sr-only">
        Space picks the cue up; the arrow keys move it; Space drops it; Escape puts it back. Alt with an arrow key moves
        it at once.
      </p>
    </>
  );
}
