// A reporter for `npm test` (scripts/test.mjs): how long each file took, per project, written to
// .test-cache/durations.json for vitest.sequencer.ts to start the longest files first next time.
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { durationKey } from './vitest.sequencer.ts';

const root = path.dirname(new URL(import.meta.url).pathname);

export default class DurationsReporter implements Reporter {
  private readonly durations: Record<string, number> = {};

  onTestModuleEnd(testModule: TestModule) {
    const { duration, collectDuration, setupDuration, prepareDuration } = testModule.diagnostic();
    this.durations[durationKey(testModule.project.name, testModule.moduleId)] = Math.round(duration + collectDuration + setupDuration + prepareDuration);
  }

  onTestRunEnd() {
    if (Object.keys(this.durations).length === 0) return;
    const file = path.join(root, '.test-cache/durations.json');
    let previous: Record<string, number> = {};
    try {
      previous = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
    } catch {
      // first run
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const merged = Object.fromEntries(Object.entries({ ...previous, ...this.durations }).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
  }
}
