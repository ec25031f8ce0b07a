import { PAYMENT_MESSAGES } from '@pgel/shared/commerce/payments';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LOGIN_MESSAGES,
  LOGOUT_MESSAGES,
  LoginResponseSchema,
  LoginSchema,
  ResetPasswordSchema,
  VERIFY_MESSAGES,
} from '@pgel/shared/schemas/auth';
import { ErrorResponseSchema, MessageResponseSchema } from '@pgel/shared/schemas/common';
import { SessionUserResponseSchema } from '@pgel/shared/schemas/session-user';
import { SIGNUP_MESSAGES, SignupSchema, SponsorResponseSchema } from '@pgel/shared/schemas/signup';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clearSessionCookie,
  requireActor,
  type SessionSettings,
  setSessionCookie,
} from '../../platform/session';
import type { VerifyPage } from './auth.mail';
import type { AuthService } from './auth.service';
import { LOGIN_THROTTLE_WINDOW_MS } from './login-throttle';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
// Any string is accepted as a token; one that is not ours is simply an invalid link (400).
const TokenParams = z.object({
  token: z
    .string({ error: VERIFY_MESSAGES.invalidLink })
    .min(1, { error: VERIFY_MESSAGES.invalidLink })
    .max(500, { error: VERIFY_MESSAGES.invalidLink }),
});

/** Checks the session before the body is validated, so a signed-out caller gets 401, not 400. */
async function authenticated(request: FastifyRequest) {
  requireActor(request);
}

function meta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** `/api/v1/auth/*`: thin handlers; the rules are in AuthService. */
export function authRoutes(service: AuthService, sessionSettings: SessionSettings): FastifyPluginAsyncZod {
  return async (app) => {
    for (const kind of ['student', 'staff'] as const) {
      app.post(
        kind === 'student' ? '/login' : '/staff-login',
        {
          // A refused sign-in (429) asks for the wait its message names: the throttle's window.
          config: { retryAfterSeconds: LOGIN_THROTTLE_WINDOW_MS / 1000 },
          schema: {
            tags: ['auth'],
            summary: kind === 'student' ? 'Student login' : 'Faculty (staff) login',
            body: LoginSchema,
            response: { 200: LoginResponseSchema, ...errors },
          },
        },
        async (request, reply) => {
          const { token, user } = await service.login(kind, request.body, meta(request));
          setSessionCookie(reply, sessionSettings, token, request.body.remember === true);
          // A student who has not bought a package is told so; the page then opens /cart (issue 13).
          const unpaid = user.role === null && !user.paid;
          return { message: unpaid ? PAYMENT_MESSAGES.loginPaymentPending : LOGIN_MESSAGES.success, user };
        },
      );
    }

    app.post(
      '/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          response: { 200: MessageResponseSchema },
        },
      },
      async (request, reply) => {
        await service.logout(request.actor, meta(request));
        clearSessionCookie(reply, sessionSettings);
        return { message: LOGOUT_MESSAGES.text };
      },
    );

    app.get(
      '/me',
      {
        onRequest: authenticated,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: SessionUserResponseSchema, 401: ErrorResponseSchema },
        },
      },
      async (request) => ({ user: await service.requireSessionUser(requireActor(request).id) }),
    );

    app.post(
      '/signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Student registration; mails a verification link',
          body: SignupSchema,
          response: { 201: MessageResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        await service.signup(request.body, meta(request));
        return reply.status(201).send({ message: SIGNUP_MESSAGES.success });
      },
    );

    app.get(
      '/sponsors/:referralId',
      {
        schema: {
          tags: ['auth'],
          summary: "A sponsor's name by referral id (checked live at sign-up)",
          params: z.object({
            referralId: z.string().regex(/^[A-Za-z0-9]{9}$/, { error: SIGNUP_MESSAGES.referral }),
          }),
          response: { 200: SponsorResponseSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => ({ name: await service.findSponsorName(request.params.referralId) }),
    );

    const verifyRoutes: Array<[string, VerifyPage]> = [
      ['/verify/:token', 'verify'],
      ['/verify-staff/:token', 'verifyStaff'],
      ['/verify-drpc/:token', 'verifyDRPC'],
    ];
    for (const [url, page] of verifyRoutes) {
      app.post(
        url,
        {
          schema: {
            tags: ['auth'],
            summary: `Consume an e-mail verification link (${page})`,
            params: TokenParams,
            response: { 200: MessageResponseSchema, 400: ErrorResponseSchema },
          },
        },
        async (request) => ({
          message: await service.verifyEmail(page, request.params.token, meta(request)),
        }),
      );
    }

    app.post(
      '/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link (same answer whether or not the address exists)',
          body: ForgotPasswordSchema,
          response: { 200: MessageResponseSchema, 400: ErrorResponseSchema },
        },
      },
      async (request) => ({ message: await service.forgotPassword(request.body.email, meta(request)) }),
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password from a reset link; signs out every session',
          body: ResetPasswordSchema,
          response: { 200: MessageResponseSchema, 400: ErrorResponseSchema },
        },
      },
      async (request) => ({ message: await service.resetPassword(request.body, meta(request)) }),
    );

    app.post(
      '/change-password',
      {
        onRequest: authenticated,
        schema: {
          tags: ['auth'],
          summary: 'Change the signed-in user’s password',
          body: ChangePasswordSchema,
          response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
        },
      },
      async (request) => ({
        message: await service.changePassword(requireActor(request), request.body, meta(request)),
      }),
    );
  };
}
