export { createAreaQueryClient, withQueryClient } from './area-queries';
