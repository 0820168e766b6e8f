import { getIcons } from '@iconify/utils';
import { icons as lucide } from '@iconify-json/lucide';
import { Router } from 'express';

type IconifyJSON = Parameters<typeof getIcons>[0];

// Icon sets come from npm packages, so icons never load from the internet.
const iconSets: Record<string, IconifyJSON> = { lucide };
const maxIconsPerRequest = 100;
const iconName = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** `GET /_icons/{prefix}.json?icons=a,b,c`: Iconify JSON of the named icons; unknown names are just absent. */
export function createIconDataRouter(): Router {
  const router = Router();
  router.get('/_icons/:prefix.json', (request, response) => {
    const iconSet = iconSets[request.params.prefix];
    if (!iconSet) {
      response
        .status(404)
        .json({ error: { code: 'ICON_SET_NOT_FOUND', message: `No icon set "${request.params.prefix}"` } });
      return;
    }
    const names = typeof request.query.icons === 'string' ? request.query.icons.split(',').filter(Boolean) : [];
    if (names.length === 0 || names.length > maxIconsPerRequest || !names.every((name) => iconName.test(name))) {
      response.status(400).json({
        error: {
          code: 'INVALID_ICON_NAMES',
          message: `Ask for 1 to ${maxIconsPerRequest} icon names of a-z, 0-9 and -`,
        },
      });
      return;
    }
    response.setHeader('Cache-Control', 'public, max-age=604800');
    response.json(getIcons(iconSet, names, true));
  });
  return router;
}
