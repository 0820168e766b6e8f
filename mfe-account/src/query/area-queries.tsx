import { createAreaQueryClient, withQueryClient } from '@formwerk/platform/queries';
import type { ComponentType } from 'react';

// The account area's query cache: its pages share what they read (see createAreaQueryClient).
export const queryClient = createAreaQueryClient();

export const withAreaQueries = <Props extends object>(Page: ComponentType<Props>) => withQueryClient(queryClient, Page);
