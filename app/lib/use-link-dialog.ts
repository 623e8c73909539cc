import { useRef, useState, type MouseEvent } from "react";

/**
 * A dialog opened by a real link (e.g. `/tasks?new=1`): without JavaScript the link loads a page that
 * shows the same form inline; with it, a plain click opens the dialog instead. Modified clicks (new tab)
 * still follow the link. Focus returns to whichever link opened the dialog.
 */
export function useLinkDialog() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  function openFromLink(event: MouseEvent<HTMLElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen(true);
  }

  function onCloseAutoFocus(event: Event) {
    event.preventDefault();
    opener.current?.focus();
  }

  return { open, setOpen, openFromLink, onCloseAutoFocus };
}
