import { useForm } from 'react-hook-form';
import { validateResetPassword } from '@contract/auth.ts';
import { ApiError, fieldErrorsOf } from '@/lib/api-errors.ts';
import { FormField } from '@/components/ui/form-field.tsx';
import { validatorResolver } from '@/lib/form-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { resetPassword } from '../api/reset-password.ts';
import './auth.css';

interface ResetValues {
  new_password: string;
  confirm_password: string;
}

const validate = (values: ResetValues) => validateResetPassword(values.new_password, values.confirm_password);

export const RESET_FAILED = 'Failed to reset password. Please try again.';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** The server refused the link itself (used, expired or unknown): a new one is needed. */
  onInvalidLink: () => void;
}

export function ResetPasswordForm({ token, onDone, onInvalidLink }: ResetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    defaultValues: { new_password: '', confirm_password: '' },
    resolver: validatorResolver(validate),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword({ token, ...values });
      toast.success('Password reset successfully!');
      onDone();
    } catch (error) {
      const body = error instanceof ApiError ? error.body : undefined;
      const fromServer =
        body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
          ? (body as { error: string }).error
          : undefined;
      // A network failure keeps the shared message; any refusal shows the server's error, else ours.
      toast.error(error instanceof ApiError && error.status === undefined ? error.message : (fromServer ?? RESET_FAILED));
      // Typing another password cannot help with a link that no longer works: offer a new one.
      if (fieldErrorsOf(body)?.token) onInvalidLink();
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <fieldset disabled={isSubmitting} className="auth-fieldset">
        <FormField
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          hint="Must be at least 8 characters with uppercase, lowercase, and numbers"
          {...register('new_password')}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <button type="submit" className="btn btn-primary btn-block">
          {isSubmitting ? 'Resetting Password...' : 'Reset Password'}
        </button>
      </fieldset>
    </form>
  );
}
