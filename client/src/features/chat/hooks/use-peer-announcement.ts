import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../api/get-chat.ts';
import { announcement } from './chat-state.ts';

/**
 * A new message from the peer ends their typing indicator and is read out: the words for the
 * screen's live log. Messages that were there on the first load are history, not news.
 */
export function usePeerAnnouncement(
  messages: readonly ChatMessage[],
  peerProfileId: number | undefined,
  peerName: string,
  stopTyping: () => void,
) {
  const [announced, setAnnounced] = useState('');
  const lastPeerMessage = useRef<number | null>(null);
  useEffect(() => {
    if (peerProfileId === undefined) return;
    let newest: ChatMessage | undefined;
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i].fromProfileId === peerProfileId) {
        newest = messages[i];
        break;
      }
    }
    if (!newest) return;
    const before = lastPeerMessage.current;
    lastPeerMessage.current = newest.id;
    // The first load is history, not news.
    if (before === null || newest.id <= before) return;
    stopTyping();
    setAnnounced(announcement(peerName, newest));
  }, [messages, peerProfileId, peerName, stopTyping]);
  return announced;
}
