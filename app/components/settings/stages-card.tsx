import { Form, useActionData } from "@remix-run/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { FormError } from "~/components/field-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { MAX_STAGES, NO_STAGE_LABEL, STAGE_NAME_MAX, type Stage } from "~/domain/stages";

/** What the settings page's stage forms answer: their intent, and a refusal's messages (`errors: "form"`). */
interface StageReply {
  intent: string;
  ok: boolean;
  result?: { error?: Record<string, string[] | null> | null } | null;
}

/** A refused 'Add stage' form's messages (a stage's own buttons answer with a toast). */
function addErrorsOf(reply: StageReply | undefined) {
  if (!reply || reply.ok || reply.intent !== "stage-add") return [];
  return Object.values(reply.result?.error ?? {})
    .flat()
    .filter((e): e is string => Boolean(e));
}

/**
 * Stages and rooms (ADR 037): the workspace's stages, each with its own cue sheet per day and its own show mode.
 * Rename in place, move up or down, remove (only a stage without cues), add at the end; every button is a plain
 * form, so it all works without JavaScript.
 */
export function StagesCard({ stages }: { stages: Stage[] }) {
  const reply = useActionData<StageReply>();
  const addErrors = addErrorsOf(reply);
  const full = stages.length >= MAX_STAGES;
  return (
    <Card role="region" aria-labelledby="stages-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="stages-title">Stages and rooms</h2>
        </CardTitle>
        <CardDescription>
          For the whole workspace. Each stage gets its own cue sheet on every event day and runs its own show mode. Cues
          on no stage stay on a sheet called “{NO_STAGE_LABEL}”. Up to {MAX_STAGES} stages.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stages.length ? (
          <ol className="grid gap-3" aria-label="Stages">
            {stages.map((stage, index) => (
              <li key={stage.id} className="grid gap-1" data-testid="stage-row">
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex basis-full items-end gap-2 sm:basis-auto sm:flex-1">
                    <input type="hidden" name="stageId" value={stage.id} />
                    <div className="grid min-w-0 flex-1 gap-1">
                      <Label htmlFor={`stage-name-${stage.id}`} className="sr-only">
                        Name of {stage.name}
                      </Label>
                      <Input
                        id={`stage-name-${stage.id}`}
                        name="name"
                        defaultValue={stage.name}
                        maxLength={STAGE_NAME_MAX}
                        required
                      />
                    </div>
                    <Button type="submit" name="intent" value="stage-rename" variant="secondary" size="sm">
                      Rename
                    </Button>
                  </Form>
                  <StageButton stage={stage} intent="stage-move" direction="up" disabled={index === 0}>
                    <ArrowUp aria-hidden />
                  </StageButton>
                  <StageButton
                    stage={stage}
                    intent="stage-move"
                    direction="down"
                    disabled={index === stages.length - 1}
                  >
                    <ArrowDown aria-hidden />
                  </StageButton>
                  <StageButton stage={stage} intent="stage-delete">
                    <Trash2 aria-hidden />
                  </StageButton>
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">
            No stages yet: each event day has one cue sheet. Name stages to run several sheets side by side.
          </p>
        )}
        {full ? (
          <p className="text-sm text-slate-700">This workspace has {MAX_STAGES} stages, the most allowed.</p>
        ) : (
          <Form method="post" className="grid gap-2">
            <Label htmlFor="stage-add-name">New stage</Label>
            <div className="flex gap-2">
              <Input
                id="stage-add-name"
                name="name"
                placeholder="Main stage"
                maxLength={STAGE_NAME_MAX}
                required
                aria-describedby={addErrors.length ? "stage-add-errors" : undefined}
              />
              <Button type="submit" name="intent" value="stage-add">
                <Plus aria-hidden />
                Add stage
              </Button>
            </div>
            {addErrors.length ? <FormError id="stage-add-errors" errors={addErrors} /> : null}
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

const LABELS = { up: "Move {name} up", down: "Move {name} down", delete: "Remove {name}" };

function StageButton({
  stage,
  intent,
  direction,
  disabled = false,
  children,
}: {
  stage: Stage;
  intent: "stage-move" | "stage-delete";
  direction?: "up" | "down";
  disabled?: boolean;
  children: ReactNode;
}) {
  const label = LABELS[direction ?? "delete"].replace("{name}", `“${stage.name}”`);
  return (
    <Form method="post">
      <input type="hidden" name="stageId" value={stage.id} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant="ghost"
        size="icon"
        disabled={disabled}
        aria-label={label}
      >
        {children}
      </Button>
    </Form>
  );
}
