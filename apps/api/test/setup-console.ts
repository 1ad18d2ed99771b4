// A stray console.error or console.warn fails the test that caused it.
import { afterEach, vi } from 'vitest';

const calls: string[] = [];
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${level}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  if (calls.length) {
    const message = calls.splice(0).join('\n');
    throw new Error(`console.error ou console.warn chamado durante o teste:\n${message}`);
  }
});
