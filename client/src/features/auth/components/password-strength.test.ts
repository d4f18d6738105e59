import t from 'tap';
import { passwordStrength, validateResetPassword, validateSignup } from '@contract/auth.ts';

t.test('strength bar score, colour and first tip as the signup screen uses them', async (t) => {
  t.same(passwordStrength('abc'), {
    score: 1,
    colour: 'red',
    tips: ['Password should be at least 8 characters', 'Use a mix of letters, numbers, and symbols'],
  });
  t.equal(passwordStrength('abcdefgh').colour, 'yellow');
  t.equal(passwordStrength('abcdefgh').tips[0], 'Use a mix of letters, numbers, and symbols');
  t.equal(passwordStrength('Abcdefgh').colour, 'blue');
  t.same(passwordStrength('Abcdefgh').tips, []);
  t.equal(passwordStrength('Abcdefg1').colour, 'green');
  t.equal(passwordStrength('Abcdef1!').score, 5);
});

t.test('signup form keys match the validator', async (t) => {
  const errors = validateSignup({ username: 'ab', email: 'nope', password: 'short', confirmPassword: 'x' });
  t.same(Object.keys(errors).sort(), ['confirmPassword', 'email', 'password', 'username']);
  t.same(validateSignup({ username: 'anna_1', email: 'a@b.co', password: 'longenough', confirmPassword: 'longenough' }), {});
});

t.test('reset form keys match the validator', async (t) => {
  const errors = validateResetPassword('abc', 'abd');
  t.ok(errors.new_password.includes('Password must contain at least one uppercase letter'));
  t.same(errors.confirm_password, ["Passwords don't match"]);
});
