// The one place where ports are set (ARCHITECTURE.md, "Ports"). Change them only here.
export const ports = Object.freeze({
  shell: 3000,
  marketing: 3001,
  account: 3002,
  forms: 3003,
  approvals: 3004,
  documents: 3005,
  api: 4000,
  database: 27017,
});
