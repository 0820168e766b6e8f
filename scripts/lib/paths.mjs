import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const toolsDir = join(repoRoot, '.tools');
export const dataDir = join(repoRoot, '.data');
