import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useDebounced, useLiveMessages } from "~/components/live-provider";
import type { LiveMessage } from "~/domain/live";
import { useLoadedState } from "~/lib/use-loaded-state";

/**
 * A dashboard card's data that reads the whole workspace: the loader's, then `url`'s answer after any live change of
 * the given `changes` (another tab, Slack, the API; a burst of them costs one load), and new loader data takes over
 * again. `key` is a property only that data has, to tell it from an error's answer.
 */
export function useLiveCardData<Data extends object>(
  loaded: Data,
  { url, changes, key }: { url: string; changes: ReadonlyArray<LiveMessage["type"]>; key: keyof Data },
) {
  const fetcher = useFetcher<Data>();
  const [data, setData] = useLoadedState(loaded);
  useEffect(() => {
    if (fetcher.data && key in fetcher.data) setData(fetcher.data as Data);
  }, [fetcher.data, key]);
  const reload = useDebounced(() => fetcher.load(url));
  useLiveMessages((message) => {
    if (changes.includes(message.type)) reload();
  });
  return data;
}
