import { AuthScreen } from '@/features/auth/components/auth-screen';

/** /auth and /reset-password: login, register, forgot-password and reset-password (spec §2). */
export function AuthRoute() {
  return <AuthScreen />;
}
