/** The signed-URL route: one opaque token in the path (payload and seal, base64url). */
import { Type } from 'typebox';

export const MediaParams = Type.Object(
  {
    token: Type.String({
      pattern: '^[A-Za-z0-9_-]{1,900}\\.[A-Za-z0-9_-]{43}$',
      maxLength: 1000,
      description: 'From a photo URL in an API answer; signed for one member and valid for at most two hours',
      'x-id-of': 'signed-media',
    }),
  },
  { additionalProperties: false },
);
