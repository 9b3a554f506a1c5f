import { z } from 'zod';
import { contactInput } from '#shared/schemas/auth.js';
import { AppError } from '../errors.js';
import { publicProcedure, router } from '../trpc/procedures.js';

const CONTACT_LIMIT = { limit: 5, windowSeconds: 3600 } as const;

export const contactRouter = router({
  /** The spec's send-contact-email: stored, then mailed to CONTACT_INBOX. */
  send: publicProcedure
    .input(contactInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const allowed = await ctx.services.rateLimiter.hit(`contact:ip:${ctx.request.ip}`, CONTACT_LIMIT.limit, CONTACT_LIMIT.windowSeconds);
      if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many messages from this network. Please try again later.');
      // A filled honeypot is a bot: answer as if sent, store nothing.
      if (input.website) return { success: true as const };
      await ctx.services.db
        .insertInto('contactMessages')
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          subject: input.subject,
          message: input.message,
          ip: ctx.request.ip,
        })
        .execute();
      const delivery = await ctx.services.mailer.send({
        channel: 'email',
        to: ctx.services.config.CONTACT_INBOX,
        subject: `[Contact] ${input.subject}`,
        text: [`From: ${input.name} <${input.email}>`, input.phone ? `Phone: ${input.phone}` : null, '', input.message]
          .filter((line) => line !== null)
          .join('\n'),
      });
      if (delivery.status === 'failed') {
        ctx.services.log.warn(`contact message stored but not delivered: ${delivery.error ?? 'unknown'}`);
      }
      return { success: true as const };
    }),
});
