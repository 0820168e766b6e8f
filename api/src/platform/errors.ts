import type { ErrorBody, ErrorCode, ValidationDetails } from '@formwerk/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { isDatabaseConnected, isDatabaseUnavailable } from './db';

// What services throw for an outcome the client should see, e.g. new AppError('FORM_NOT_FOUND', 404).
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, status: number, message?: string, details?: unknown) {
    super(message ?? code);
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

type ErrorResponse = { status: number; body: ErrorBody; headers?: Record<string, string> };

// When a client may try again after the database went away: about one server-selection timeout.
const databaseRetryAfterSeconds = 5;

// The errors of express.json() (body-parser): http-errors, most with a `type` naming the failure; a
// body that does not inflate as its Content-Encoding says comes as zlib's error with status 400.
type BodyParserError = Error & { status: number; type?: string; expose?: boolean };
const unreadableEncodings = new Set(['encoding.unsupported', 'charset.unsupported']);

const databaseUnavailableMessage = 'The database is not answering, please try again shortly';

/**
 * While the api holds no connection to the database (not reached since the start, or lost), every
 * request but the health check is refused at once with 503 and Retry-After instead of waiting for a
 * database that is not there; the driver reconnects by itself and requests pass again.
 */
export const refuseWhileDatabaseAway: RequestHandler = (request, _response, next) => {
  if (isDatabaseConnected() || request.path === '/health') return next();
  throw new AppError('DATABASE_UNAVAILABLE', 503, databaseUnavailableMessage);
};

export const rejectUnknownRoute: RequestHandler = (request) => {
  throw new AppError('NOT_FOUND', 404, `No route for ${request.method} ${request.path}`);
};

export const handleError: ErrorRequestHandler = (error, _request, response, next) => {
  // Express must close a response that has already started; a second body cannot be sent.
  if (response.headersSent) {
    next(error);
    return;
  }
  const { status, body, headers } = toErrorResponse(error);
  // pino-http logs the request once, with this error and its stack, at error level.
  if (status >= 500) response.err = error instanceof Error ? error : new Error(String(error));
  if (headers) response.set(headers);
  response.status(status).json(body);
};

function toErrorResponse(error: unknown): ErrorResponse {
  if (isDatabaseUnavailable(error) || (error instanceof AppError && error.code === 'DATABASE_UNAVAILABLE')) {
    return {
      ...createErrorResponse(503, 'DATABASE_UNAVAILABLE', databaseUnavailableMessage),
      headers: { 'Retry-After': String(databaseRetryAfterSeconds) },
    };
  }
  if (error instanceof AppError) {
    return createErrorResponse(error.status, error.code, error.message, error.details);
  }
  if (error instanceof ZodError) {
    const details: ValidationDetails = {
      issues: error.issues.map(({ path, code, message }) => ({
        path: path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
        code,
        message,
      })),
    };
    return createErrorResponse(400, 'VALIDATION_FAILED', 'The request does not match its contract', details);
  }
  if (isBodyParserError(error)) {
    if (error.type === 'entity.parse.failed') {
      return createErrorResponse(400, 'INVALID_JSON', 'The request body is not valid JSON');
    }
    if (error.type === 'entity.too.large') {
      return createErrorResponse(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    }
    if (error.type !== undefined && unreadableEncodings.has(error.type)) {
      return createErrorResponse(415, 'UNSUPPORTED_ENCODING', error.message);
    }
    if (error.expose && error.status >= 400 && error.status < 500) {
      return createErrorResponse(error.status, 'BAD_REQUEST', error.message);
    }
  }
  return createErrorResponse(500, 'INTERNAL', 'Internal server error');
}

function createErrorResponse(status: number, code: ErrorCode, message: string, details?: unknown): ErrorResponse {
  return { status, body: { error: details === undefined ? { code, message } : { code, message, details } } };
}

function isBodyParserError(error: unknown): error is BodyParserError {
  if (!(error instanceof Error)) return false;
  const { status, type, expose } = error as Partial<BodyParserError>;
  return typeof status === 'number' && (typeof type === 'string' || expose === true);
}
