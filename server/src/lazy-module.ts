/**
 * A library loaded on first use, once. The heavy ones a request only sometimes needs (PDF, QR,
 * OCR, zip, S3, Web Push, file sniffing: about 220 ms of module loading together) stay out of the
 * server's start; a failed load is tried again on the next use.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
