/** The files a rate con may be (what the server reads): no imports, so the loads page's first chunk stays light. */
export const RATE_CON_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const isRateConFile = (file: File) =>
  /\.(pdf|jpe?g|png)$/i.test(file.name) || ['application/pdf', 'image/jpeg', 'image/png'].includes(file.type);
