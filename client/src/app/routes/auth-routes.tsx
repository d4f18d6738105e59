/**
 * The account screens reached from /signin: sign up, forgot password, reset password (the
 * sign-in screen is signin-route.tsx). Loaded on demand, like every screen.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { paths } from '@/config/paths.ts';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form.tsx';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form.tsx';
import { SignupForm } from '@/features/auth/components/signup-form.tsx';

export const RESET_REDIRECT_MS = 2000;

export function SignupRoute() {
  return (
    <AuthLayout title="Create your account" subtitle={<p>Join Betroth to meet people looking for a lasting partnership.</p>}>
      <SignupForm />
    </AuthLayout>
  );
}

export function ForgotPasswordRoute() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) {
    return (
      <AuthLayout title="Check Your Email">
        <div className="auth-panel" role="status">
          <p>
            If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your password. The link works once and expires
            soon.
          </p>
          <Link to={paths.signin} className="btn btn-primary btn-block">
            Back to Sign In
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Forgot your password?" subtitle={<p>Enter your email and we will send you a reset link.</p>}>
      <ForgotPasswordForm onSent={setSentTo} />
    </AuthLayout>
  );
}

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  const [linkRefused, setLinkRefused] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.signin, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token || linkRefused) {
    return (
      <AuthLayout title="Invalid Reset Link">
        <div className="auth-panel">
          <p>This password reset link is invalid or has expired. Please request a new one.</p>
          <Link to={paths.forgotPassword} className="btn btn-primary btn-block">
            Request New Link
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (done) {
    return (
      <AuthLayout title="Password Reset Successfully!">
        <div className="auth-panel" role="status">
          <p>You can now sign in with your new password. Taking you to sign in...</p>
          <Link to={paths.signin} className="btn btn-primary btn-block">
            Back to Sign In
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Set a new password">
      <ResetPasswordForm token={token} onDone={() => setDone(true)} onInvalidLink={() => setLinkRefused(true)} />
    </AuthLayout>
  );
}
