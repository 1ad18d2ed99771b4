// A stray console.error or console.warn fails the test that caused it (house style, habit 11).
import { afterEach, vi } from 'vitest';

const calls: string[] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  calls.push(args.map(String).join(' '));
});
afterEach(() => {
  if (calls.length) {
    const message = calls.splice(0).join('\n');
    throw new Error(`console.error chamado durante o teste:\n${message}`);
  }
});
