import type { HealthResponse } from '@formwerk/contracts';
import { databaseAbsence, isDatabaseConnected, pingDatabase } from '../../platform/db';

// A probe must answer quickly, even when the database hangs instead of refusing.
const pingTimeoutMs = 2_000;

export async function checkHealth(): Promise<HealthResponse> {
  if (!isDatabaseConnected()) return { status: 'unavailable', database: { status: 'down', reason: databaseAbsence() } };
  const startedAt = performance.now();
  try {
    await pingDatabase({ timeoutMs: pingTimeoutMs });
  } catch {
    return { status: 'unavailable', database: { status: 'down', reason: 'notAnswering' } };
  }
  const latencyMs = Math.round((performance.now() - startedAt) * 10) / 10;
  return { status: 'ok', database: { status: 'up', latencyMs } };
}
