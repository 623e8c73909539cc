const DESCRIPTION =
  "Cueboard keeps festival, conference and tour production tasks on cue: deadlines, owners and status in one place.";

/** Title and description tags; pages that show the landing page to signed-out visitors pass null then. */
export function pageMeta(title: string | null) {
  return [
    { title: title ? `${title} · Cueboard` : "Cueboard – task management for event production teams" },
    { name: "description", content: DESCRIPTION },
  ];
}
