import {
  areaReleasesSchema,
  liveRegistrySchema,
  promoteReleaseRequestSchema,
  registerReleaseRequestSchema,
  releaseSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import {
  findAreaReleases,
  findLiveRegistry,
  parseArea,
  promoteRelease,
  registerRelease,
  rollBackArea,
} from './releases.service';
import { getReleaseActor, requireReleaseOperator } from './require-release-operator';

// The release registry (docs/decisions/035): which release of each area's remote page loads get,
// read by the shell's server; registering and switching releases is for the site's operators.
export const releasesRouter = Router();

releasesRouter.get('/registry', async (_request, response) => {
  const body = await findLiveRegistry();
  // Asked again on every use: a switch must reach new page loads within the shell's next look.
  response.set('Cache-Control', 'no-cache');
  sendValidated(response, { status: 200, schema: liveRegistrySchema, body });
});

releasesRouter.post('/releases', requireReleaseOperator, async (request, response) => {
  const registration = registerReleaseRequestSchema.parse(request.body);
  const { release, isNew } = await registerRelease(registration, getReleaseActor(response));
  sendValidated(response, { status: isNew ? 201 : 200, schema: releaseSchema, body: release });
});

releasesRouter.get('/releases/:area', requireReleaseOperator, async (request, response) => {
  const body = await findAreaReleases(parseArea(request.params.area));
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: areaReleasesSchema, body });
});

releasesRouter.post('/releases/:area/promote', requireReleaseOperator, async (request, response) => {
  const area = parseArea(request.params.area);
  const promotion = promoteReleaseRequestSchema.parse(request.body);
  const body = await promoteRelease(area, promotion, getReleaseActor(response));
  sendValidated(response, { status: 200, schema: areaReleasesSchema, body });
});

releasesRouter.post('/releases/:area/rollback', requireReleaseOperator, async (request, response) => {
  const body = await rollBackArea(parseArea(request.params.area), getReleaseActor(response));
  sendValidated(response, { status: 200, schema: areaReleasesSchema, body });
});
