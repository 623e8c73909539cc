import type { Risk, RiskKind } from "./risks";

/**
 * Risks you can acknowledge (ADR 036): a member says "we know" about a task's risk and it leaves the risk lists for
 * everyone in the workspace until something about the task changes. The rule, one place for the plan, the API, the
 * list filtered to risks and the digests: an acknowledgement holds while the task keeps the `updatedAt` it had when
 * acknowledged and every kind of risk it has now was among the kinds acknowledged. A new reason (the task became
 * overdue, a dependency put it behind schedule) shows it again; a reason that only reads differently ("Overdue by 3
 * days" the day after "by 2") or goes away does not.
 */

export interface RiskAcknowledgement {
  taskId: string;
  /** The task's `updatedAt` when its risk was acknowledged. */
  taskUpdatedAt: string;
  /** The kinds of risk the task had then (`acknowledgedKinds`). */
  riskKinds: readonly string[];
  acknowledgedAt: string;
}

/** The kinds an acknowledgement of these risks records: each once, sorted. */
export function acknowledgedKinds(risks: ReadonlyArray<Pick<Risk, "kind">>): RiskKind[] {
  return [...new Set(risks.map((r) => r.kind))].sort();
}

/**
 * Whether `acknowledgement` still hides the risks of a task as it is now (`updatedAt`, its risks' `kinds`). A task
 * read without its `updatedAt` is never taken for unchanged.
 */
export function holdsFor(
  acknowledgement: Pick<RiskAcknowledgement, "taskUpdatedAt" | "riskKinds">,
  task: { updatedAt?: string },
  kinds: readonly RiskKind[],
) {
  return acknowledgement.taskUpdatedAt === task.updatedAt && kinds.every((k) => acknowledgement.riskKinds.includes(k));
}

/** An at-risk task whose risks an acknowledgement hides, with them. */
export interface AcknowledgedRisk<A extends RiskAcknowledgement> {
  acknowledgement: A;
  risks: Risk[];
}

/**
 * Splits risks into those shown and those an acknowledgement hides (`holdsFor`). `shown` keeps the risks' order;
 * `acknowledged` is the most recently acknowledged first. An acknowledgement of a task that is gone or no longer at
 * risk hides nothing and is left out.
 */
export function applyAcknowledgements<A extends RiskAcknowledgement>(input: {
  risks: readonly Risk[];
  tasks: ReadonlyArray<{ id: string; updatedAt?: string }>;
  acknowledgements: readonly A[];
}): { shown: Risk[]; acknowledged: AcknowledgedRisk<A>[] } {
  if (input.acknowledgements.length === 0) return { shown: [...input.risks], acknowledged: [] };
  const byTask = new Map(input.acknowledgements.map((a) => [a.taskId, a]));
  const risksOf = new Map<string, Risk[]>();
  for (const risk of input.risks) {
    if (byTask.has(risk.taskId)) risksOf.set(risk.taskId, [...(risksOf.get(risk.taskId) ?? []), risk]);
  }
  const hidden = new Set<string>();
  for (const task of input.tasks) {
    const acknowledgement = byTask.get(task.id);
    const risks = risksOf.get(task.id);
    if (acknowledgement && risks && holdsFor(acknowledgement, task, acknowledgedKinds(risks))) hidden.add(task.id);
  }
  return {
    shown: input.risks.filter((r) => !hidden.has(r.taskId)),
    acknowledged: input.acknowledgements
      .filter((a) => hidden.has(a.taskId))
      .sort((a, b) => (a.acknowledgedAt < b.acknowledgedAt ? 1 : a.acknowledgedAt > b.acknowledgedAt ? -1 : 0))
      .map((acknowledgement) => ({ acknowledgement, risks: risksOf.get(acknowledgement.taskId)! })),
  };
}
