// The background job runner's lifecycle follows the app's: it starts claiming jobs when the app is
// ready and, on close, finishes or hands back what it is running before the database closes.
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import type { OutageMonitor } from '../db/outage.ts';
import { createJobRunner, type JobHandlers, type JobRunner, type JobRunnerOptions } from '../shared/jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export interface JobsPluginOptions {
  database: DatabaseHandle;
  handlers: JobHandlers;
  /** Counts the runner's failures to reach the database instead of logging each. */
  outage?: OutageMonitor;
  /** false: this app only enqueues (tests that run jobs by hand, or a web-only instance). */
  run: boolean;
  options?: Partial<JobRunnerOptions>;
}

export const jobsPlugin = fp<JobsPluginOptions>(async (app, { database, handlers, outage, run, options }) => {
  const runner = createJobRunner({
    db: database.db,
    listen: database.listen,
    handlers,
    outage,
    logger: app.log.child({ module: 'jobs' }),
    options,
  });
  app.decorate('jobs', runner);
  if (!run) return;
  app.addHook('onReady', async () => {
    await runner.start();
  });
  app.addHook('preClose', async () => {
    await runner.stop();
  });
});
