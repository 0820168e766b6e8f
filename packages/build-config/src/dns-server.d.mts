export declare function startDnsServer(options?: { directory?: string }): Promise<{
  address: string;
  records: Map<string, string[]>;
  failing: Set<string>;
  stop(): Promise<void>;
}>;
