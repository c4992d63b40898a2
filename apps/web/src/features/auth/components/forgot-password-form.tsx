import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { AUTH_SCREEN, ForgotPasswordDto, ROUTE_PATHS } from '@council/contracts';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { asyncHandler } from '@/lib/async-handler';
import { useForgotPassword } from '../hooks/use-forgot-password';
import { AuthField } from './auth-field';
import { AuthHeader } from './auth-header';

const resolver = classValidatorResolver(ForgotPasswordDto);

function BackToLogin({ label }: { label: string }) {
  return (
    <Button asChild variant="ghost" className="w-full">
      <Link to={ROUTE_PATHS.auth}>
        <ArrowLeft aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}

/** Forgot-password mode (spec §2): the form, then "Check Your Email" once the request succeeds. */
export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ForgotPasswordDto>({ resolver, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => {
    forgotPassword.mutate({ email }, { onSuccess: () => setSentTo(email) });
  });

  if (sentTo !== null) {
    const text = AUTH_SCREEN.checkEmail;
    return (
      <div className="grid gap-6">
        <AuthHeader icon={<MailCheck />} title={text.title} description={text.description(sentTo)} />
        <div className="grid gap-2">
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              reset({ email: '' });
              setSentTo(null);
            }}
          >
            {text.tryAgain}
          </Button>
          <BackToLogin label={text.backToLogin} />
        </div>
      </div>
    );
  }

  const text = AUTH_SCREEN.forgotPassword;
  return (
    <div className="grid gap-6">
      <AuthHeader title={text.title} description={text.description} />
      <form noValidate onSubmit={asyncHandler(onSubmit)} className="grid gap-4">
        <AuthField
          label={AUTH_SCREEN.fields.email}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={forgotPassword.isPending}>
          {forgotPassword.isPending ? text.pending : text.submit}
        </Button>
      </form>
      <BackToLogin label={text.backToLogin} />
    </div>
  );
}
