/**
 * A package loaded on its first use, then kept. Stripe, ACME, S3, SMTP, PDF, passkeys, two-step
 * QR codes and the backups' encryption are needed by some requests or some deployments only, yet
 * imported up front they cost every start about 0.6 CPU-seconds of the server's 1.1 (over a thousand
 * modules): the container's start and each of the test suite's few hundred servers (issue 31,
 * decision 136). A package that fails to load fails the same way at each use.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}
