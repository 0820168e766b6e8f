import type { RequestHandler } from 'express';
import { AppError } from './errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return safeMethods.has(method);
}

/**
 * Refuses state-changing requests that a browser marks as coming from another site: by
 * `Sec-Fetch-Site`, or else by an `Origin` whose host is not the one asked. Requests without
 * either header do not come from a browser page and carry no ambient cookies worth forging.
 * See https://owasp.org/www-community/attacks/csrf (Fetch Metadata and origin verification).
 */
export const rejectCrossSiteRequests: RequestHandler = (request, _response, next) => {
  if (isSafeMethod(request.method)) return next();
  const fetchSite = request.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new AppError('CSRF_REJECTED', 403, 'Cross-site requests cannot change anything');
  }
  const origin = request.get('origin');
  if (origin && origin !== 'null') {
    const originHost = URL.canParse(origin) ? new URL(origin).host : undefined;
    if (originHost !== request.get('host')) {
      throw new AppError('CSRF_REJECTED', 403, 'Cross-site requests cannot change anything');
    }
  } else if (origin === 'null') {
    throw new AppError('CSRF_REJECTED', 403, 'Cross-site requests cannot change anything');
  }
  next();
};
