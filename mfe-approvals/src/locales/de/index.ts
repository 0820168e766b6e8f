import absence from '../../features/absence/locales/de/absence.json';
import inbox from '../../features/inbox/locales/de/inbox.json';
import workflows from '../../features/workflow-editor/locales/de/workflows.json';
import approvals from './approvals.json';

/** The approvals area's texts in German: its own (titles, errors) and one file per feature group, nested by feature. */
export default { ...approvals, inbox, workflows, absence };
