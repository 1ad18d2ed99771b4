// The Node.js the server declares (decision 0021): 22 LTS or newer. Node 20 ended its support on
// 2026-04-30; the server still starts on 20.19+ until the machines move, and says so at every start.
export const SUPPORTED_NODE_MAJOR = 22;
export const MINIMUM_NODE = { major: 20, minor: 19 } as const;

export type NodeRuntime = { supported: true } | { supported: false; version: string; message: string };

/** Whether this Node.js is the declared runtime, and what to tell the operator when it is not. */
export function nodeRuntime(version: string = process.version): NodeRuntime {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= SUPPORTED_NODE_MAJOR) return { supported: true };
  return {
    supported: false,
    version,
    message:
      `Node.js ${version} está fora de suporte (o Node.js 20 deixou de receber correções de segurança em 30/04/2026): ` +
      `instale o Node.js ${SUPPORTED_NODE_MAJOR} LTS ou o 24 e reinicie o servidor`,
  };
}
