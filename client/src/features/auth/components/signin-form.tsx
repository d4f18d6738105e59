/**
 * The sign-in form. Two fields need no form library: plain state keeps react-hook-form (about
 * 13 kB compressed) out of /signin's first load, the page most visits start on. It behaves as
 * the other forms do: errors appear on submit, follow the typing from then on, and the first
 * invalid field takes the focus.
 */
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.tsx';
import { toast } from '@/lib/toast.ts';
import { signin } from '../api/signin.ts';
import { type SigninField, SIGNIN_FIELDS, type SigninValues, signinErrors } from './signin-errors.ts';
import './auth.css';

export function SigninForm() {
  const { setAuth } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<SigninValues>({ identifier: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<SigninField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<SigninField, HTMLInputElement | null>>>({});
  /** The last failure's toast ('Invalid username or password'): taken down when the member tries again. */
  const failure = useRef<string | null>(null);

  const change = (field: SigninField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(signinErrors(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const found = signinErrors(values);
    setErrors(found);
    const invalid = SIGNIN_FIELDS.find((field) => found[field]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setSubmitting(true);
    if (failure.current) toast.dismissError(failure.current);
    failure.current = null;
    try {
      const result = await signin({ username: values.identifier.trim(), password: values.password });
      setAuth(result.token, { id: result.user, username: result.username, email: result.email });
      toast.success(`Welcome back, ${result.username ?? values.identifier.trim()}!`);
      navigate(paths.home, { replace: true });
    } catch (error) {
      console.error('Sign in failed', error);
      // The api client toasted it with its message as the id.
      if (error instanceof Error) failure.current = error.message;
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: SigninField) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <fieldset disabled={isSubmitting} className="auth-fieldset">
        <FormField label="Phone, Email or Username" autoComplete="username" autoCapitalize="none" {...field('identifier')} />
        <FormField label="Password" type="password" autoComplete="current-password" {...field('password')} />
        <div className="auth-row-end">
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </div>
        <button type="submit" className="btn btn-primary btn-block">
          {isSubmitting ? 'Signing in...' : 'Log In'}
        </button>
      </fieldset>
      <div className="auth-divider" aria-hidden="true" />
      <Link to={paths.signup} className="btn btn-secondary btn-block">
        Create New Account
      </Link>
    </form>
  );
}
