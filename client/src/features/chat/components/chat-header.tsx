import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router-dom';
import { BackIcon, BlockIcon, FlagIcon, UserIcon, XIcon } from '@/components/ui/icons.tsx';
import { paths, PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import { CheckIcon, MoreIcon } from './chat-icons.tsx';
import { showPlaceholder } from './photo-fallback.ts';

export interface ChatHeaderProps {
  name: string;
  photoUrl: string | null | undefined;
  /** 'City, State'; null when unknown. */
  place: string | null;
  verified?: boolean;
  /** The peer's profile, for 'View profile'; absent while unknown. */
  profileId?: number;
  /** The 'Send read receipts' setting; undefined while it loads. */
  readReceipts: boolean | undefined;
  savingReceipts: boolean;
  onReadReceiptsChange: (on: boolean) => void;
  /** Asks to end the match (a confirmation follows); absent while the match is not known. */
  onUnmatch?: () => void;
  /** Asks to block the peer (a confirmation follows); absent while the match is not known. */
  onBlock?: () => void;
  /** Opens the Report dialog; absent while the match is not known. */
  onReport?: () => void;
}

/**
 * Back to /matches, the peer (photo, name, place) and the chat's menu: View profile, Unmatch,
 * Block and Report together (what a member does about the person), then the read receipts setting.
 */
export function ChatHeader(props: ChatHeaderProps) {
  const { name, photoUrl, place, verified, profileId, readReceipts, savingReceipts, onReadReceiptsChange, onUnmatch, onBlock, onReport } =
    props;
  return (
    <header className="chat-header">
      <Link to={paths.matches} className="icon-btn chat-back" aria-label="Back to matches">
        <BackIcon />
      </Link>
      <img className="chat-header-photo" src={photoUrl || PLACEHOLDER_PHOTO} alt="" width={40} height={40} onError={showPlaceholder} />
      <div className="chat-header-text">
        <h1 id="chat-title" className="chat-title">
          {name}
          {verified ? (
            <span className="chat-verified" title="Verified">
              <CheckIcon />
              <span className="visually-hidden"> (verified)</span>
            </span>
          ) : null}
        </h1>
        {place ? <p className="chat-place">{place}</p> : null}
      </div>
      {/* Not modal: a modal menu hides the page from assistive technology while leaving it focusable. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" className="icon-btn" aria-label="Chat options">
            <MoreIcon />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="chat-menu" align="end" sideOffset={4}>
            {profileId !== undefined ? (
              <DropdownMenu.Item asChild className="chat-menu-item">
                <Link to={paths.profileView(profileId)}>
                  <UserIcon />
                  View profile
                </Link>
              </DropdownMenu.Item>
            ) : null}
            {onUnmatch ? (
              <DropdownMenu.Item className="chat-menu-item" onSelect={onUnmatch}>
                <XIcon />
                Unmatch
              </DropdownMenu.Item>
            ) : null}
            {onBlock ? (
              <DropdownMenu.Item className="chat-menu-item is-danger" onSelect={onBlock}>
                <BlockIcon />
                Block
              </DropdownMenu.Item>
            ) : null}
            {onReport ? (
              <DropdownMenu.Item className="chat-menu-item is-danger" onSelect={onReport}>
                <FlagIcon />
                Report
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="chat-menu-separator" />
            <DropdownMenu.CheckboxItem
              className="chat-menu-item"
              checked={readReceipts === true}
              disabled={readReceipts === undefined || savingReceipts}
              onCheckedChange={(checked) => onReadReceiptsChange(checked === true)}
            >
              <span className="chat-menu-check" aria-hidden="true">
                <DropdownMenu.ItemIndicator>
                  <CheckIcon />
                </DropdownMenu.ItemIndicator>
              </span>
              Send read receipts
            </DropdownMenu.CheckboxItem>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </header>
  );
}
