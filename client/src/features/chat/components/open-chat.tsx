import type { Conversation } from '../hooks/use-conversation.ts';
import { TypingLine } from './chat-frame.tsx';
import { Composer } from './composer.tsx';
import { MessageList, type Person } from './message-list.tsx';

interface OpenChatProps {
  conversation: Conversation;
  peerProfileId: number | undefined;
  peer: Person;
  me: Person;
  /** Reports the peer with this message of theirs; absent where reporting is not offered. */
  onReportMessage?: (messageId: number) => void;
}

/** An unlocked chat: the messages, '<name> is typing…', the composer, and the log a screen reader hears. */
export function OpenChat({ conversation: c, peerProfileId, peer, me, onReportMessage }: OpenChatProps) {
  return (
    <>
      <div className="chat-body">
        <MessageList
          messages={c.messages}
          peerProfileId={peerProfileId}
          peer={peer}
          me={me}
          peerLastRead={c.peerLastRead}
          hasOlder={c.hasOlder}
          loadingOlder={c.loadingOlder}
          loadOlder={c.loadOlder}
          onAtNewestChange={c.setAtNewest}
          onReportMessage={onReportMessage}
        />
        <TypingLine peerName={peer.name} typing={c.peerTyping} />
      </div>
      <Composer sending={c.sending} send={c.send} onTyping={c.notifyTyping} />
      <p className="visually-hidden" role="log" aria-live="polite">
        {c.announced}
      </p>
    </>
  );
}
