import { renderStandaloneArea } from '@formwerk/platform';
import '@formwerk/ui/styles.css';
import areaModule from './exposes/routes';

void renderStandaloneArea('approvals', areaModule);
