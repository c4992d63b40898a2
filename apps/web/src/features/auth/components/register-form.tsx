import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { AUTH_SCREEN, ROUTE_PATHS, RegisterDto } from '@council/contracts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { asyncHandler } from '@/lib/async-handler';
import { useRegister } from '../hooks/use-register';
import { authModePath } from '../utils/auth-location';
import { AuthField } from './auth-field';
import { AuthHeader } from './auth-header';
import { type SignInFormProps } from './login-form';
import { OAuthButtons } from './oauth-buttons';

const resolver = classValidatorResolver(RegisterDto);

const inlineLink = 'font-medium text-primary hover:underline';

/** Register mode (spec §2, §5): username, email, password (with its hint), optional name, terms. */
export function RegisterForm({ returnTo, onSigningInChange }: SignInFormProps) {
  const registerUser = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterDto>({
    resolver,
    defaultValues: { username: '', email: '', password: '', name: '' },
  });
  const text = AUTH_SCREEN.register;

  // The resolver hands over the DTO after its transforms: trimmed, and a blank name left out.
  const onSubmit = handleSubmit(({ username, email, password, name }) => {
    onSigningInChange(true);
    registerUser.mutate({ username, email, password, name }, { onError: () => onSigningInChange(false) });
  });

  return (
    <div className="grid gap-6">
      <AuthHeader title={text.title} description={text.description} />
      <form noValidate onSubmit={asyncHandler(onSubmit)} className="grid gap-4">
        <AuthField
          label={AUTH_SCREEN.fields.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          registration={register('username')}
          error={errors.username?.message}
        />
        <AuthField
          label={AUTH_SCREEN.fields.email}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <AuthField
          label={AUTH_SCREEN.fields.password}
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
          hint={text.passwordHint}
        />
        <AuthField
          label={AUTH_SCREEN.fields.name}
          optional
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <p className="text-xs leading-relaxed text-muted-foreground">
          {text.termsPrefix}{' '}
          <Link to={ROUTE_PATHS.terms} className={inlineLink}>
            {text.termsLink}
          </Link>{' '}
          {text.termsJoin}{' '}
          <Link to={ROUTE_PATHS.privacy} className={inlineLink}>
            {text.privacyLink}
          </Link>
          .
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={registerUser.isPending}>
          {registerUser.isPending ? text.pending : text.submit}
        </Button>
      </form>
      <OAuthButtons returnTo={returnTo} />
      <p className="text-center text-sm text-muted-foreground">
        {text.switchPrompt}{' '}
        <Link to={authModePath('login', returnTo)} className={inlineLink}>
          {text.switchLink}
        </Link>
      </p>
    </div>
  );
}
