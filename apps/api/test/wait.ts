// Polls a condition instead of sleeping: resolves with the first truthy value, fails after a deadline.
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 15_000, intervalMs = 25, what = 'a condição' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`esperando ${what}: não aconteceu em ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
