export declare const ports: Readonly<{
  shell: number;
  marketing: number;
  account: number;
  forms: number;
  approvals: number;
  documents: number;
  api: number;
  database: number;
  stripeMock: number;
  stripeMockTest: number;
}>;
export declare function areaOfPackage(
  packageName: string,
): 'marketing' | 'account' | 'forms' | 'approvals' | 'documents';
