/** Node's flags for the api process: its memory budget (see api-process.mjs). */
export declare const apiNodeArguments: string[];
