import type { SubmissionResult } from "@conform-to/react";
import { Link, useRouteLoaderData } from "@remix-run/react";
import {
  ArrowRight,
  CalendarClock,
  CopyCheck,
  Gauge,
  MessageSquareText,
  Mic,
  Sparkles,
  Sunrise,
  Tent,
  Truck,
  type LucideIcon,
} from "lucide-react";
import { PLAN_DETAILS, type PlanId } from "~/domain/tiers";
import type { loader as rootLoader } from "~/root";
import { PLAN_NOTE, PlanCard } from "./billing/plan-card";
import { DemoSignupCard } from "./demo-signup-card";
import { Logo } from "./logo";
import { Button } from "./ui/button";

const features: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "AI-Powered Task Creation",
    text: "Type “book shuttle buses for artist arrivals by Friday, Sam owns it” and get a task with a deadline, an owner and a priority. No form-filling in the middle of load-in.",
    icon: Sparkles,
  },
  {
    title: "Complete Slack Integration",
    text: "Create, list and close tasks with /new, /tasks and /overdue right in your production channel, and mention the bot to ask what is due.",
    icon: MessageSquareText,
  },
  {
    title: "Real-time Dashboard",
    text: "Countdown to doors, completion percentages and the critical path on one screen, so the production manager sees the whole show at a glance.",
    icon: Gauge,
  },
  {
    title: "Duplicate Prevention",
    text: "When two coordinators log “Order stage barricades”, Cueboard spots the same job despite different capitalisation or punctuation and keeps one task.",
    icon: CopyCheck,
  },
  {
    title: "Timeline Management",
    text: "Deadlines in your venue’s timezone, overdue and due-today counts, and early warnings when the build schedule starts to slip.",
    icon: CalendarClock,
  },
  {
    title: "Daily Summaries",
    text: "Each morning your channel gets what is overdue, due today and coming up next: the production meeting agenda writes itself.",
    icon: Sunrise,
  },
];

const audiences: { title: string; text: string; icon: LucideIcon }[] = [
  { title: "Festivals", text: "Stages, vendors, artist logistics and site build across a dozen crews.", icon: Tent },
  { title: "Conferences", text: "Speakers, AV, registration and catering, all due before the doors open.", icon: Mic },
  { title: "Tours", text: "Advancing, routing and crew changes, city after city.", icon: Truck },
];

const steps: { title: string; text: string }[] = [
  {
    title: "Set the show date",
    text: "Enter doors in the venue’s own timezone. The dashboard counts down to it, and every overdue and due-today figure follows the venue’s clock.",
  },
  {
    title: "Start from a production plan",
    text: "Pick the conference, festival or launch template and keep the tasks you need. Due dates are planned back from show day, with load-out and the debrief after it.",
  },
  {
    title: "Run it from Slack",
    text: "The crew adds tasks with /new, checks /overdue before the production meeting, and gets a summary in the channel every morning.",
  },
];

const planOrder: PlanId[] = ["basic", "premium"];

/**
 * The public face of Cueboard: shown at /landing and to signed-out visitors of every workspace page.
 * `signupResult` carries the server's validation errors when the form was posted without JavaScript.
 */
export function Landing({ signupResult }: { signupResult?: SubmissionResult<string[]> }) {
  // Without an identity provider configured there is nothing to sign in to: the demo is the way in.
  const signInEnabled = useRouteLoaderData<typeof rootLoader>("root")?.signInEnabled ?? true;
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-slate-200/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <nav aria-label="Site" className="flex items-center gap-1">
            <a
              href="#features"
              className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:block"
            >
              Features
            </a>
            <a
              href="#plans"
              className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:block"
            >
              Pricing
            </a>
            {signInEnabled ? (
            <a
              href="/api/login"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Sign In
            </a>
            ) : null}
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_26rem] lg:grid-rows-[auto_1fr] lg:gap-x-14 lg:gap-y-12 lg:py-20">
            <div className="lg:pt-6">
              <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                For festival, conference and touring crews
              </p>
              <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
                Every cue, deadline and owner on one board.
              </h1>
              <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">
                Cueboard is the task manager for event production teams. Turn a quick note into an assigned task, see
                what is overdue long before show day, and keep the whole crew in step from Slack.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Button asChild size="lg">
                  <Link to="/dashboard#demo">
                    Get Started
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="secondary">
                  <a href="#features">See the features</a>
                </Button>
              </div>
            </div>
            {/* On phones the signup card follows the pitch directly; on wide screens it sits beside both. */}
            <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
              <DemoSignupCard lastResult={signupResult} />
            </div>
            <ul className="grid gap-4 sm:grid-cols-3 lg:col-start-1">
              {audiences.map(({ title, text, icon: Icon }) => (
                <li key={title} className="flex gap-3 sm:flex-col sm:gap-2">
                  <Icon className="size-5 shrink-0 text-brand-600" aria-hidden />
                  <div>
                    <p className="font-semibold text-slate-900">{title}</p>
                    <p className="text-sm text-slate-600">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="scroll-mt-4 pt-8 pb-16 sm:pt-12 sm:pb-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="max-w-2xl">
              <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
                Powerful Features
              </h2>
              <p className="mt-3 text-lg text-slate-600">
                Built around how production teams actually work: fast capture, clear ownership and no surprises on show
                day.
              </p>
            </div>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {features.map(({ title, text, icon: Icon }) => (
                <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="steps-title" className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="steps-title" className="text-3xl font-bold tracking-tight text-slate-900">
              From first note to load-out
            </h2>
            <ol className="mt-10 grid gap-8 md:grid-cols-3">
              {steps.map((step, i) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                    aria-hidden
                  >
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
                    <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="plans" aria-labelledby="plans-title" className="scroll-mt-4 py-16 sm:py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="max-w-2xl">
              <h2 id="plans-title" className="text-3xl font-bold tracking-tight text-slate-900">
                Plans for every size of crew
              </h2>
              <p className="mt-3 text-lg text-slate-600">
                Try everything free in the demo. Pick a plan when the show needs more tasks, more people or AI task
                creation.
              </p>
            </div>
            <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:max-w-4xl">
              {planOrder.map((id) => (
                <PlanCard
                  key={id}
                  plan={id}
                  action={
                    <Button asChild variant={PLAN_DETAILS[id].popular ? "default" : "secondary"} className="w-full">
                      <Link to="/dashboard#demo">Start with the free demo</Link>
                    </Button>
                  }
                />
              ))}
            </ul>
            <p className="mt-6 text-sm text-slate-600">{PLAN_NOTE}</p>
            <p className="mt-1 text-sm text-slate-600">
              Demo workspaces have unlimited beta access; sign in with an account to choose a plan.
            </p>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-20">
          <div className="rounded-2xl bg-slate-900 px-6 py-12 text-center sm:px-12">
            <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
              Your next show starts with the first task.
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-300">
              Set up a workspace in seconds, add your first tasks, and bring the crew in when you are ready.
            </p>
            <Button asChild size="lg" className="mt-8 bg-white text-slate-900 hover:bg-slate-100">
              <Link to="/dashboard#demo">Get Started Now</Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>Cueboard · Task management for event production teams</p>
          <nav aria-label="Footer" className="flex gap-5">
            <a href="#features" className="hover:text-slate-900">
              Features
            </a>
            <a href="#plans" className="hover:text-slate-900">
              Pricing
            </a>
            <a href="#demo" className="hover:text-slate-900">
              Free demo
            </a>
            {signInEnabled ? (
              <a href="/api/login" className="hover:text-slate-900">
                Sign In
              </a>
            ) : null}
          </nav>
        </div>
      </footer>
    </div>
  );
}
