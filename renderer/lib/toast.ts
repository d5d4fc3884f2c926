/**
 * Toasts through one function, so every toast's close button has a name a screen reader can read (Mantine's
 * has none by default) in the clerk's language.
 */
import { notifications } from '@mantine/notifications';
import { i18n } from '@renderer/i18n/index';

type Toast = { color: string; title: string; message: string };

export function showToast({ color, title, message }: Toast): void {
  notifications.show({ color, title, message, closeButtonProps: { 'aria-label': i18n.t('action.close') } });
}
