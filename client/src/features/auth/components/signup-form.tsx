import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { type SignupInput, validateSignup } from '@contract/auth.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { paths } from '@/config/paths.ts';
import { useAuth } from '@/lib/auth.tsx';
import { ApiError, fieldErrorsOf } from '@/lib/api-errors.ts';
import { clearCache } from '@/lib/cache.ts';
import { validatorResolver } from '@/lib/form-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { signup } from '../api/signup.ts';
import { PasswordStrengthBar } from './password-strength.tsx';
import './auth.css';

/** The form's field for each name a refusal from the server uses (the API says password1/password2). */
const FIELD_OF: Readonly<Record<string, keyof SignupInput>> = {
  username: 'username',
  email: 'email',
  password1: 'password',
  password2: 'confirmPassword',
};

export function SignupForm() {
  const { setAuth } = useAuth();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput>({
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
    resolver: validatorResolver(validateSignup),
  });
  const password = watch('password');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await clearCache();
      const result = await signup({ username: values.username, email: values.email.trim(), password: values.password });
      setAuth(result.token, { id: result.user, username: values.username, email: values.email.trim() });
      toast.success('Account created successfully!');
      navigate(paths.profileEdit, { replace: true });
    } catch (error) {
      console.error('Sign up failed', error);
      const apiError = error instanceof ApiError ? error : new ApiError(undefined, undefined);
      const refused = fieldErrorsOf(apiError.body);
      if (!refused) {
        toast.error(apiError.message);
        return;
      }
      // Every refusal at once (a taken username and a taken email), each on its own field.
      for (const [field, messages] of Object.entries(refused)) {
        for (const message of messages) toast.error(message);
        const name = FIELD_OF[field];
        if (!name) continue;
        setError(name, { type: 'server', message: messages.join(', ') });
      }
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <fieldset disabled={isSubmitting} className="auth-fieldset">
        <FormField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          error={errors.username?.message}
          {...register('username')}
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={<PasswordStrengthBar password={password} />}
          {...register('password')}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <p className="auth-notice">
          By creating an account you agree to our <Link to={paths.terms}>Terms and Conditions</Link> and{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
        <button type="submit" className="btn btn-primary btn-block">
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </button>
      </fieldset>
      <p className="auth-switch">
        Already have an account? <Link to={paths.signin}>Sign In</Link>
      </p>
    </form>
  );
}
