import t from 'tap';
import { AUTH_MESSAGES } from '@contract/auth.ts';
import { signinErrors } from './signin-errors.ts';

t.test('sign-in asks for both fields, in their order, with the shared messages', async (t) => {
  t.same(signinErrors({ identifier: '', password: '' }), {
    identifier: AUTH_MESSAGES.identifierRequired,
    password: AUTH_MESSAGES.passwordRequired,
  });
  t.same(signinErrors({ identifier: '   ', password: 'secret' }), { identifier: AUTH_MESSAGES.identifierRequired }, 'blank is missing');
  t.same(signinErrors({ identifier: 'ann', password: '' }), { password: AUTH_MESSAGES.passwordRequired });
  t.same(signinErrors({ identifier: 'ann', password: ' ' }), {}, 'a password is taken as typed');
  t.same(Object.keys(signinErrors({ identifier: '', password: '' })), ['identifier', 'password'], 'the first invalid field comes first');
});
