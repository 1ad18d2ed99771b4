// The component tests' DOM: each test's render is unmounted after it, and a stray console.error (React's
// warnings among them) fails the test that caused it, as in the API tests. A form's select control, which
// the app loads apart (components/form/select-control.tsx), is loaded first, so a select renders at once.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadSelectControl } from '@/components/form/schema-form';

await loadSelectControl();

const errors: string[] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args.map(String).join(' '));
});
afterEach(() => {
  cleanup();
  if (errors.length) throw new Error(`console.error durante o teste:\n${errors.splice(0).join('\n')}`);
});
