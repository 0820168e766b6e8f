export declare const ports: Readonly<{
  shell: number;
  marketing: number;
  account: number;
  forms: number;
  approvals: number;
  documents: number;
  api: number;
  database: number;
}>;
