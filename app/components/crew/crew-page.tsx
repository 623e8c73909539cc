import { Form, Link } from "@remix-run/react";
import { Link2, Mail, Phone, Plus, Search, Star, Trash2, Upload } from "lucide-react";
import { AppShell, PageHeader, type ShellUser } from "~/components/app-shell";
import { FieldError, FormError } from "~/components/field-error";
import { FlashBanner } from "~/components/flash";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import {
  CREW_COMPANY_MAX,
  CREW_DEPARTMENT_MAX,
  CREW_EMAIL_MAX,
  CREW_NAME_MAX,
  CREW_NOTES_MAX,
  CREW_PHONE_MAX,
  CREW_ROLE_MAX,
  MAX_CREW_IMPORT_ROWS,
} from "~/domain/crew";
import { cn } from "~/lib/utils";
import type { CrewPerson } from "~/services/crew.server";

/** What the page's forms answer: the intent, and a refusal's field and form errors with the values sent. */
interface CrewReply {
  intent: string;
  ok: boolean;
  toast?: { description?: string };
  result?: {
    error?: Record<string, string[] | null> | null;
    initialValue?: Record<string, unknown> | null;
  } | null;
}

export interface CrewPageProps {
  user: ShellUser;
  people: CrewPerson[];
  departments: string[];
  total: number;
  filter: { q: string | null; department: string | null };
  actionData: CrewReply | undefined;
}

const NO_DEPARTMENT = "No department";

/** People by department, in the order of `departments`, the people without one last. */
function groupByDepartment(people: readonly CrewPerson[]) {
  const groups = new Map<string, CrewPerson[]>();
  for (const person of people) {
    const key = person.department?.toLowerCase() ?? "";
    const group = groups.get(key) ?? [];
    group.push(person);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b)))
    .map(([key, members]) => ({ key, name: key === "" ? NO_DEPARTMENT : members[0].department!, people: members }));
}

/** A refused form's errors: its fields' and its own (the form's are under the key ""). */
function refusalOf(reply: CrewReply | undefined, intent: string, personId?: string) {
  if (!reply || reply.ok || reply.intent !== intent) return undefined;
  if (personId !== undefined && reply.result?.initialValue?.personId !== personId) return undefined;
  const error = reply.result?.error ?? {};
  const field = (name: string) => (error[name] ?? []).filter(Boolean) as string[];
  const values = (reply.result?.initialValue ?? {}) as Record<string, string | undefined>;
  // A field's refusal also comes as the form's; it is shown once, beside the field.
  const fieldMessages = new Set(Object.entries(error).flatMap(([name, messages]) => (name ? (messages ?? []) : [])));
  return { field, form: field("").filter((m) => !fieldMessages.has(m)), values };
}
type Refusal = ReturnType<typeof refusalOf>;

export function CrewPage({ user, people, departments, total, filter, actionData }: CrewPageProps) {
  const owner = user.role === "owner";
  const filtered = Boolean(filter.q || filter.department);
  const groups = filter.department
    ? [{ key: filter.department, name: filter.department, people }]
    : groupByDepartment(people);
  return (
    <AppShell user={user}>
      <PageHeader
        title="Crew"
        description={`Everyone working ${user.workspaceName}, members or not: who they are, their department and how to reach them.`}
        actions={
          <Button asChild variant="secondary" className="lg:hidden">
            <a href="#crew-add-title">
              <Plus aria-hidden />
              Add a person
            </a>
          </Button>
        }
      />
      <FlashBanner />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="crew-list-title" className="grid content-start gap-4">
          <h2 id="crew-list-title" className="sr-only">
            Directory
          </h2>
          <Form
            method="get"
            className="flex flex-wrap items-end gap-2"
            role="search"
            key={`${filter.q ?? ""}|${filter.department ?? ""}`}
          >
            <div className="grid min-w-0 flex-1 basis-48 gap-1">
              <Label htmlFor="crew-q">Search by name</Label>
              <Input id="crew-q" name="q" type="search" defaultValue={filter.q ?? ""} maxLength={CREW_NAME_MAX} />
            </div>
            <div className="grid basis-40 gap-1">
              <Label htmlFor="crew-department">Department</Label>
              <NativeSelect id="crew-department" name="department" defaultValue={filter.department ?? ""}>
                <option value="">All departments</option>
                {departments.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit" variant="secondary">
              <Search aria-hidden />
              Show
            </Button>
            {filtered ? (
              <Button asChild variant="ghost">
                <Link to="/crew">Show everyone</Link>
              </Button>
            ) : null}
          </Form>
          <p className="text-sm text-slate-600" aria-live="polite">
            {filtered
              ? `${people.length} of ${total} ${total === 1 ? "person" : "people"} match.`
              : `${total} ${total === 1 ? "person" : "people"} in the directory.`}
          </p>
          {people.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              {filtered ? "Nobody matches. Try another name or department." : "Nobody yet. Add the first person."}
            </p>
          ) : (
            groups.map((group) => (
              <section key={group.key} aria-labelledby={`dept-${group.key || "none"}`} className="grid gap-2">
                <h3 id={`dept-${group.key || "none"}`} className="text-sm font-semibold tracking-wide text-slate-700">
                  {group.name} <span className="font-normal text-slate-500">({group.people.length})</span>
                </h3>
                <ul className="grid gap-2">
                  {group.people.map((person) => (
                    <PersonRow
                      key={`${person.id}-${person.updatedAt}`}
                      person={person}
                      owner={owner}
                      refusal={refusalOf(actionData, "edit", person.id)}
                    />
                  ))}
                </ul>
              </section>
            ))
          )}
        </section>
        <aside className="grid content-start gap-6">
          <AddPersonCard actionData={actionData} />
          <ImportCard actionData={actionData} />
        </aside>
      </div>
    </AppShell>
  );
}

