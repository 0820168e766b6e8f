import type {
  Notification,
  NotificationBox,
  NotificationListResponse,
  NotificationPreferences,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const listNotifications = (box: NotificationBox, page: number) =>
  apiRequest<NotificationListResponse>(`/notifications?${new URLSearchParams({ box, page: String(page) })}`);

export const markNotificationRead = (notificationId: string, isRead: boolean) =>
  apiRequest<Notification>(`/notifications/${notificationId}/read`, { method: 'POST', body: { isRead } });

export const archiveNotification = (notificationId: string, isArchived: boolean) =>
  apiRequest<Notification>(`/notifications/${notificationId}/archive`, { method: 'POST', body: { isArchived } });

export const markAllNotificationsRead = () => apiRequest<void>('/notifications/read-all', { method: 'POST' });

export const findNotificationPreferences = () => apiRequest<NotificationPreferences>('/notifications/preferences');

export const saveNotificationPreferences = (preferences: NotificationPreferences) =>
  apiRequest<NotificationPreferences>('/notifications/preferences', { method: 'PUT', body: preferences });
