// Incoming webhooks (Slack's, Teams'), as a notify-url reaches them: a JSON POST answered 200 `ok`,
// kept in order so a test reads what was posted. Part of the control API: no auth, no faults.
// Slack answers `ok` as text (https://api.slack.com/messaging/webhooks); a body that is not a JSON
// object with a `text` field is refused 400 as Slack does (`no_text`), so a post Slack would drop fails here too.

import { HttpError, type Route, route } from './http-server.js';

/** One post a webhook received: its name (the last path segment) and the JSON body. */
export interface ReceivedWebhook {
  name: string;
  body: Record<string, unknown>;
}

export interface WebhookSink {
  routes: Route[];
  /** Every post received, oldest first. */
  received(): ReceivedWebhook[];
}

/** Webhooks under `<controlUrl>/webhooks/:name`; `GET <controlUrl>/webhooks` lists what was posted. */
export function webhookSink(): WebhookSink {
  const posts: ReceivedWebhook[] = [];
  return {
    received: () => posts.map((post) => structuredClone(post)),
    routes: [
      route('POST', '/webhooks/:name', (req) => {
        const body = req.body;
        if (!body || typeof body !== 'object' || Array.isArray(body) || typeof (body as { text?: unknown }).text !== 'string') {
          throw new HttpError(400, 'no_text');
        }
        posts.push({ name: req.params.name ?? '', body: body as Record<string, unknown> });
        return { status: 200, text: 'ok', headers: { 'content-type': 'text/plain' } };
      }),
      route('GET', '/webhooks', () => ({ status: 200, body: posts })),
    ],
  };
}
