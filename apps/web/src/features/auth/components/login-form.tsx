import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { AUTH_SCREEN, FORGOT_PASSWORD_PATH, LoginDto } from '@council/contracts';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { asyncHandler } from '@/lib/async-handler';
import { useLogin } from '../hooks/use-login';
import { authModePath } from '../utils/auth-location';
import { AuthField } from './auth-field';
import { AuthHeader } from './auth-header';
import { OAuthButtons } from './oauth-buttons';

export interface SignInFormProps {
  /** Where "Sign up" / "Sign in" keep the visitor going after the redirect. */
  returnTo: string;
  /** True just before the request, false again if it fails: the screen then waits for the user. */
  onSigningInChange: (signingIn: boolean) => void;
}

const resolver = classValidatorResolver(LoginDto);

/** Login mode (spec §2, §5): username, password, remember me, forgot-password link, Google and Apple. */
export function LoginForm({ returnTo, onSigningInChange }: SignInFormProps) {
  const login = useLogin();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginDto>({
    resolver,
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const text = AUTH_SCREEN.login;

  const onSubmit = handleSubmit(({ username, password, rememberMe }) => {
    onSigningInChange(true);
    login.mutate({ username, password, rememberMe }, { onError: () => onSigningInChange(false) });
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
          label={AUTH_SCREEN.fields.password}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
          labelAside={
            <Link
              to={FORGOT_PASSWORD_PATH}
              className="rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {text.forgotPassword}
            </Link>
          }
        />
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox
                id="remember-me"
                name={field.name}
                ref={field.ref}
                checked={field.value ?? false}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
              <Label htmlFor="remember-me" className="font-normal">
                {text.rememberMe}
              </Label>
            </div>
          )}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending}>
          {login.isPending ? text.pending : text.submit}
        </Button>
      </form>
      <OAuthButtons returnTo={returnTo} />
      <p className="text-center text-sm text-muted-foreground">
        {text.switchPrompt}{' '}
        <Link to={authModePath('register', returnTo)} className="font-medium text-primary hover:underline">
          {text.switchLink}
        </Link>
      </p>
    </div>
  );
}
