import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES } from '../../../../../server/contract/auth.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { validatorResolver } from '../../../lib/form-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { signin } from '../api/signin.ts';
import './auth.css';

interface SigninValues {
  identifier: string;
  password: string;
}

const validate = (values: SigninValues) => {
  const errors: Record<string, string[]> = {};
  if (!values.identifier.trim()) errors.identifier = [AUTH_MESSAGES.identifierRequired];
  if (!values.password) errors.password = [AUTH_MESSAGES.passwordRequired];
  return errors;
};

export function SigninForm() {
  const { setAuth } = useAuth();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SigninValues>({
    defaultValues: { identifier: '', password: '' },
    resolver: validatorResolver(validate),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await signin({ username: values.identifier.trim(), password: values.password });
      setAuth(result.token, { id: result.user, username: result.username, email: result.email });
      toast.success(`Welcome back, ${result.username ?? values.identifier.trim()}!`);
      navigate(paths.home, { replace: true });
    } catch (error) {
      console.error('Sign in failed', error);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <fieldset disabled={isSubmitting} className="auth-fieldset">
        <FormField
          label="Phone, Email or Username"
          autoComplete="username"
          autoCapitalize="none"
          error={errors.identifier?.message}
          {...register('identifier')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
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
