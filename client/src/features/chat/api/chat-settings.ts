import useSWR from 'swr';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export interface ChatSettings {
  /** Whether my matches see what I have read; off also hides theirs from me. */
  send_read_receipts: boolean;
}

export const getChatSettings = () => api.get<ChatSettings>(apiPaths.chatSettings, { toastErrors: false });

/** The chat toggles write their own failure toast. */
export const updateChatSettings = (settings: ChatSettings) =>
  api.patch<ChatSettings>(apiPaths.chatSettings, settings, { toastErrors: false });

export function useChatSettings() {
  return useSWR<ChatSettings>(apiPaths.chatSettings, getChatSettings);
}
