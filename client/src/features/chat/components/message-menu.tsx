import { DropdownMenu } from 'radix-ui';
import { FlagIcon } from '@/components/ui/icons.tsx';
import { MoreIcon } from './chat-icons.tsx';

/**
 * The ⋯ button on a peer's message and its menu: 'Report message' (the report names this
 * message). Not modal, like the header's menu.
 */
export function MessageMenu({ senderName, onReport }: { senderName: string; onReport: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="chat-msg-more" aria-label={`Message options (${senderName})`}>
          <MoreIcon />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="chat-menu" align="start" sideOffset={4}>
          <DropdownMenu.Item className="chat-menu-item is-danger" onSelect={onReport}>
            <FlagIcon />
            Report message
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
