// The order files start in: project by project (PROJECT_ORDER below), longest first within each (the
// longest-processing-time rule), so the two workers finish together instead of one running a long file
// alone at the end. Vitest's own sequencer orders, on a clean checkout (CI) with no results cache, by file
// size. Durations come from the last full `npm test` on this checkout (.test-cache/durations.json, written by
// scripts/test.mjs) or else from the committed scripts/test-durations.json; a file in neither starts first.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.dirname(new URL(import.meta.url).pathname);

function readDurations(): Record<string, number> {
  for (const file of ['.test-cache/durations.json', 'scripts/test-durations.json']) {
    try {
      return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, number>;
    } catch {
      // next
    }
  }
  return {};
}

export const durationKey = (project: string, file: string) => `${project}:${path.relative(root, file)}`;

/**
 * The projects in the order their files start. The browser files first: they are the longest. Then each API
 * project's files together: a worker of a project without isolation keeps its imported modules only while
 * the next file in the queue is of the same project, so files of the two databases taken in turns each
 * started a new worker and imported the server again (128 s of a run's summed import time).
 */
const PROJECT_ORDER = ['e2e', 'api-pg', 'api', 'domain', 'web'];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const known = (spec: TestSpecification) => durations[durationKey(spec.project.name, spec.moduleId)];
    const rank = (spec: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || (known(b) ?? Infinity) - (known(a) ?? Infinity));
  }
}
