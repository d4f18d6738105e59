import { useCallback, useState } from 'react';
import type { ChatMessage } from '../api/get-chat.ts';
import { useChatMessages } from './use-chat-messages.ts';
import { usePeerAnnouncement } from './use-peer-announcement.ts';
import { useMarkRead } from './use-read-receipts.ts';
import { useSendMessage } from './use-send-message.ts';
import { usePeerTyping, useTypingNotifier } from './use-typing.ts';

interface Peer {
  profileId: number | undefined;
  userId: number | undefined;
  name: string;
}

/**
 * An open conversation's state: the messages, typing both ways, the new-message announcement,
 * marking read while the newest message is on screen, and sending.
 */
export function useConversation(matchId: string, peer: Peer) {
  const chat = useChatMessages(matchId, { profileId: peer.profileId, userId: peer.userId });
  const { messages, unlocked, addSent } = chat;
  const { typing: peerTyping, stop: stopTyping } = usePeerTyping(matchId, peer.userId);
  const notifyTyping = useTypingNotifier(matchId, unlocked);
  const [atNewest, setAtNewest] = useState(true);
  const announced = usePeerAnnouncement(messages, peer.profileId, peer.name, stopTyping);
  useMarkRead(matchId, messages, peer.profileId, atNewest, unlocked);

  const onSent = useCallback((message: ChatMessage) => addSent(message), [addSent]);
  const { send, sending } = useSendMessage(matchId, onSent);

  return { ...chat, peerTyping, notifyTyping, announced, setAtNewest, send, sending };
}

export type Conversation = ReturnType<typeof useConversation>;
