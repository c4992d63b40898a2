// The account calls of spec §7. Each rejects with an ApiError ("<status>: <body>") on a non-OK answer,
// or with fetch's TypeError when the server cannot be reached; the hooks turn both into §8 toasts.
import {
  type ForgotPasswordDto,
  type LoginDto,
  type MessageReply,
  type RegisterDto,
  type ResetPasswordDto,
  type SessionUser,
} from '@council/contracts';
import { api } from '@/lib/api-client';

/** Plain request bodies: the form values without the DTO class around them. */
export type LoginInput = Pick<LoginDto, 'username' | 'password' | 'rememberMe'>;
export type RegisterInput = Pick<RegisterDto, 'username' | 'password' | 'email' | 'name'>;
export type ForgotPasswordInput = Pick<ForgotPasswordDto, 'email'>;
export type ResetPasswordInput = Pick<ResetPasswordDto, 'token' | 'password'>;

export const loginRequest = ({ username, password, rememberMe }: LoginInput): Promise<SessionUser> =>
  api.post<SessionUser>('/api/login', { username, password, rememberMe: rememberMe ?? false });

export const registerRequest = ({ username, password, email, name }: RegisterInput): Promise<SessionUser> =>
  api.post<SessionUser>(
    '/api/register',
    name ? { username, password, email, name } : { username, password, email },
  );

export const logoutRequest = (): Promise<unknown> => api.post<unknown>('/api/logout');

export const forgotPasswordRequest = ({ email }: ForgotPasswordInput): Promise<MessageReply | undefined> =>
  api.post<MessageReply | undefined>('/api/forgot-password', { email });

export const resetPasswordRequest = ({
  token,
  password,
}: ResetPasswordInput): Promise<MessageReply | undefined> =>
  api.post<MessageReply | undefined>('/api/reset-password', { token, password });
