import { errorKeys } from '@formwerk/platform';

// The codes the library explains in its own words besides those of every call; any other reads as unexpected.
export const toErrorKey = errorKeys('library.errors', ['NOT_FOUND', 'FORBIDDEN', 'FOLDER_NAME_TAKEN']);