function PersonRow({ person, owner, refusal }: { person: CrewPerson; owner: boolean; refusal: Refusal }) {
  const details = [person.role, person.company].filter(Boolean).join(" · ");
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="crew-row">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {person.name}
            {person.member ? <Badge variant="muted">Member</Badge> : null}
            {person.keyContact ? (
              <Badge variant="warning">
                <Star className="size-3" aria-hidden /> Key contact
              </Badge>
            ) : null}
          </p>
          {details ? <p className="text-sm text-slate-600">{details}</p> : null}
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {person.phone ? (
              <a className="inline-flex items-center gap-1 text-blue-700 underline" href={`tel:${person.phone}`}>
                <Phone className="size-3.5" aria-hidden />
                {person.phone}
              </a>
            ) : null}
            {person.email ? (
              <a
                className="inline-flex min-w-0 items-center gap-1 break-all text-blue-700 underline"
                href={`mailto:${person.email}`}
              >
                <Mail className="size-3.5 shrink-0" aria-hidden />
                {person.email}
              </a>
            ) : null}
          </p>
          {person.notes ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{person.notes}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {owner ? (
            <Form method="post">
              <input type="hidden" name="personId" value={person.id} />
              <input type="hidden" name="keyContact" value={person.keyContact ? "false" : "true"} />
              <Button
                type="submit"
                name="intent"
                value="key-contact"
                variant="ghost"
                size="icon"
                aria-pressed={person.keyContact}
                aria-label={
                  person.keyContact ? `Remove ${person.name} from key contacts` : `Mark ${person.name} as a key contact`
                }
              >
                <Star aria-hidden className={person.keyContact ? "fill-amber-400 text-amber-500" : undefined} />
              </Button>
            </Form>
          ) : null}
          {owner ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={`/crew/${person.id}/link`} aria-label={`Personal link for ${person.name}`}>
                <Link2 aria-hidden />
                Personal link
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      <details className="group mt-2" open={Boolean(refusal)}>
        <summary className="cursor-pointer text-sm font-medium text-blue-700">
          Edit<span className="sr-only"> {person.name}</span>
        </summary>
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={`Edit ${person.name}`} noValidate>
          <input type="hidden" name="personId" value={person.id} />
          <div className="sm:col-span-2">
            <FormError id={`edit-${person.id}-errors`} errors={refusal?.form} />
          </div>
          <PersonFields idPrefix={`edit-${person.id}`} person={person} refusal={refusal} nameLocked={person.member} />
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
            <Button type="submit" name="intent" value="edit">
              Save changes
            </Button>
          </div>
        </Form>
        {owner && !person.member ? (
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-red-700">
              Remove<span className="sr-only"> {person.name}</span>
            </summary>
            <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
              <input type="hidden" name="personId" value={person.id} />
              <p className="text-sm text-slate-700">Remove {person.name} and their calls from the directory?</p>
              <Button type="submit" name="intent" value="delete" variant="destructive" size="sm">
                <Trash2 aria-hidden />
                Remove {person.name}
              </Button>
            </Form>
          </details>
        ) : null}
      </details>
    </li>
  );
}

const FIELDS = [
  { name: "role", label: "Role", max: CREW_ROLE_MAX, placeholder: "Stage manager", type: "text" },
  { name: "department", label: "Department", max: CREW_DEPARTMENT_MAX, placeholder: "audio", type: "text" },
  { name: "company", label: "Company", max: CREW_COMPANY_MAX, placeholder: "Northside Audio", type: "text" },
  { name: "phone", label: "Phone", max: CREW_PHONE_MAX, placeholder: "+44 20 7946 0000", type: "tel" },
  { name: "email", label: "Email", max: CREW_EMAIL_MAX, placeholder: "sam@example.com", type: "email" },
] as const;

/** A person's fields, filled with what a refused post sent, else the person's values. */
function PersonFields({
  idPrefix,
  person,
  refusal,
  nameLocked = false,
  twoColumns = false,
}: {
  idPrefix: string;
  person?: CrewPerson;
  refusal: Refusal;
  nameLocked?: boolean;
  /** Laid out in two columns from the small breakpoint on (the edit form under a row); one column otherwise. */
  twoColumns?: boolean;
}) {
  const wide = twoColumns ? "sm:col-span-2" : "";
  const valueOf = (name: string) =>
    refusal ? (refusal.values[name] ?? "") : ((person?.[name as keyof CrewPerson] as string | null) ?? "");
  const errorsOf = (name: string) => refusal?.field(name);
  const describedBy = (name: string) => (errorsOf(name)?.length ? `${idPrefix}-${name}-error` : undefined);
  return (
    <>
      <div className={cn("grid gap-1.5", wide)}>
        <Label htmlFor={`${idPrefix}-name`}>Name</Label>
        <Input
          id={`${idPrefix}-name`}
          name="name"
          defaultValue={nameLocked ? person?.name : valueOf("name")}
          maxLength={CREW_NAME_MAX}
          required
          readOnly={nameLocked}
          aria-invalid={errorsOf("name")?.length ? true : undefined}
          aria-describedby={nameLocked ? `${idPrefix}-name-hint` : describedBy("name")}
        />
        {nameLocked ? (
          <p id={`${idPrefix}-name-hint`} className="text-xs text-slate-500">
            A member&apos;s name follows their account.
          </p>
        ) : null}
        <FieldError id={`${idPrefix}-name-error`} errors={errorsOf("name")} />
      </div>
      {FIELDS.map((field) => (
        <div key={field.name} className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-${field.name}`}>
            {field.label} <span className="font-normal text-slate-500">(optional)</span>
          </Label>
          <Input
            id={`${idPrefix}-${field.name}`}
            name={field.name}
            type={field.type}
            defaultValue={valueOf(field.name)}
            maxLength={field.max}
            placeholder={field.placeholder}
            aria-invalid={errorsOf(field.name)?.length ? true : undefined}
            aria-describedby={describedBy(field.name)}
          />
          <FieldError id={`${idPrefix}-${field.name}-error`} errors={errorsOf(field.name)} />
        </div>
      ))}
      <div className={cn("grid gap-1.5", wide)}>
        <Label htmlFor={`${idPrefix}-notes`}>
          Notes <span className="font-normal text-slate-500">(optional)</span>
        </Label>
        <Textarea
          id={`${idPrefix}-notes`}
          name="notes"
          rows={2}
          defaultValue={valueOf("notes")}
          maxLength={CREW_NOTES_MAX}
          aria-describedby={describedBy("notes")}
        />
        <FieldError id={`${idPrefix}-notes-error`} errors={errorsOf("notes")} />
      </div>
    </>
  );
}

function AddPersonCard({ actionData }: { actionData: CrewReply | undefined }) {
  const refusal = refusalOf(actionData, "add");
  // A fresh, empty form after each person added (a remount; without JavaScript the page loads anew anyway).
  const added = actionData?.intent === "add" && actionData.ok ? actionData.toast?.description : undefined;
  return (
    <Card role="region" aria-labelledby="crew-add-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="crew-add-title">Add a person</h2>
        </CardTitle>
        <CardDescription>Anyone on the event: crew, suppliers, venue staff. Only the name is needed.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-3" key={added ?? "add"} aria-label="Add a person" noValidate>
          <FormError id="crew-add-errors" errors={refusal?.form} />
          <PersonFields idPrefix="add" refusal={refusal} />
          <div>
            <Button type="submit" name="intent" value="add">
              <Plus aria-hidden />
              Add person
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function ImportCard({ actionData }: { actionData: CrewReply | undefined }) {
  const refusal = refusalOf(actionData, "import");
  const errors = refusal
    ? Object.values(actionData?.result?.error ?? {})
        .flat()
        .filter((e): e is string => Boolean(e))
    : [];
  return (
    <Card role="region" aria-labelledby="crew-import-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="crew-import-title">Import from CSV</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="grid gap-3">
          <p className="text-sm text-slate-600" id="crew-import-help">
            Columns: name, role, department, company, phone, email, notes (a header row first; name needed), up to{" "}
            {MAX_CREW_IMPORT_ROWS} people. Someone already listed keeps what they have; only their blank fields are
            filled in. A file with any bad line imports nothing.
          </p>
          {errors.length ? <FormError id="crew-import-errors" errors={errors} /> : null}
          <div className="grid gap-1.5">
            <Label htmlFor="crew-import-file">CSV file</Label>
            <Input
              id="crew-import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby="crew-import-help"
              required
            />
          </div>
          <div>
            <Button type="submit" name="intent" value="import" variant="secondary">
              <Upload aria-hidden />
              Import people
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
