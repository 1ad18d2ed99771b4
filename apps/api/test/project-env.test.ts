// Files of one worker share its modules (the API projects run without per-file isolation), so
// each project must still run on the database it names: a worker reused across projects would not.
import { expect, it } from 'vitest';
import { testDbKind } from './database.ts';

it('runs on the database its project names', ({ task }) => {
  expect(testDbKind()).toBe(task.file.projectName === 'api-pg' ? 'postgres' : 'pglite');
});
