// A request that got no answer, or a 5xx (which a gateway answers while the service may still be at
// work), may have taken effect: both the lease (lease/unanswered-writes.ts) and the GitHub client's
// retries (github-client/unanswered-attempts.ts) must treat such a write as possibly landed.

/** `inner` (default: the global fetch), calling `onUnanswered` when a request gets no answer or a 5xx. */
export function noteUnanswered(inner: typeof fetch | undefined, onUnanswered: () => void): typeof fetch {
  return async (input, init) => {
    try {
      const response = await (inner ?? fetch)(input, init);
      if (response.status >= 500) onUnanswered();
      return response;
    } catch (error) {
      onUnanswered();
      throw error;
    }
  };
}
