import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CrewPage } from "~/components/crew/crew-page";
import { Landing } from "~/components/landing";
import { useToast } from "~/components/toaster";
import {
  CREW_CSV_MAX_BYTES,
  crewPersonCreateSchema,
  crewPersonEditFormSchema,
  crewQuerySchema,
  describeCrewImport,
} from "~/domain/crew";
import { getShellPageAuth, shellUser } from "~/http/auth.server";
import { intent, pageAction } from "~/http/page-action.server";
import { pageMeta } from "~/lib/meta";
import { keepLandingAfterSignup } from "~/lib/revalidation";
import { useOnChange } from "~/lib/use-on-change";
import { withActor } from "~/services/context.server";
import { createCrewPerson, deleteCrewPerson, importCrewCsv, listCrew, updateCrewPerson } from "~/services/crew.server";

/**
 * `/crew`: the crew directory (issue 35, ADR 042): the people of the event, members or not, grouped by department,
 * searchable by name. Members add and edit people and import a CSV; owners also remove outside people, star key
 * contacts and open each person's personal link. Every form is a plain post (the search a plain GET), so it all
 * works without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.signedIn ? "Crew" : null);

export const shouldRevalidate = keepLandingAfterSignup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getShellPageAuth(request, context);
  if (!auth) return data({ signedIn: false as const });
  const ctx = withActor(context, auth);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // A search that is too long or odd is no search, not an error page.
  const parsed = crewQuerySchema.safeParse(params);
  const filter = parsed.success ? parsed.data : { q: null, department: null };
  const crew = await listCrew(ctx, filter);
  return data({ signedIn: true as const, user: await shellUser(auth), filter, ...crew });
}

const personIdField = z.string({ required_error: "Choose a person" }).trim().min(1, "Choose a person").max(64);

const importSchema = z.object({
  file: z
    .instanceof(File, { message: "Choose a CSV file" })
    .refine((f) => f.size > 0, "Choose a CSV file")
    .refine((f) => f.size <= CREW_CSV_MAX_BYTES, "The file is too large (limit 256 KB)"),
});

export const action = pageAction(
  {
    add: intent({
      schema: crewPersonCreateSchema,
      errors: "form",
      failed: "Could not add the person. Please try again.",
      run: async ({ ctx, value }) => {
        const person = await createCrewPerson(ctx, value);
        const description = `${person.name} is in the directory.`;
        return { toast: { title: "Person Added", description, variant: "success" } };
      },
    }),
    edit: intent({
      schema: crewPersonEditFormSchema,
      errors: "form",
      failed: "Could not save the changes. Please try again.",
      run: async ({ ctx, value }) => {
        const { personId, ...changes } = value;
        const person = await updateCrewPerson(ctx, personId, changes);
        return { toast: { title: "Changes Saved", description: `${person.name} is up to date.`, variant: "success" } };
      },
    }),
    "key-contact": intent({
      schema: z.object({ personId: personIdField, keyContact: z.enum(["true", "false"]) }),
      title: "Key Contact Not Changed",
      run: async ({ ctx, value }) => {
        const keyContact = value.keyContact === "true";
        const person = await updateCrewPerson(ctx, value.personId, { keyContact });
        const description = keyContact
          ? `${person.name} is listed on every day sheet.`
          : `${person.name} is no longer on every day sheet.`;
        return { toast: { title: keyContact ? "Key Contact Marked" : "Key Contact Removed", description } };
      },
    }),
    delete: intent({
      schema: z.object({ personId: personIdField }),
      title: "Person Not Removed",
      run: async ({ ctx, value }) => {
        const person = await deleteCrewPerson(ctx, value.personId);
        const description = `${person.name} is no longer in the directory.`;
        return { toast: { title: "Person Removed", description, variant: "success" } };
      },
    }),
    import: intent({
      schema: importSchema,
      errors: "form",
      failed: "Could not import the file. Please try again.",
      run: async ({ ctx, value }) => {
        const outcome = await importCrewCsv(ctx, { csv: await value.file.text() });
        return {
          toast: { title: "Crew Imported", description: `${describeCrewImport(outcome)}.`, variant: "success" },
        };
      },
    }),
  },
  { signedOutTo: "/crew" },
);

export type CrewAction = typeof action;

export default function CrewRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useOnChange(actionData?.toast, toast);
  if (!loaderData.signedIn) return <Landing />;
  return <CrewPage {...loaderData} actionData={actionData} />;
}
