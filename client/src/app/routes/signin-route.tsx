/** The sign-in screen (its own chunk: a signed-in first visit never loads the form code). */
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { SigninForm } from '@/features/auth/components/signin-form.tsx';

export function SigninRoute() {
  return (
    <AuthLayout
      title="Welcome back"
      subtitle={<p>View, like and match without restrictions. You only pay a small fee to chat with a match.</p>}
    >
      <SigninForm />
    </AuthLayout>
  );
}
