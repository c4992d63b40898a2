import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type AuthProvider, NEW_USER_DEFAULTS, SERVER_MESSAGES } from '@council/contracts';
import { UserEntity, entityColumnsSql, preparedQuery } from '@council/db';
import { DomainException } from '@council/server-kit';
import { hash, needsRehash, verify } from 'argon2';
import { QueryFailedError, Repository } from 'typeorm';
import {
  PASSWORD_HASH_OPTIONS,
  UNIQUE_VIOLATION,
  UNUSABLE_PASSWORD_PREFIX,
  USER_CONSTRAINTS,
  USERNAME_GENERATION_ATTEMPTS,
} from './users.constants';
import {
  type AuthUser,
  type ProviderProfile,
  normalizeEmail,
  toAuthUser,
  usernameBase,
  usernameCandidate,
} from './users.util';

export interface NewLocalUser {
  username: string;
  password: string;
  email: string;
  name?: string | null;
}

/** The account a reset token was stored on, for the e-mail. */
export interface ResetRecipient {
  id: number;
  username: string;
  name: string | null;
  email: string;
}

/** The balance columns GET /api/user reads fresh, from one snapshot. */
export interface AccountBalance {
  tokensLeft: number;
  /** The purchased part of tokensLeft (DECISIONS 24). */
  purchasedTokens: number;
  reservedTokens: number;
}

/** The constraint a failed INSERT/UPDATE broke with a unique violation, if that is what happened. */
function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION ? (driverError.constraint ?? '') : null;
}

/**
 * Accounts: the only code that reads or writes the users table's identity and password columns.
 * Nothing it returns carries the password hash or the reset token (AuthUser).
 */
@Injectable()
export class UsersService {
  private byIdSql: string | null = null;

  private readonly logger = new Logger(UsersService.name);
  /** Verified against when there is no real hash, so a miss costs what a hit costs. */
  private dummyHash: Promise<string> | null = null;

  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  hashPassword(password: string): Promise<string> {
    return hash(password, PASSWORD_HASH_OPTIONS);
  }

