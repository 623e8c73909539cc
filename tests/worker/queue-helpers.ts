import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { QueueJob } from "~/services/queue.server";
import worker from "../../workers/app";

/** Runs the cron handler at `scheduledTime` with a queue that only records what it is given. */
export async function runCron<Job extends QueueJob = QueueJob>(scheduledTime = Date.now()) {
  const sent: Job[] = [];
  const queue = {
    send: async (body: Job) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: Job }>) => void sent.push(...[...messages].map((m) => m.body)),
  } as unknown as Queue<Job>;
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/15 * * * *" }), { ...env, DIGEST_QUEUE: queue }, ctx);
  await waitOnExecutionContext(ctx);
  return sent;
}

/**
 * Delivers jobs to the queue consumer as Cloudflare would, and returns what it acked and retried plus the
 * retry delays it asked for (the pool's queue result does not carry them).
 */
export async function runQueue(jobs: QueueJob[], attempts = 1) {
  const batch = createMessageBatch<QueueJob>(
    "cueboard-digests",
    jobs.map((body, i) => ({ id: `msg-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body })),
  );
  const retryDelays: (number | undefined)[] = [];
  const observed = {
    queue: batch.queue,
    messages: batch.messages.map((m) => ({
      id: m.id,
      timestamp: m.timestamp,
      body: m.body,
      attempts: m.attempts,
      ack: () => m.ack(),
      retry: (options?: QueueRetryOptions) => {
        retryDelays.push(options?.delaySeconds);
        m.retry(options);
      },
    })),
    ackAll: () => batch.ackAll(),
    retryAll: (options?: QueueRetryOptions) => batch.retryAll(options),
  } as unknown as MessageBatch<QueueJob>;
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<Env, QueueJob>).queue!(observed, env, ctx);
  await waitOnExecutionContext(ctx);
  return { ...(await getQueueResult(batch, ctx)), retryDelays };
}
