import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { AuthGuard } from './guards/auth-guard.tsx';
import { CompletenessGuard } from './guards/completeness-guard.tsx';
import { AppProviders } from './providers.tsx';
import { AppShell } from './routes/app-shell.tsx';
import { SigninRoute, SignupRoute, ForgotPasswordRoute, ResetPasswordRoute } from './routes/auth-routes.tsx';

// Screens past sign-in load on demand, so the sign-in page stays light.
const lazyRoute = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});
const home = lazyRoute(() => import('./routes/home.tsx').then((m) => ({ default: m.HomeRoute })));
const profileView = lazyRoute(() => import('./routes/profile-view.tsx').then((m) => ({ default: m.ProfileViewRoute })));
const ownProfile = lazyRoute(() => import('./routes/own-profile.tsx').then((m) => ({ default: m.OwnProfileRoute })));
const profileEdit = lazyRoute(() => import('./routes/profile-edit.tsx'));
const credits = lazyRoute(() => import('./routes/credits.tsx').then((m) => ({ default: m.CreditsRoute })));
const privacy = lazyRoute(() => import('./routes/legal-routes.tsx').then((m) => ({ default: m.PrivacyRoute })));
const terms = lazyRoute(() => import('./routes/legal-routes.tsx').then((m) => ({ default: m.TermsRoute })));

function Root() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: paths.signin, element: <SigninRoute /> },
      { path: paths.signup, element: <SignupRoute /> },
      { path: paths.forgotPassword, element: <ForgotPasswordRoute /> },
      { path: paths.resetPassword, element: <ResetPasswordRoute /> },
      { path: paths.privacy, lazy: privacy },
      { path: paths.terms, lazy: terms },
      {
        element: <AuthGuard />,
        children: [
          {
            element: <CompletenessGuard />,
            children: [
              { path: paths.profileEdit, lazy: profileEdit },
              {
                element: <AppShell />,
                children: [
                  { path: paths.home, lazy: home },
                  { path: paths.profileViewPattern, lazy: profileView },
                  { path: paths.profile, lazy: ownProfile },
                  { path: paths.likes, lazy: lazyRoute(() => import('./routes/likes.tsx').then((m) => ({ default: m.LikesRoute }))) },
                  { path: paths.matches, lazy: lazyRoute(() => import('./routes/matches.tsx').then((m) => ({ default: m.MatchesRoute }))) },
                  { path: paths.chatPattern, lazy: lazyRoute(() => import('./routes/chat.tsx').then((m) => ({ default: m.ChatRoute }))) },
                  { path: paths.credits, lazy: credits },
                ],
              },
            ],
          },
        ],
      },
      { path: paths.root, element: <Navigate to={paths.home} replace /> },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
]);
