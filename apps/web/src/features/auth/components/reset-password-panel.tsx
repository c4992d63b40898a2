import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import {
  AUTH_QUERY_PARAMS,
  AUTH_SCREEN,
  FORGOT_PASSWORD_PATH,
  REDIRECT_AFTER_RESET_MS,
  ROUTE_PATHS,
  ResetPasswordFormDto,
} from '@council/contracts';
import { CircleCheck, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { asyncHandler } from '@/lib/async-handler';
import { useResetPassword } from '../hooks/use-reset-password';
import { AuthField } from './auth-field';
import { AuthHeader } from './auth-header';

const resolver = classValidatorResolver(ResetPasswordFormDto);

function InvalidResetLink() {
  const text = AUTH_SCREEN.invalidResetLink;
  return (
    <div className="grid gap-6">
      <AuthHeader icon={<ShieldAlert />} title={text.title} description={text.description} />
      <div className="grid gap-2">
        <Button asChild size="lg" className="w-full">
          <Link to={ROUTE_PATHS.auth}>{text.backToLogin}</Link>
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to={FORGOT_PASSWORD_PATH}>{text.requestNew}</Link>
        </Button>
      </div>
    </div>
  );
}

function ResetComplete() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(ROUTE_PATHS.auth, { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  const text = AUTH_SCREEN.resetComplete;
  return (
    <div className="grid gap-6" role="status">
      <AuthHeader icon={<CircleCheck />} title={text.title} description={text.description} />
      <Button asChild size="lg" className="w-full">
        <Link to={ROUTE_PATHS.auth} replace>
          {text.signIn}
        </Link>
      </Button>
    </div>
  );
}

function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormDto>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const text = AUTH_SCREEN.resetPassword;

  const onSubmit = handleSubmit(({ password }) => {
    resetPassword.mutate({ token, password }, { onSuccess: onDone });
  });

  return (
    <div className="grid gap-6">
      <AuthHeader title={text.title} description={text.description} />
      <form noValidate onSubmit={asyncHandler(onSubmit)} className="grid gap-4">
        <AuthField
          label={AUTH_SCREEN.fields.newPassword}
          type="password"
          autoComplete="new-password"
          registration={register('password', { deps: ['confirmPassword'] })}
          error={errors.password?.message}
        />
        <AuthField
          label={AUTH_SCREEN.fields.confirmPassword}
          type="password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? text.pending : text.submit}
        </Button>
      </form>
    </div>
  );
}

/**
 * Reset mode (spec §2): reads the token from the query string. Without one: "Invalid Reset Link".
 * With one: the form, then "Password Reset Complete" and /auth after REDIRECT_AFTER_RESET_MS.
 */
export function ResetPasswordPanel() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get(AUTH_QUERY_PARAMS.token) ?? '';
  const [done, setDone] = useState(false);

  if (done) return <ResetComplete />;
  if (!token) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} onDone={() => setDone(true)} />;
}
