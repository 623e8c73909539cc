import { Link } from "@remix-run/react";
import { ArrowRight, AtSign, MousePointerClick, Sunrise, Terminal, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Logo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { SETUP_STEP_TITLES } from "~/domain/slack-setup";

interface CommandDoc {
  command: string;
  what: string;
  examples: string[];
  note?: string;
}

const COMMANDS: CommandDoc[] = [
  {
    command: "/tasks",
    what: "Lists the open tasks, most urgent first, each with Mark done, Snooze 1 day and Assign to me buttons.",
    examples: ["/tasks"],
  },
  {
    command: "/new",
    what: "Creates a task from one line: what needs doing, by when, and who owns it. Deadlines read like you say them, in your event's timezone.",
    examples: [
      "/new Book caterer for VIP dinner Friday @sam",
      "/new Confirm stage power with the venue tomorrow 14:00 @priya",
      "/new Print artist laminates by 2026-12-04",
    ],
    note: "If an open task already has that title, the bot warns you and offers 'Create anyway'.",
  },
  {
    command: "/overdue",
    what: "Everything past its deadline and not done yet, so the production meeting starts with what slipped.",
    examples: ["/overdue"],
  },
  {
    command: "/assistant",
    what: "Answers questions about this event's tasks from the board itself: what is due, what is at risk, who carries the most, what stands between you and show day.",
    examples: [
      "/assistant what's due this week?",
      "/assistant who has the most open tasks?",
      "/assistant what is blocking load-in?",
    ],
  },
  {
    command: "/cue",
    what: "On show day: the cue running now with its time left and who calls it, the next cue, and whether the show runs ahead or behind. Before the show, the first cue.",
    examples: ["/cue"],
  },
  {
    command: "/help",
    what: "Shows the commands and tips, only to you.",
    examples: ["/help"],
  },
];

const CONNECT_STEPS: string[] = [
  "Open the Chat Integration card on your dashboard and click 'Add to Slack'. The setup wizard explains that every beta team gets its own Slack app.",
  "Create the app in Slack from our manifest: the wizard shows it and copies it for you.",
  "Check that the app's redirect URL is the one the wizard shows.",
  "Paste the app's Client ID, Client Secret and Signing Secret and press 'Save Credentials'.",
  "Click 'Add to Slack' again to install the app, then try /tasks in your production channel.",
];

/**
 * The public page about the Slack bot (/slack-bot): what it does for a production team and how to connect
 * it. The same for visitors and signed-in producers, except for where the call to action leads.
 */
export function SlackBotPage({ signedIn }: { signedIn: boolean }) {
  const cta = signedIn
    ? { to: "/dashboard", label: "Connect Slack" }
    : { to: "/dashboard#demo", label: "Start a free demo" };
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-slate-200/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          {signedIn ? (
            <Link
              to="/dashboard"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Dashboard
            </Link>
          ) : (
            <a
              href="/api/login"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Sign In
            </a>
          )}
        </div>
      </header>

      <main className="flex-1">
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Cueboard for Slack</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
              Run the production board from your crew channel.
            </h1>
            <p className="mt-5 text-lg text-pretty text-slate-600">
              The Cueboard bot turns a line in Slack into a task with an owner and a deadline, tells you what slipped,
              answers questions about the show, and posts the morning rundown before the first call time.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to={cta.to}>
                  {cta.label}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <a href="#connect">How to connect</a>
              </Button>
            </div>
          </div>
        </section>

        <div className="mx-auto grid max-w-3xl grid-cols-1 gap-14 px-4 pt-6 pb-16 sm:px-6 sm:pb-20">
          <Section id="commands" icon={Terminal} title="Slash commands">
            <p>Type them in any channel. Only you see the replies, so checking the board never clutters the channel.</p>
            <dl className="grid gap-5">
              {COMMANDS.map(({ command, what, examples, note }) => (
                <div key={command} className="rounded-xl border border-slate-200 p-5">
                  <dt>
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm font-semibold text-slate-900">
                      {command}
                    </code>
                  </dt>
                  <dd className="mt-2 grid gap-3">
                    <p>{what}</p>
                    <ul aria-label={`${command} examples`} className="grid gap-1.5">
                      {examples.map((example) => (
                        <li key={example}>
                          <code className="block rounded-md bg-slate-900 px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap text-slate-100">
                            {example}
                          </code>
                        </li>
                      ))}
                    </ul>
                    {note ? <p className="text-slate-600">{note}</p> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </Section>

          <Section id="mentions" icon={AtSign} title="Mentions">
            <p>
              Mention the bot in a channel and it replies in the thread. A question gets an answer from the board;
              anything else becomes a task.
            </p>
            <ul className="grid gap-1.5">
              {["@Cueboard Order 200 crew wristbands by Thursday @jo", "@Cueboard what's overdue?"].map((example) => (
                <li key={example}>
                  <code className="block rounded-md bg-slate-900 px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap text-slate-100">
                    {example}
                  </code>
                </li>
              ))}
            </ul>
            <p>
              To keep a message as a task, open its <strong className="font-medium text-slate-900">More actions</strong>{" "}
              menu and choose <strong className="font-medium text-slate-900">Create task from message</strong>, or react
              to it with <strong className="font-medium text-slate-900">:memo:</strong> (the owner can pick another
              capture emoji on the dashboard). Either way the task keeps a link back to the message and its thread, and
              one message becomes one task however many people react. From then on the thread and the task are one
              conversation: replies in the thread become the task&apos;s comments, comments written in Cueboard appear in
              the thread, edits and deletions follow, and files shared in the thread are attached to the task.
            </p>
          </Section>

          <Section id="buttons" icon={MousePointerClick} title="Buttons">
            <p>
              Task lists and new tasks come with buttons, so nobody has to open a browser between cues.{" "}
              <strong className="font-medium text-slate-900">Mark done</strong> completes the task,{" "}
              <strong className="font-medium text-slate-900">Snooze 1 day</strong> moves its deadline a day later (an
              overdue one to tomorrow), and <strong className="font-medium text-slate-900">Assign to me</strong> makes
              you the owner. The message updates to show the change.
            </p>
          </Section>

          <Section id="digest" icon={Sunrise} title="The morning digest">
            <p>
              Every morning the bot posts one summary to the channel you choose: what is overdue, what is due today,
              what is coming up in the next seven days, and the tasks at risk of slipping. You pick the channel and the
              local time (09:00 in your event&apos;s timezone unless you change it) on the dashboard, and switch it off
              whenever you like. It is posted at most once a day.
            </p>
          </Section>

          <Section id="accounts" title="Linking crew accounts">
            <p>
              Whoever installs the bot is linked straight away. When someone else first uses a command, the bot sends
              them a private link; they open it in the browser where they are signed in to Cueboard, and from then on
              their tasks and buttons act as them.
            </p>
          </Section>

          <Section id="connect" title="How to connect">
            <p>
              Each beta team connects its own Slack app, so your tokens and messages never share an app with anyone
              else. The setup wizard walks you through it in five steps:
            </p>
            <ol className="grid gap-3">
              {CONNECT_STEPS.map((text, index) => (
                <li key={SETUP_STEP_TITLES[index]} className="flex gap-3">
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-medium text-slate-900">{SETUP_STEP_TITLES[index]}</p>
                    <p>{text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <div>
              <Button asChild>
                <Link to={cta.to}>
                  {cta.label}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </div>
          </Section>
        </div>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>Cueboard · Task management for event production teams</p>
          <nav aria-label="Footer" className="flex gap-5">
            <Link to="/landing" className="hover:text-slate-900">
              Features
            </Link>
            <a href="#commands" className="hover:text-slate-900">
              Commands
            </a>
            <a href="#connect" className="hover:text-slate-900">
              Connect
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}

function Section({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon?: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 scroll-mt-4 grid-cols-1 gap-4 text-slate-700"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
        {Icon ? (
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Icon className="size-5" aria-hidden />
          </span>
        ) : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
