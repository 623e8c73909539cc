/**
 * Copies text; false when the browser refuses (permission denied, insecure origin, no Clipboard API), so
 * the caller can show the spec's "Copy failed" toast and leave the text selectable for a manual copy.
 */
export async function copyText(text: string) {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
