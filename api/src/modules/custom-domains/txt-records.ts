import { Resolver } from 'node:dns/promises';

export type TxtLookup = { kind: 'found'; values: string[] } | { kind: 'missing' } | { kind: 'failed'; code: string };

let dnsServers: string[] | undefined;

/** The servers that answer the checks (config DNS_SERVERS); without any, the system's resolver. */
export function configureDnsServers(servers: string[] | undefined): void {
  dnsServers = servers?.length ? servers : undefined;
}

// The name has no TXT record, or does not exist at all: the owner has not created the record (yet).
const missingCodes = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * The TXT records at `name`, each one's strings joined (a long value arrives split into strings of
 * at most 255 characters). A resolver per lookup, so a change of servers applies at once.
 */
export async function lookupTxtRecords(name: string): Promise<TxtLookup> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (dnsServers) resolver.setServers(dnsServers);
  try {
    const records = await resolver.resolveTxt(name);
    return { kind: 'found', values: records.map((strings) => strings.join('')) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
    return missingCodes.has(code) ? { kind: 'missing' } : { kind: 'failed', code };
  }
}
