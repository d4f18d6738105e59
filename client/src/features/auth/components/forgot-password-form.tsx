import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AUTH_MESSAGES, isValidEmail } from '@contract/auth.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { paths } from '@/config/paths.ts';
import { validatorResolver } from '@/lib/form-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import './auth.css';

interface ForgotValues {
  email: string;
}

const validate = (values: ForgotValues): Record<string, string[]> =>
  isValidEmail(values.email.trim()) ? {} : { email: [AUTH_MESSAGES.invalidEmail] };

export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({ defaultValues: { email: '' }, resolver: validatorResolver(validate) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values.email.trim());
      toast.success('Password reset link sent! Check your email.');
      onSent(values.email.trim());
    } catch (error) {
      console.error('Password reset request failed', error);
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <fieldset disabled={isSubmitting} className="auth-fieldset">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className="btn btn-primary btn-block">
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </button>
      </fieldset>
      <p className="auth-switch">
        <Link to={paths.signin}>Back to Sign In</Link>
      </p>
    </form>
  );
}
