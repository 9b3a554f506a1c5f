import { z } from 'zod';
import { paymentsStatusOutput } from '#shared/schemas/invoices.js';
import { paymentProviderOf } from '../../services/payments/payments.js';
import { permitted } from '../../trpc/procedures.js';

/** Whether "Generate Link" can work here: the payment provider's keys are configured. */
export const paymentsStatusProcedure = permitted('invoices', 'read')
  .input(z.undefined().optional())
  .output(paymentsStatusOutput)
  .query(({ ctx }) => ({ configured: paymentProviderOf(ctx.services.config) !== null }));
