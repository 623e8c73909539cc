import { formatEventDate } from "~/domain/dates";
import type { DaySheet as DaySheetData, DaySheetCall, DaySheetContact } from "~/domain/day-sheet";
import type { EventDayKind } from "~/domain/show";

/**
 * One person's day sheet (ADR 044): calls, cues, tasks and key contacts, rendered from a composed `DaySheet` with
 * no data fetching, so `/day/{date}` and the personal crew link show the same page. Print-friendly: black on white
 * under `@media print`, sections kept whole across pages where they fit.
 */

const KIND_LABELS: Record<EventDayKind, string> = {
  "load-in": "Load-in day",
  show: "Show day",
  "load-out": "Load-out day",
};

/** "Sat, Jun 6, 2026". */
export const daySheetDayLabel = (day: string) => formatEventDate(day, "00:00");

function Section({ title, children, id }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="break-inside-avoid rounded-xl border border-slate-200 bg-white p-4 sm:p-5 print:rounded-none print:border-0 print:border-t print:border-black print:px-0 print:py-3"
    >
      <h2 id={id} className="mb-3 text-base font-semibold text-slate-900 print:mb-2 print:text-black">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-slate-600 print:text-black">{children}</p>;
}

function callTitle(call: DaySheetCall) {
  const where = [call.location, call.stageName].filter(Boolean).join(" · ");
  return where || "Call";
}

function ContactLines({ contact }: { contact: Pick<DaySheetContact, "phone" | "email"> }) {
  return (
    <>
      {contact.phone ? (
        <a
          href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
          className="block text-sky-700 underline print:text-black print:no-underline"
        >
          {contact.phone}
        </a>
      ) : null}
      {contact.email ? (
        <a
          href={`mailto:${contact.email}`}
          className="block break-all text-sky-700 underline print:text-black print:no-underline"
        >
          {contact.email}
        </a>
      ) : null}
    </>
  );
}

export function DaySheet({ sheet }: { sheet: DaySheetData }) {
  const { person, calls, cues, tasks, keyContacts } = sheet;
  const role = [person.role, person.department, person.company].filter(Boolean).join(" · ");
  return (
    <article
      className="day-sheet flex flex-col gap-4 text-slate-900 print:gap-0 print:text-black"
      aria-label={`Day sheet of ${person.name}`}
    >
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium text-slate-600 print:text-black">
          {sheet.eventName ? `${sheet.eventName} · ` : ""}
          {sheet.eventDay ? KIND_LABELS[sheet.eventDay.kind] : "Not an event day"}
        </p>
        <h1 className="text-2xl font-bold tracking-tight print:text-xl">
          {person.name} · {daySheetDayLabel(sheet.day)}
        </h1>
        {role ? <p className="text-sm text-slate-700 print:text-black">{role}</p> : null}
        {person.phone || person.email ? (
          <div className="text-sm text-slate-700 print:text-black">
            <span className="sr-only">Your contact details: </span>
            <ContactLines contact={person} />
          </div>
        ) : null}
        <p className="text-xs text-slate-600 print:text-black">Times on the venue clock ({sheet.timezone}).</p>
      </header>

      <Section title="Calls" id="day-sheet-calls">
        {calls.length === 0 ? (
          <Empty>No call for you this day.</Empty>
        ) : (
          <ol className="flex flex-col divide-y divide-slate-100 print:divide-black/30">
            {calls.map((call) => (
              <li key={call.id} className="flex gap-4 py-2 first:pt-0 last:pb-0" data-testid="day-sheet-call">
                <p className="w-28 shrink-0 text-lg font-semibold tabular-nums">
                  {call.startTime}
                  {call.endTime ? (
                    <span className="text-sm font-normal text-slate-600 print:text-black">–{call.endTime}</span>
                  ) : null}
                </p>
                <div className="min-w-0 text-sm">
                  <p className="font-medium">{callTitle(call)}</p>
                  {call.department ? (
                    <p className="text-slate-600 print:text-black">
                      Called with <span className="capitalize">{call.department}</span>
                    </p>
                  ) : null}
                  {call.notes ? (
                    <p className="whitespace-pre-line text-slate-700 print:text-black">{call.notes}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
        {sheet.venueAddress ? (
          <p className="mt-3 border-t border-slate-100 pt-3 text-sm print:border-black/30">
            <span className="font-medium">Venue: </span>
            <span className="whitespace-pre-line">{sheet.venueAddress}</span>
          </p>
        ) : null}
      </Section>

      <Section title="Your cues" id="day-sheet-cues">
        {cues.length === 0 ? (
          <Empty>No cue of yours or your department&apos;s this day.</Empty>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600 uppercase print:text-black">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Time
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Cue
                </th>
                <th scope="col" className="py-1 font-medium max-sm:hidden">
                  Why
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 print:divide-black/30">
              {cues.map((cue) => (
                <tr key={cue.id} data-testid="day-sheet-cue">
                  <td className="py-1.5 pr-3 align-top whitespace-nowrap tabular-nums">
                    {cue.start}–{cue.end}
                  </td>
                  <td className="py-1.5 pr-3 align-top">
                    <span className="font-medium">{cue.title}</span>
                    {cue.stageName ? <span className="text-slate-600 print:text-black"> · {cue.stageName}</span> : null}
                  </td>
                  <td className="py-1.5 align-top text-slate-600 max-sm:hidden print:text-black">
                    {cue.reason === "owner" ? "Yours" : <span className="capitalize">{cue.department}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section title="Open tasks due this day" id="day-sheet-tasks">
        {tasks.length === 0 ? (
          <Empty>Nothing of yours is due this day.</Empty>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {tasks.map((task) => (
              <li key={task.id} className="flex gap-3" data-testid="day-sheet-task">
                <span className="w-12 shrink-0 tabular-nums text-slate-600 print:text-black">
                  {task.dueTime ?? "Today"}
                </span>
                <span>
                  <span aria-hidden className="mr-1 hidden print:inline">
                    ☐
                  </span>
                  {task.title}
                </span>
              </li>
            ))}
            {sheet.taskTotal > tasks.length ? (
              <li className="text-slate-600 print:text-black">
                and {sheet.taskTotal - tasks.length} more on the task list
              </li>
            ) : null}
          </ul>
        )}
      </Section>

      {keyContacts.length > 0 ? (
        <Section title="Key contacts" id="day-sheet-contacts">
          <ul className="grid gap-3 text-sm sm:grid-cols-2 print:grid-cols-2">
            {keyContacts.map((contact) => (
              <li key={contact.id} className="min-w-0">
                <p className="font-medium">{contact.name}</p>
                {contact.role || contact.department ? (
                  <p className="text-slate-600 print:text-black">
                    {[contact.role, contact.department].filter(Boolean).join(" · ")}
                  </p>
                ) : null}
                <ContactLines contact={contact} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </article>
  );
}
