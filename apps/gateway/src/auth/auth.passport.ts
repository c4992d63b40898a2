import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { type UsersService } from '../users/users.service';
import { type AuthUser } from '../users/users.util';

/**
 * Injection token of this app's Passport instance. Each app gets its own `new Authenticator()`
 * instead of Passport's process-wide singleton, so two apps in one process (tests) never share
 * strategies or serializers. Other strategies (Google, Apple) register on the same instance.
 */
export const AUTHENTICATOR = Symbol('AUTHENTICATOR');

export type Authenticator = InstanceType<typeof passport.Authenticator>;

/**
 * Sessions hold the user id only; every request reloads the user (balances change between
 * requests), and a deleted account simply signs the session out.
 */
export function createAuthenticator(users: UsersService): Authenticator {
  const authenticator = new passport.Authenticator();

  authenticator.serializeUser((user, done) => done(null, (user as AuthUser).id));
  authenticator.deserializeUser((id: unknown, done) => {
    if (typeof id !== 'number') return done(null, false);
    users.findById(id).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  });

  // Username and password from the body that AuthController has already validated (LoginDto).
  authenticator.use(
    'local',
    new LocalStrategy(
      { usernameField: 'username', passwordField: 'password', session: false },
      (username, password, done) => {
        users.verifyCredentials(username.trim(), password).then(
          (user) => done(null, user ?? false),
          (error: unknown) => done(error),
        );
      },
    ),
  );

  return authenticator;
}
