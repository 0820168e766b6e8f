import absence from '../../features/absence/locales/en/absence.json';
import inbox from '../../features/inbox/locales/en/inbox.json';
import workflows from '../../features/workflow-editor/locales/en/workflows.json';
import approvals from './approvals.json';

/** The approvals area's texts in English: its own (titles, errors) and one file per feature group, nested by feature. */
export default { ...approvals, inbox, workflows, absence };
