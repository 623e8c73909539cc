import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Download } from "lucide-react";
import { ConversionFunnel, CrmSummaryCards } from "~/components/admin/crm-overview";
import { DemoSignupsTable, RecentActivities } from "~/components/admin/crm-lists";
import { AppShell, PageHeader } from "~/components/app-shell";
import { NoticePage } from "~/components/notice-page";
import { Button, buttonVariants } from "~/components/ui/button";
import { ACTIVITY_LIMIT_DEFAULT, pageNumberSchema } from "~/domain/crm";
import { pageMeta } from "~/lib/meta";
import { adminPageAccess, shellUser } from "~/http/auth.server";
import { withActor } from "~/services/context.server";
import { getCrmSummary, listDemoSignups, listRecentActivities } from "~/services/crm.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.access === "granted" ? "Admin" : "Admin Access Required");

/**
 * The CRM for admins (identity users on `ADMIN_EMAILS`). Everyone else gets the access screen: 401 when not
 * signed in with the identity provider (demo sessions included), 403 for an identity user who is no admin.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, access } = await adminPageAccess(request, context);
  if (access !== "granted") {
    return data(
      { access, email: access === "forbidden" ? auth!.user.email : null },
      { status: access === "sign-in" ? 401 : 403 },
    );
  }
  const ctx = withActor(context, auth!);
  const requested = pageNumberSchema.safeParse(new URL(request.url).searchParams.get("page"));
  const [summary, signups, activities] = await Promise.all([
    getCrmSummary(ctx),
    listDemoSignups(ctx, { page: requested.success ? requested.data : 1 }),
    listRecentActivities(ctx, { limit: ACTIVITY_LIMIT_DEFAULT }),
  ]);
  return data(
    { access, user: await shellUser(auth!), summary, signups, activities },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function AdminRoute() {
  const loaded = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  if (loaded.access !== "granted") return <AdminAccessRequired email={loaded.email} />;
  const { user, summary, signups, activities } = loaded;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";

  return (
    <AppShell user={user}>
      <PageHeader
        title="Admin"
        description="Who tries Cueboard and how far they get."
        actions={
          <Button asChild variant="secondary">
            <a href="/api/admin/export-csv?type=signups" download="demo_signups.csv">
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        }
      />
      <div className="grid gap-6">
        <CrmSummaryCards funnel={summary.conversionFunnel} />
        <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
          <ConversionFunnel funnel={summary.conversionFunnel} />
          <RecentActivities activities={activities} loading={loading} />
        </div>
        <DemoSignupsTable data={signups} loading={loading} />
      </div>
    </AppShell>
  );
}

function AdminAccessRequired({ email }: { email: string | null }) {
  return (
    <NoticePage
      eyebrow="Admin"
      title="Admin Access Required"
      actions={
        <>
          <a href="/api/login?redirect=/admin" className={buttonVariants()}>
            Sign In
          </a>
          <a href="/dashboard" className={buttonVariants({ variant: "secondary" })}>
            Return to Dashboard
          </a>
        </>
      }
    >
      {email ? (
        <p>
          You are signed in as <strong className="font-medium text-slate-900">{email}</strong>, which is not on this
          server's admin list. Sign in with an admin account to see the CRM.
        </p>
      ) : (
        <p>The admin page needs a sign-in with your identity provider account. Demo workspaces cannot open it.</p>
      )}
    </NoticePage>
  );
}
