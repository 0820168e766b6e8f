import { renderStandaloneArea } from '@formwerk/platform';
import '@formwerk/ui/styles.css';
import areaModule from './exposes/routes';

const container = document.getElementById('root');
if (container) void renderStandaloneArea('account', areaModule, container);
