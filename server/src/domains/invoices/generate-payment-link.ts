import { invoiceIdInput, paymentLinkOutput } from '#shared/schemas/invoices.js';
import { AppError, notFound } from '../../errors.js';
import { paymentProviderOf, PaymentProviderError } from '../../services/payments/payments.js';
import { permitted } from '../../trpc/procedures.js';
import { findInvoice } from './invoices.repository.js';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured: ask an administrator to set up the payment provider';

/**
 * "Generate Link" (the spec's generate-airwallex-payment-link with the invoice's id, amount,
 * number and a description): a single-use link for the invoice's amount, made by the payment
 * provider on behalf of the company's account (Settings), else the configured one; stored on the
 * invoice. The link's metadata names the invoice and its company, so the payment webhook finds it.
 * Paid and void invoices take no link. The provider's call is bounded (10 s) and idempotent per invoice.
 */
export const generatePaymentLinkProcedure = permitted('invoices', 'write')
  .input(invoiceIdInput)
  .output(paymentLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const invoice = await findInvoice(ctx.db, ctx.scope, input.id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status === 'paid' || invoice.status === 'void') {
      throw new AppError('CONFLICT', `A ${invoice.status} invoice takes no payment link`);
    }
    if (invoice.paymentLink) return { id: invoice.id, paymentLink: invoice.paymentLink };
    const provider = paymentProviderOf(ctx.services.config);
    if (!provider) throw new AppError('PRECONDITION_FAILED', PAYMENTS_NOT_CONFIGURED);
    const company = await ctx.db
      .selectFrom('companies')
      .select(['companies.airwallexAccountId', 'companies.name'])
      .where('companies.id', '=', ctx.scope.companyId)
      .executeTakeFirst();
    const lane = invoice.loadNumber ? ` for load ${invoice.loadNumber} (${invoice.pickupCity} to ${invoice.deliveryCity})` : '';
    try {
      const link = await provider.createPaymentLink({
        requestId: `${invoice.id}-link`,
        amount: invoice.amount,
        currency: 'USD',
        title: `${company?.name ?? 'Invoice'} ${invoice.invoiceNumber}`,
        reference: invoice.invoiceNumber,
        description: `Invoice ${invoice.invoiceNumber}${lane}`,
        metadata: { invoice_id: invoice.id, company_id: ctx.scope.companyId },
        accountId: company?.airwallexAccountId ?? ctx.services.config.AIRWALLEX_ACCOUNT_ID ?? null,
      });
      await ctx.db
        .updateTable('invoices')
        .set({ airwallexPaymentLink: link.url, paymentLinkId: link.id })
        .where('invoices.id', '=', invoice.id)
        .where('invoices.companyId', '=', ctx.scope.companyId)
        .execute();
      return { id: invoice.id, paymentLink: link.url };
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        ctx.services.log.warn(`payment link for invoice ${invoice.id}: ${error.message}`);
        throw new AppError('SERVICE_UNAVAILABLE', 'The payment provider is not available. Please try again in a moment.');
      }
      throw error;
    }
  });
