type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a task of its own, so the browser can paint and answer input before the code after it
 * runs. `scheduler.yield()` where the browser has it (its continuation goes before other waiting
 * tasks); elsewhere a message to this page, which, unlike a timer, a hidden tab does not slow down.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
