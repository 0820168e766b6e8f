import { storageDeletionRequestSchema, storageOverviewSchema } from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { deleteStoredFile, getStorageOverview, type Viewer } from './storage.service';

// The team's storage (/v1/storage): every member reads it; what each may delete, its module decides.
export const storageRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

const viewerOf = (response: Response): Viewer => {
  const { teamId, role } = getTeamContext(response);
  return { teamId, role, userId: getSession(response).userId };
};

storageRouter.get('/storage', ...member, async (_request, response) => {
  const body = await getStorageOverview(viewerOf(response));
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: storageOverviewSchema, body });
});

storageRouter.post('/storage/deletions', ...member, async (request, response) => {
  const deletion = storageDeletionRequestSchema.parse(request.body);
  const body = await deleteStoredFile(viewerOf(response), deletion);
  sendValidated(response, { status: 200, schema: storageOverviewSchema, body });
});
