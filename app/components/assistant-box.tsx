import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useFetcher, type useActionData } from "@remix-run/react";
import { LoaderCircle, MessageCircleQuestion } from "lucide-react";
import { useId, useState } from "react";
import { FieldError, FormError } from "~/components/field-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { QUESTION_MAX } from "~/domain/assistant";
import { cn } from "~/lib/utils";
import type { action } from "~/routes/assistant";

type Validate = typeof import("./assistant-validation").validateAssistantQuestion;

/**
 * The question's schema (zod, Conform's adapter) loads when the form is first focused: until then a submit goes to
 * the server unchecked, and the action answers with the same schema's errors.
 */
function useLazyValidate() {
  const [validate, setValidate] = useState<Validate>();
  const load = () => {
    if (validate) return;
    void import("./assistant-validation").then((m) => setValidate(() => m.validateAssistantQuestion));
  };
  return [validate, load] as const;
}

/** What `/assistant` answers, to the page or a fetcher (app/routes/assistant.tsx). */
type AssistantReply = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

/**
 * Ask the assistant about the workspace ("what's overdue?", "who carries most?", "what blocks the show?"): the
 * answer comes from the same service as `POST /api/assistant` and Slack's `/assistant`, grounded in the tasks.
 * With JavaScript the form asks through a fetcher and the answer appears under it; without, it posts to
 * /assistant, which shows the answer on its own page. `initial` is that page's answer.
 */
export function AssistantBox({ initial, className }: { initial?: AssistantReply; className?: string }) {
  const fetcher = useFetcher<typeof action>();
  const id = useId();
  const reply = fetcher.data ?? initial;
  const answer = reply?.ok ? reply.data : undefined;
  const asking = fetcher.state !== "idle";
  const [validate, loadValidate] = useLazyValidate();
  const [form, fields] = useForm({
    id: `${id}-assistant`,
    lastResult: reply?.result,
    constraint: { question: { required: true, maxLength: QUESTION_MAX } },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
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
          onFocus={loadValidate}
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value="ask" />
          <FormError id={form.errorId} errors={form.errors} />
          <Label htmlFor={fields.question.id}>Your question</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              {...getInputProps(fields.question, { type: "text" })}
              key={fields.question.key}
              placeholder="What blocks the show?"
              autoComplete="off"
              className="sm:flex-1"
            />
            <Button type="submit" disabled={asking} className="sm:self-start">
              {asking ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Ask
            </Button>
          </div>
          <FieldError id={fields.question.errorId} errors={fields.question.errors} />
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
