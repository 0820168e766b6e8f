export declare function cacheControlFor(path: string): string;
