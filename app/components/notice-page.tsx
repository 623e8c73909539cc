import type { ReactNode } from "react";
import { Logo } from "./logo";

/**
 * A page with one message and its way out, outside the workspace frame: sign-in problems, the admin access
 * screen. `actions` are links styled as buttons.
 */
export function NoticePage({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center px-4 py-16 sm:px-6">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {eyebrow ? <p className="text-sm font-semibold text-brand-700">{eyebrow}</p> : null}
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <div className="mt-3 grid gap-3 text-slate-600">{children}</div>
          {actions ? <div className="mt-6 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
      </main>
    </div>
  );
}
