import type {
  ChangeRoleRequest,
  CreateInvitationRequest,
  RenameTeamRequest,
  TeamResponse,
  TeamTwoFactorRequest,
} from '@formwerk/contracts';
import { create } from 'zustand';
import { toErrorKey } from '../../../utils/error-key';
import * as teamApi from '../api/team-api';

type TeamState = {
  team: TeamResponse | null;
  loadErrorKey: string | null;
  loadTeam: () => Promise<void>;
  // Changes reject with the ApiError, so that the part of the page that asked can explain it.
  renameTeam: (request: RenameTeamRequest) => Promise<void>;
  changeMemberRole: (userId: string, request: ChangeRoleRequest) => Promise<void>;
  removeMember: (userId: string) => Promise<void>;
  inviteMember: (request: CreateInvitationRequest) => Promise<void>;
  revokeInvitation: (invitationId: string) => Promise<void>;
  setTwoFactorRequirement: (request: TeamTwoFactorRequest) => Promise<void>;
};

/** The current team as the api last answered it; the answer to every change replaces it whole. */
export const useTeamStore = create<TeamState>()((set) => {
  const replaceTeam = async (answer: Promise<TeamResponse>) => set({ team: await answer });
  return {
    team: null,
    loadErrorKey: null,
    loadTeam: async () => {
      // Forget the team of an earlier visit: the user may have switched teams since.
      set({ team: null, loadErrorKey: null });
      try {
        set({ team: await teamApi.findTeam() });
      } catch (error) {
        set({ loadErrorKey: toErrorKey(error) });
      }
    },
    renameTeam: (request) => replaceTeam(teamApi.renameTeam(request)),
    changeMemberRole: (userId, request) => replaceTeam(teamApi.changeMemberRole(userId, request)),
    removeMember: (userId) => replaceTeam(teamApi.removeMember(userId)),
    inviteMember: (request) => replaceTeam(teamApi.inviteMember(request)),
    revokeInvitation: (invitationId) => replaceTeam(teamApi.revokeInvitation(invitationId)),
    setTwoFactorRequirement: (request) => replaceTeam(teamApi.setTwoFactorRequirement(request)),
  };
});
