import { type FormEvent, useId, useRef, useState } from 'react';
import { CameraIcon, XIcon } from '@/components/ui/icons.tsx';
import { ACCEPT_ATTRIBUTE } from '@/lib/uploads/upload-file.ts';
import type { ChatMessage } from '../api/get-chat.ts';
import { canSend, CHAT_MESSAGES } from '../hooks/chat-state.ts';
import { useChatPhoto } from '../hooks/use-chat-photo.ts';
import { SendIcon } from './chat-icons.tsx';

interface ComposerProps {
  sending: boolean;
  send: (draft: { text: string; uploadId: string | null }) => Promise<ChatMessage | null>;
  /** Called on every change of the text (the typing indicator, throttled by the caller). */
  onTyping: () => void;
}

const PHASE_TEXT = {
  uploading: CHAT_MESSAGES.analyzing,
  analyzing: CHAT_MESSAGES.analyzing,
  ready: CHAT_MESSAGES.photoReady,
} as const;

/**
 * A photo button, the text and Send. Send is disabled while there is neither text nor a ready
 * photo, while the photo is being checked, and while a send is in progress. A failed send keeps
 * the text and the photo, so Send again retries the same message (with the same key).
 */
export function Composer({ sending, send, onTyping }: ComposerProps) {
  const [text, setText] = useState('');
  const { photo, choose, clear } = useChatPhoto();
  const fileInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  const ready = canSend(text, photo?.phase ?? null, sending);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const sent = await send({ text, uploadId: photo?.phase === 'ready' ? photo.uploadId : null });
    if (sent) {
      setText('');
      clear();
    }
    textInput.current?.focus();
  };

  return (
    <form className="chat-composer" onSubmit={(event) => void submit(event)} aria-label="Write a message">
      {photo ? (
        <div className="chat-attachment">
          <img src={photo.previewUrl} alt="Photo to send" width={56} height={56} />
          <p id={statusId} className={`chat-attachment-status is-${photo.phase}`} role="status">
            {photo.phase !== 'ready' ? <span className="chat-attachment-spinner" aria-hidden="true" /> : null}
            {PHASE_TEXT[photo.phase]}
          </p>
          <button type="button" className="icon-btn" aria-label="Remove photo" onClick={clear} disabled={sending}>
            <XIcon />
          </button>
        </div>
      ) : null}
      <div className="chat-composer-row">
        <button
          type="button"
          className="icon-btn chat-photo-btn"
          aria-label={photo ? 'Choose another photo' : 'Add a photo'}
          onClick={() => fileInput.current?.click()}
          disabled={sending}
        >
          <CameraIcon />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again fires again.
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
        <label htmlFor={inputId} className="visually-hidden">
          Message
        </label>
        <input
          ref={textInput}
          id={inputId}
          className="input chat-input"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          placeholder={photo ? CHAT_MESSAGES.captionPlaceholder : CHAT_MESSAGES.placeholder}
          aria-describedby={photo ? statusId : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
        />
        <button type="submit" className="btn btn-primary chat-send" disabled={!ready} aria-busy={sending || undefined}>
          <SendIcon />
          <span>{sending ? 'Sending...' : 'Send'}</span>
        </button>
      </div>
    </form>
  );
}
