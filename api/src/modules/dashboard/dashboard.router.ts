import { dashboardResponseSchema } from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { findDashboard } from './dashboard.service';

// The overview of the current team on /v1: every member sees it.
export const dashboardRouter = Router();

dashboardRouter.get('/dashboard', requireSession, requireTeamRole(...anyTeamRole), async (_request, response) => {
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: dashboardResponseSchema,
    body: await findDashboard(getTeamContext(response)),
  });
});
