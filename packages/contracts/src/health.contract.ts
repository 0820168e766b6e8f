import { z } from 'zod';

// GET /api/v1/health: 200 with the first shape, 503 with the second.
export const healthResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    database: z.object({ status: z.literal('up'), latencyMs: z.number().nonnegative() }),
  }),
  z.object({
    status: z.literal('unavailable'),
    database: z.object({
      status: z.literal('down'),
      /** Why: never reached since the api started, lost meanwhile, or reached but not answering. */
      reason: z.enum(['connecting', 'disconnected', 'notAnswering']),
    }),
  }),
]);
export type HealthResponse = z.infer<typeof healthResponseSchema>;
