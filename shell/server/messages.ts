import type { Locale } from '@formwerk/platform/routes';
import deCommon from '../src/locales/de/common.json';
import enCommon from '../src/locales/en/common.json';

// The shell's `common` namespace; each remote ships its own namespace with its code.
export const commonMessages: Record<Locale, Record<string, unknown>> = { de: deCommon, en: enCommon };
