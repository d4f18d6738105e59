import { PLACEHOLDER_PHOTO } from '@/config/paths.ts';

/** A member's first photo, or the placeholder when there is none or it fails to load. Decorative: the name is beside it. */
export function MemberPhoto({
  url,
  className,
  loading = 'lazy',
}: {
  url: string | null | undefined;
  className: string;
  loading?: 'eager' | 'lazy';
}) {
  return (
    <img
      src={url || PLACEHOLDER_PHOTO}
      alt=""
      className={className}
      loading={loading}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(PLACEHOLDER_PHOTO)) event.currentTarget.src = PLACEHOLDER_PHOTO;
      }}
    />
  );
}
