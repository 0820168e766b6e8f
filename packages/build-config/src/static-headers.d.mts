import type { RequestHandler } from 'express';

export declare function cacheControlFor(path: string): string;
export declare function serveBuiltFiles(
  distDirectory: string,
  options?: { redirect?: boolean; vary?: string[] },
): RequestHandler;
