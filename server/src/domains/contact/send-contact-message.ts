import { z } from 'zod';
import { contactInput } from '#shared/schemas/auth.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';

/** Line breaks (CR, LF, and the Unicode line and paragraph separators) become one space. */
export const oneLine = (text: string) => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

const CONTACT_LIMIT = { limit: 5, windowSeconds: 3600 } as const;

/**
 * The spec's send-contact-email: the message is stored and mailed to CONTACT_INBOX in one
 * transaction (the mail leaves after commit, through the job queue when a provider is set).
 * Five messages an hour per address.
 */
export const sendContactMessageProcedure = permitted({ public: "the public site's contact form, rate-limited per address" })
  .input(contactInput)
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const allowed = await hitRateLimit(ctx.db, `contact:ip:${ctx.request.ip}`, CONTACT_LIMIT.limit, CONTACT_LIMIT.windowSeconds);
    if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many messages from this network. Please try again later.');
    // A filled honeypot is a bot: answer as if sent, store nothing.
    if (input.website) return { success: true as const };
    // A subject is one header line: CR or LF would let a visitor start headers of their own.
    const subject = oneLine(input.subject);
    await ctx.db
      .insertInto('contactMessages')
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject,
        message: input.message,
        ip: ctx.request.ip,
      })
      .execute();
    await ctx.services.mailer.send(ctx.db, {
      channel: 'email',
      to: ctx.services.config.CONTACT_INBOX,
      subject: `[Contact] ${subject}`,
      text: [`From: ${input.name} <${input.email}>`, input.phone ? `Phone: ${input.phone}` : null, '', input.message]
        .filter((line) => line !== null)
        .join('\n'),
    });
    return { success: true as const };
  });
