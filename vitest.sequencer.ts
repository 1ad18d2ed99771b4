// The order files start in, across every project: longest first (the longest-processing-time rule), so the
// two workers finish together instead of one running the long browser files alone at the end. Vitest's own
// sequencer runs project after project and, on a clean checkout (CI) with no results cache, orders by file
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

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const known = (spec: TestSpecification) => durations[durationKey(spec.project.name, spec.moduleId)];
    return [...files].sort((a, b) => (known(b) ?? Infinity) - (known(a) ?? Infinity));
  }
}
