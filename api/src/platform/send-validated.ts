import type { Response } from 'express';
import type { z } from 'zod';

// Parsing the body with its contract drops fields the contract does not name, so a document field
// added later cannot leak. A mismatch is our bug, hence a plain Error (500), never a ZodError (400).
export function sendValidated<Schema extends z.ZodType>(
  response: Response,
  { status, schema, body }: { status: number; schema: Schema; body: z.input<Schema> },
): void {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error('The response does not match its contract', { cause: result.error });
  response.status(status).json(result.data);
}