  /**
   * Creates a local account with the spec's new-user defaults. A taken username or e-mail is a 409
   * whose message the web's §8 rules map to the right toast; the unique constraints decide, so two
   * racing registrations of one name give one 201 and one 409, never a 500.
   */
  async createLocal(input: NewLocalUser): Promise<AuthUser> {
    const passwordHash = await this.hashPassword(input.password);
    try {
      const saved = await this.users.save(
        this.users.create({
          username: input.username,
          password: passwordHash,
          email: normalizeEmail(input.email),
          name: input.name ?? null,
          authProvider: 'local',
          providerId: null,
          ...NEW_USER_DEFAULTS,
        }),
      );
      return toAuthUser(saved);
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === USER_CONSTRAINTS.username) {
        throw new DomainException('CONFLICT', SERVER_MESSAGES.usernameTaken);
      }
      if (constraint === USER_CONSTRAINTS.email) {
        throw new DomainException('CONFLICT', SERVER_MESSAGES.emailTaken);
      }
      throw error;
    }
  }

  /** Every signed-in request reloads its user here, so it is a prepared statement. */
  async findById(id: number): Promise<AuthUser | null> {
    this.byIdSql ??= `SELECT ${entityColumnsSql(this.users.manager.connection, UserEntity)} FROM "users" WHERE "id" = $1`;
    const {
      rows: [row],
    } = await preparedQuery<UserEntity>(this.users.manager.connection, this.byIdSql, [id]);
    return row ? toAuthUser(this.users.create(row)) : null;
  }

  /**
   * The spendable balance, its purchased part and what the user's running questions hold
   * (reservations not released yet), read in one statement so all come from one snapshot: a release
   * between two reads would show neither the hold nor the tokens it gave back. Billing writes them;
   * this only reads.
   */
  async balance(userId: number): Promise<AccountBalance | null> {
    const {
      rows: [row],
    } = await preparedQuery<AccountBalance>(
      this.users.manager.connection,
      `SELECT u."tokensLeft", u."purchasedTokens",
              COALESCE((SELECT SUM(r."heldMonthly" + r."heldFree" + r."heldPurchased")
                          FROM "token_reservations" r
                         WHERE r."userId" = u."id" AND r."releasedAt" IS NULL), 0)::integer AS "reservedTokens"
         FROM "users" u WHERE u."id" = $1`,
      [userId],
    );
    return row ?? null;
  }

  /** Usernames are matched exactly, as the unique constraint compares them. */
  async findByUsername(username: string): Promise<AuthUser | null> {
    const user = await this.users.findOneBy({ username });
    return user ? toAuthUser(user) : null;
  }

  async findByEmail(email: string): Promise<AuthUser | null> {
    const user = await this.users.findOneBy({ email: normalizeEmail(email) });
    return user ? toAuthUser(user) : null;
  }

  /**
   * The account whose password this is, or null. An unknown username, an external-sign-in account
   * and a wrong password all cost one argon2 verification, so timing does not tell them apart.
   * A hash made with older parameters is upgraded on the way.
   */
  async verifyCredentials(username: string, password: string): Promise<AuthUser | null> {
    const user = await this.users.findOneBy({ username });
    const usable = user !== null && !user.password.startsWith(UNUSABLE_PASSWORD_PREFIX);
    const stored = usable ? user.password : await this.getDummyHash();
    const matches = await verify(stored, password).catch(() => false);
    if (!user || !usable || !matches) return null;
    if (needsRehash(user.password, PASSWORD_HASH_OPTIONS)) {
      await this.users.update({ id: user.id }, { password: await this.hashPassword(password) });
    }
    return toAuthUser(user);
  }

  /**
   * Stores a reset token's hash on the account with this e-mail, if there is one. One UPDATE either
   * way, so an unknown address costs the same round trip as a known one.
   */
  async storeResetToken(email: string, tokenHash: string, expires: Date): Promise<ResetRecipient | null> {
    const rows = (await this.users.query(
      `UPDATE "users" SET "resetPasswordToken" = $1, "resetPasswordExpires" = $2, "updatedAt" = now()
        WHERE "email" = $3
        RETURNING "id", "username", "name", "email"`,
      [tokenHash, expires, normalizeEmail(email)],
    )) as [Array<{ id: number; username: string; name: string | null; email: string }>, number];
    return rows[0][0] ?? null;
  }

  /** Whether a current (unused, unexpired) reset token has this hash: a cheap check before hashing. */
  async hasCurrentResetToken(tokenHash: string): Promise<boolean> {
    const rows = (await this.users.query(
      `SELECT 1 FROM "users" WHERE "resetPasswordToken" = $1 AND "resetPasswordExpires" > now()`,
      [tokenHash],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * Sets the new password and clears the token in one statement, if the token is current: a token
   * works once, even when two requests race with it. Returns the account, or null.
   */
  async resetPasswordWithToken(tokenHash: string, passwordHash: string): Promise<AuthUser | null> {
    const rows = (await this.users.query(
      `UPDATE "users"
          SET "password" = $2, "resetPasswordToken" = NULL, "resetPasswordExpires" = NULL, "updatedAt" = now()
        WHERE "resetPasswordToken" = $1 AND "resetPasswordExpires" > now()
        RETURNING "id"`,
      [tokenHash, passwordHash],
    )) as [Array<{ id: number }>, number];
    const id = rows[0][0]?.id;
    return id === undefined ? null : this.findById(id);
  }

  /**
   * The account linked to an external sign-in (Google, Apple), created on first sign-in with a unique
   * username derived from the profile. Accounts are linked only by (provider, subject): an e-mail
   * that already belongs to another account is not stored on the new one (and never links them),
   * so nobody can pre-register a victim's address to capture their later external sign-in.
   */
  async findOrCreateByProvider(
    provider: Exclude<AuthProvider, 'local'>,
    subject: string,
    profile: ProviderProfile,
  ): Promise<AuthUser> {
    const existing = await this.users.findOneBy({ authProvider: provider, providerId: subject });
    if (existing) return toAuthUser(existing);

    let email = profile.email && profile.emailVerified ? normalizeEmail(profile.email) : null;
    if (email && (await this.users.existsBy({ email }))) email = null;
    const base = usernameBase(profile);
    const password = `${UNUSABLE_PASSWORD_PREFIX}${randomBytes(24).toString('base64url')}`;

    for (let attempt = 0; attempt < USERNAME_GENERATION_ATTEMPTS; attempt += 1) {
      try {
        const saved = await this.users.save(
          this.users.create({
            username: usernameCandidate(base, attempt),
            password,
            email,
            name: profile.name?.trim() || null,
            authProvider: provider,
            providerId: subject,
            ...NEW_USER_DEFAULTS,
          }),
        );
        return toAuthUser(saved);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === USER_CONSTRAINTS.username) continue;
        if (constraint === USER_CONSTRAINTS.email) {
          email = null;
          continue;
        }
        if (constraint === USER_CONSTRAINTS.provider) {
          // A parallel first sign-in of the same person created it a moment ago.
          const raced = await this.users.findOneBy({ authProvider: provider, providerId: subject });
          if (raced) return toAuthUser(raced);
        }
        throw error;
      }
    }
    this.logger.error(
      `No free username for a new ${provider} account after ${USERNAME_GENERATION_ATTEMPTS} attempts`,
    );
    throw new DomainException('CONFLICT', SERVER_MESSAGES.usernameTaken);
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hashPassword(randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
