import { getIcons } from '@iconify/utils';
import { type IconifyJSON, icons as lucide } from '@iconify-json/lucide';
import { Router } from 'express';

// Icon sets come from npm packages, so icons never load from a third-party server. A Map, so that a
// prefix such as `constructor` finds nothing instead of an Object property.
const iconSets = new Map<string, IconifyJSON>([['lucide', lucide]]);
// A client URL of 500 characters holds about 240 names at most; far more is not our client.
const maxIconsPerRequest = 250;
const iconName = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const oneWeekInSeconds = 604_800;

/**
 * `GET /_icons/{prefix}.json?icons=a,b,c`: Iconify JSON with the named icons (and aliases with their
 * icons); names the set does not have are listed in `not_found` only.
 */
export function createIconDataRouter(): Router {
  const router = Router();
  router.get('/_icons/:prefix.json', (request, response) => {
    const { prefix } = request.params;
    const iconSet = iconSets.get(prefix);
    if (!iconSet) {
      response.status(404).json({ error: { code: 'ICON_SET_NOT_FOUND', message: `No icon set "${prefix}"` } });
      return;
    }
    const names = typeof request.query.icons === 'string' ? request.query.icons.split(',') : [];
    if (names.length === 0 || names.length > maxIconsPerRequest || !names.every((name) => iconName.test(name))) {
      response.status(400).json({
        error: {
          code: 'INVALID_ICON_NAMES',
          message: `Ask for 1 to ${maxIconsPerRequest} comma-separated icon names of a-z, 0-9 and -`,
        },
      });
      return;
    }
    response.setHeader('Cache-Control', `public, max-age=${oneWeekInSeconds}`);
    response.json(getIcons(iconSet, names, true));
  });
  return router;
}
