export function waitForMailFileLink(
  directory: string,
  options: { kind: string; to?: string; timeoutMs?: number },
): Promise<string>;
