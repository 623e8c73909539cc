import { useFetcher, type useActionData } from "@remix-run/react";
import { LoaderCircle, MessageCircleQuestion } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { QUESTION_MAX, questionErrors } from "~/domain/assistant";
import { cn } from "~/lib/utils";
import { useOnChange } from "~/lib/use-on-change";
import type { action } from "~/routes/assistant";

/** What `/assistant` answers, to the page or a fetcher (app/routes/assistant.tsx). */
type AssistantReply = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

type Errors = Partial<Record<string, string[] | null>>;

/**
 * Ask the assistant about the workspace ("what's overdue?", "who carries most?", "what blocks the show?"): the
 * answer comes from the same service as `POST /api/assistant` and Slack's `/assistant`, grounded in the tasks.
 * With JavaScript the form asks through a fetcher and the answer appears under it; without, it posts to
 * /assistant, which shows the answer on its own page. `initial` is that page's answer.
 *
 * A plain form rather than Conform, whose 9 KB would load with the dashboard for one field: the browser checks the
 * question with the action's rules (`questionErrors`) on submit, and again on typing after a submit; the errors shown
 * are the latest of that check and the action's reply (Conform's reply shape: `result.error` by field, "" for the
 * form's own). The first field with an error takes focus, as Conform did.
 */
export function AssistantBox({ initial, className }: { initial?: AssistantReply; className?: string }) {
  const fetcher = useFetcher<typeof action>();
  const id = useId();
  const reply = fetcher.data ?? initial;
  const answer = reply?.ok ? reply.data : undefined;
  const asking = fetcher.state !== "idle";
  const input = useRef<HTMLInputElement>(null);
  // The browser's own check, for as long as no newer reply has come.
  const [checked, setChecked] = useState<{ after: AssistantReply | undefined; errors: Errors }>();
  const errors = checked && checked.after === reply ? checked.errors : (reply?.result?.error ?? {});
  const questionError = errors.question ?? undefined;
  const formError = errors[""] ?? undefined;
  const formId = `${id}-assistant`;
  const questionId = `${formId}-question`;
  const initialQuestion = initial?.result?.initialValue?.question;

  useOnChange(fetcher.data?.result?.error?.question, () => input.current?.focus());

  const check = (form: HTMLFormElement) => {
    const messages = questionErrors(new FormData(form).get("question") as string | null);
    setChecked({ after: reply, errors: messages ? { question: messages } : {} });
    return messages;
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!check(event.currentTarget)) return;
    event.preventDefault();
    input.current?.focus();
  };
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    if (checked || reply?.result?.error) check(event.currentTarget);
  };
  const headingId = `${id}-heading`;

  return (
    <Card role="region" aria-labelledby={headingId} className={className}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={headingId} className="flex items-center gap-2">
            <MessageCircleQuestion className="size-5 text-brand-600" aria-hidden />
            Ask the assistant
          </h2>
        </CardTitle>
        <CardDescription>
          Answers from this workspace&apos;s tasks: what&apos;s overdue, what&apos;s due this week, who carries most,
          what blocks the show.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fetcher.Form
          method="post"
          action="/assistant"
          className="grid gap-1.5"
          id={formId}
          noValidate
          aria-describedby={formError ? `${formId}-error` : undefined}
          onSubmit={onSubmit}
          onInput={onInput}
        >
          <input type="hidden" name="intent" value="ask" />
          <FormError id={`${formId}-error`} errors={formError} />
          <Label htmlFor={questionId}>Your question</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              ref={input}
              type="text"
              id={questionId}
              name="question"
              required
              maxLength={QUESTION_MAX}
              // Only when there is one: a `defaultValue` prop, even undefined, makes React write `value=""` on hydration.
              {...(typeof initialQuestion === "string" ? { defaultValue: initialQuestion } : {})}
              aria-invalid={questionError ? true : undefined}
              aria-describedby={questionError ? `${questionId}-error` : undefined}
              placeholder="What blocks the show?"
              autoComplete="off"
              className="sm:flex-1"
            />
            <Button type="submit" disabled={asking} className="sm:self-start">
              {asking ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Ask
            </Button>
          </div>
          <FieldError id={`${questionId}-error`} errors={questionError} />
        </fetcher.Form>
        <div aria-live="polite" aria-busy={asking}>
          {answer ? (
            <section
              aria-label="Answer"
              className={cn("grid gap-2 rounded-lg bg-slate-50 p-4 text-sm", asking && "opacity-60")}
            >
              <p className="text-xs text-slate-600">
                You asked: <q>{answer.question}</q>
              </p>
              <p className="whitespace-pre-line text-slate-900" data-testid="assistant-answer">
                {answer.answer}
              </p>
            </section>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
