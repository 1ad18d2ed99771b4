import { describe, expect, it } from 'vitest';
import { nodeRuntime } from './runtime.ts';

describe('the declared Node.js runtime', () => {
  it('is 22 LTS or newer', () => {
    for (const version of ['v22.12.0', 'v22.20.0', 'v24.11.1', 'v25.0.0']) expect(nodeRuntime(version)).toEqual({ supported: true });
  });

  it('names an older Node.js and what to install', () => {
    const runtime = nodeRuntime('v20.19.2');
    expect(runtime.supported).toBe(false);
    expect(runtime.supported === false && runtime.message).toContain('Node.js v20.19.2 está fora de suporte');
    expect(runtime.supported === false && runtime.message).toContain('instale o Node.js 22 LTS ou o 24');
  });
});
